import type { SectionSpec } from "#server/db/seed/catalog-types.ts";
import { adj, boolProp, colour, enumProp, numProp } from "#server/db/seed/property-pools.ts";

export const sport: SectionSpec = {
  key: "sport",
  name: "Спорт и отдых",
  intros: [
    (c) => `Снаряжение ${c.brand} проверено тренировками и походами.`,
    () => "Надёжная вещь для активного отдыха и регулярных тренировок.",
    (c) => `${c.brand} делает спорт доступным для всех.`,
  ],
  outros: [
    "Гарантия производителя распространяется на заводские дефекты.",
    "Подойдёт как для начинающих, так и для опытных спортсменов.",
    "Перед первым использованием ознакомьтесь с инструкцией.",
  ],
  children: [
    {
      name: "Фитнес",
      children: [
        {
          name: "Гантели",
          type: "Гантели",
          gender: "pl",
          price: [490, 14990],
          brands: ["torneo", "demix", "starfit", "bradex"],
          properties: [
            numProp("weight", "Вес", "кг", [1, 2, 3, 5, 8, 10, 15, 20], { premium: 0.7 }),
            enumProp("kind", "Тип", ["неразборные", "разборные"]),
            enumProp("coating", "Покрытие", [
              { value: "винил", phrase: "виниловые" },
              { value: "неопрен", phrase: "неопреновые" },
              { value: "хром", phrase: "хромированные" },
              { value: "резина", phrase: "обрезиненные" },
            ]),
            enumProp("count", "Количество в комплекте", ["1 шт.", "2 шт."], { premium: 0.3 }),
          ],
          titles: [
            (c) =>
              `Гантели ${c.v("kind")} ${c.brand} ${c.p("coating")}, ${c.n("count") === 2 ? `2 × ${c.v("weight")}` : c.v("weight")}`,
          ],
          facts: [
            (c) => `Покрытие (${c.v("coating")}) не скользит в руке и бережёт пол.`,
            () => "Гантели подходят для домашних тренировок на все группы мышц.",
          ],
        },
        {
          name: "Коврики для фитнеса",
          type: "Коврик",
          gender: "m",
          price: [390, 4990],
          brands: ["starfit", "demix", "torneo", "bradex"],
          properties: [
            numProp("thickness", "Толщина", "мм", [4, 6, 8, 10, 15]),
            enumProp("size", "Размер", ["173×61 см", "183×61 см", "183×80 см"]),
            enumProp("material", "Материал", ["TPE", "ПВХ", "NBR", "каучук"], { premium: 0.3 }),
            colour(["violet", "blue", "pink", "black", "green", "grey", "mint"]),
          ],
          titles: [
            (c) =>
              `Коврик для йоги и фитнеса ${c.brand} ${c.v("thickness")}, ${c.v("size")}, ${c.a("color")}`,
            (c) => `Коврик для фитнеса ${c.brand} ${c.v("material")}, ${c.a("color")}`,
          ],
          facts: [
            (c) => `Толщина ${c.v("thickness")} смягчает нагрузку на колени и позвоночник.`,
            (c) => `Материал — ${c.v("material")}: коврик не скользит и не впитывает запахи.`,
            () => "В комплекте — ремешок для переноски.",
          ],
        },
        {
          name: "Эспандеры",
          type: "Эспандер",
          gender: "m",
          price: [149, 2990],
          brands: ["starfit", "demix", "torneo", "bradex"],
          properties: [
            enumProp("kind", "Тип", ["ленточный", "кистевой", "трубчатый", "петля"]),
            enumProp("resistance", "Сопротивление", ["лёгкое", "среднее", "сильное", "очень сильное"]),
          ],
          titles: [
            (c) => `Эспандер ${c.v("kind")} ${c.brand}, ${c.v("resistance")} сопротивление`,
            (c) => `Эспандер ${c.brand} ${c.v("kind")}, нагрузка «${c.v("resistance")}»`,
          ],
          facts: [
            () => "Эспандер помещается в сумку — тренироваться можно дома, в поездке и на улице.",
            () => "Прочный материал выдерживает тысячи растяжений.",
          ],
        },
      ],
    },
    {
      name: "Велоспорт и самокаты",
      children: [
        {
          name: "Велосипеды",
          type: "Велосипед",
          gender: "m",
          weight: 1.5,
          price: [9990, 149990],
          brands: ["stels", "forward", "stern", "merida", "format"],
          models: {
            stels: ["Navigator 700 MD", "Navigator 500", "Pilot 710", "Miss 6100"],
            forward: ["Sporting 29", "Apache 27.5", "Jade", "Tracer"],
            stern: ["Energy 1.0", "Motion 2.0", "Vega"],
            merida: ["Big.Nine 100", "Matts 7.20", "Crossway 100", "Scultura"],
            format: ["1413", "5222", "2213"],
          },
          properties: [
            enumProp("kind", "Тип", [adj("горный"), adj("городской"), adj("шоссейный"), adj("складной")], {
              weights: [5, 3, 1, 2],
            }),
            numProp("wheels", "Диаметр колёс", "″", [20, 24, 26, 27.5, 29]),
            numProp("speeds", "Количество скоростей", null, [1, 7, 18, 21, 24], { premium: 0.3 }),
            enumProp(
              "frame",
              "Материал рамы",
              [
                { value: "сталь", phrase: "Стальная рама" },
                { value: "алюминий", phrase: "Алюминиевая рама" },
                { value: "карбон", phrase: "Карбоновая рама" },
              ],
              { premium: 0.4, weights: [3, 6, 1] },
            ),
          ],
          titles: [
            (c) =>
              `Велосипед ${c.a("kind")} ${c.brand} ${c.model} ${c.v("wheels")}, ${c.n("speeds")} ${c.plural(c.n("speeds"), "скорость", "скорости", "скоростей")}`,
          ],
          facts: [
            (c) => `${c.p("frame")} сочетает прочность и небольшой вес.`,
            (c) =>
              c.n("speeds") > 1
                ? "Переключатели скоростей помогают легко подниматься в горку."
                : "Односкоростная трансмиссия проста в обслуживании.",
            () => "Дисковые тормоза уверенно останавливают велосипед даже на мокрой дороге.",
          ],
        },
        {
          name: "Самокаты",
          type: "Самокат",
          gender: "m",
          price: [1990, 49990],
          brands: ["ridex", "novatrack", "xiaomi", "tech-team"],
          models: {
            ridex: ["Sonic", "Cosmic", "Razzle"],
            novatrack: ["Polis", "Ultimate", "RainBow"],
            xiaomi: ["Electric Scooter 4 Lite", "Electric Scooter 4 Pro", "Electric Scooter 4 Ultra"],
            "tech-team": ["TT Duke", "TT Jogger", "TT Comfort"],
          },
          properties: [
            enumProp("kind", "Тип", ["городской", "трюковой", "детский", "электросамокат"], { premium: 0.5 }),
            numProp("wheel", "Диаметр колёс", "мм", [120, 145, 200, 230]),
            numProp("load", "Максимальная нагрузка", "кг", [50, 80, 100, 120]),
            boolProp("foldable", "Складной", 0.8),
          ],
          brandOptions: { xiaomi: { kind: ["электросамокат"] } },
          titles: [
            (c) =>
              c.v("kind") === "электросамокат"
                ? `Электросамокат ${c.brand} ${c.model}`
                : `Самокат ${c.v("kind")} ${c.brand} ${c.model}, колёса ${c.v("wheel")}`,
          ],
          facts: [
            (c) => `Колёса ${c.v("wheel")} сглаживают неровности асфальта.`,
            (c) => `Выдерживает нагрузку до ${c.v("load")}.`,
            (c) =>
              c.is("foldable")
                ? "Самокат складывается за пару секунд и помещается в багажник."
                : "Цельная конструкция без шарниров особенно надёжна.",
          ],
        },
        {
          name: "Велошлемы",
          type: "Шлем",
          gender: "m",
          price: [990, 12990],
          brands: ["stern", "novatrack", "bell"],
          models: {
            stern: ["Urban", "Sport 2.0", "Kids"],
            novatrack: ["Lumen", "Urban Pro"],
            bell: ["Avenue", "Nomad 2", "Spark 2"],
          },
          properties: [
            enumProp("size", "Размер", ["S (52–55 см)", "M (55–58 см)", "L (58–61 см)"]),
            numProp("vents", "Вентиляционные отверстия", "шт.", [8, 12, 16, 24]),
            boolProp("light", "Задний фонарь", 0.3),
            colour(["black", "white", "blue", "red", "grey"]),
          ],
          titles: [(c) => `Шлем велосипедный ${c.brand} ${c.model}, размер ${c.v("size")}, ${c.a("color")}`],
          facts: [
            (c) => `${c.n("vents")} вентиляционных отверстий не дают голове перегреваться.`,
            (c) =>
              c.is("light")
                ? "Встроенный задний фонарь делает велосипедиста заметнее в сумерках."
                : "Регулировочное колёсико на затылке подгоняет шлем точно по голове.",
          ],
        },
      ],
    },
    {
      name: "Туризм и кемпинг",
      children: [
        {
          name: "Палатки",
          type: "Палатка",
          gender: "f",
          price: [1990, 59990],
          brands: ["tramp", "outventure", "nordway", "greenell"],
          models: {
            tramp: ["Lite Wonder", "Lite Camp", "Mountain", "Cloud"],
            outventure: ["Dallas", "Teslin", "Oxford"],
            nordway: ["Orion", "Camper", "Bay"],
            greenell: ["Ирвин", "Дом", "Фин"],
          },
          properties: [
            enumProp(
              "capacity",
              "Вместимость",
              ["1-местная", "2-местная", "3-местная", "4-местная", "6-местная"],
              {
                premium: 0.4,
              },
            ),
            enumProp("season", "Сезонность", ["летняя", "трёхсезонная", "зимняя"]),
            numProp("waterproof", "Водостойкость тента", "мм", [2000, 3000, 4000, 5000]),
            numProp("weight", "Вес", "кг", [1.6, 2.4, 3.5, 5.2, 8]),
          ],
          titles: [(c) => `Палатка ${c.v("capacity")} ${c.brand} ${c.model}`],
          facts: [
            (c) => `Тент с водостойкостью ${c.v("waterproof")} выдерживает затяжной дождь.`,
            (c) => `Палатка ${c.v("season")}, вес ${c.v("weight")} — удобно нести в рюкзаке.`,
            () => "Каркас из дюралюминиевых дуг собирается одним человеком за 10 минут.",
          ],
        },
        {
          name: "Спальные мешки",
          type: "Спальный мешок",
          gender: "m",
          price: [1490, 19990],
          brands: ["tramp", "outventure", "nordway", "greenell"],
          models: {
            tramp: ["Boreal Long", "Airy Light", "Oimyakon"],
            outventure: ["Mountain", "Comfort", "Travel"],
            nordway: ["Sochi", "Ultra", "Baikal"],
            greenell: ["Карра", "Юкон", "Роки"],
          },
          properties: [
            enumProp("shape", "Форма", [
              { value: "одеяло", phrase: "-одеяло" },
              { value: "кокон", phrase: "-кокон" },
            ]),
            numProp("comfort", "Температура комфорта", "°C", [-10, -5, 0, 5, 10, 15]),
            numProp("weight", "Вес", "кг", [0.9, 1.2, 1.6, 2.1]),
          ],
          titles: [(c) => `Спальный мешок${c.p("shape")} ${c.brand} ${c.model}, комфорт ${c.v("comfort")}`],
          facts: [
            (c) => `Температура комфорта ${c.v("comfort")} — подходит для походов с весны до осени.`,
            () => "Две молнии позволяют состегнуть два спальника в один.",
            () => "В комплекте — компрессионный мешок для компактной укладки.",
          ],
        },
        {
          name: "Туристические рюкзаки",
          type: "Рюкзак",
          gender: "m",
          price: [990, 24990],
          brands: ["tramp", "outventure", "nordway", "greenell"],
          models: {
            tramp: ["Sigurd", "Harper", "Setter"],
            outventure: ["Trek", "Vista", "Urban"],
            nordway: ["Cargo", "Hiker"],
            greenell: ["Клонмел", "Вэрмор"],
          },
          properties: [
            numProp("volume", "Объём", "л", [20, 30, 45, 60, 75, 90], { premium: 0.5 }),
            enumProp("back", "Спинка", ["анатомическая", "вентилируемая", "жёсткая"]),
            boolProp("raincover", "Накидка от дождя", 0.5),
            colour(["black", "green", "grey", "blue", "orange", "khaki"]),
          ],
          titles: [(c) => `Рюкзак туристический ${c.brand} ${c.model}, ${c.v("volume")}, ${c.a("color")}`],
          facts: [
            (c) => `Объём ${c.v("volume")} — для однодневной прогулки или многодневного похода.`,
            (c) => `Спинка ${c.v("back")} и широкий поясной ремень распределяют вес.`,
            (c) =>
              c.is("raincover")
                ? "Накидка от дождя убирается в отдельный карман на дне."
                : "Ткань с водоотталкивающей пропиткой защищает вещи от мороси.",
          ],
        },
      ],
    },
  ],
};
