import type { SectionSpec } from "#server/db/seed/catalog-types.ts";
import { boolProp, colour, enumProp, numProp } from "#server/db/seed/property-pools.ts";

const LEGO_SETS = [
  "Пожарная станция",
  "Полицейский участок",
  "Космический корабль",
  "Домик на дереве",
  "Гоночный автомобиль",
  "Пиратский корабль",
  "Замок принцессы",
  "Грузовой поезд",
  "Ферма",
  "Вертолёт спасателей",
  "Экскаватор",
  "Парк аттракционов",
];
const DOLL_NAMES = ["Маша", "Алиса", "Соня", "Модница", "Принцесса", "Балерина", "Доктор", "Путешественница"];

export const kids: SectionSpec = {
  key: "kids",
  name: "Детские товары",
  intros: [
    (c) => `Товары ${c.brand} созданы с заботой о малышах и их родителях.`,
    () => "Безопасные материалы и продуманная конструкция — то, что важно для детских вещей.",
    (c) => `${c.brand} — бренд, которому доверяют родители.`,
  ],
  outros: [
    "Товар имеет сертификат соответствия требованиям технического регламента ЕАЭС.",
    "Отличный вариант для подарка на день рождения.",
    "Возрастные рекомендации указаны на упаковке.",
  ],
  children: [
    {
      name: "Игрушки",
      children: [
        {
          name: "Конструкторы",
          type: "Конструктор",
          gender: "m",
          weight: 1.5,
          price: [490, 29990],
          brands: ["lego", "cobi", "magformers"],
          models: {
            lego: ["City", "Technic", "Friends", "Duplo", "Ninjago", "Creator 3 в 1", "Minecraft"],
            cobi: ["Historical Collection", "Action Town", "Military"],
            magformers: ["Basic Plus", "Smart Set", "Creator"],
          },
          properties: [
            numProp("pieces", "Количество деталей", "шт.", [30, 62, 120, 250, 500, 860, 1200, 2000], {
              premium: 0.6,
            }),
            enumProp("age", "Возраст", ["от 3 лет", "от 6 лет", "от 8 лет", "от 12 лет"]),
          ],
          titles: [
            (c) =>
              `Конструктор ${c.brand} ${c.model} «${c.pick(...LEGO_SETS)}», ${c.n("pieces")} ${c.plural(c.n("pieces"), "деталь", "детали", "деталей")}`,
          ],
          facts: [
            (c) =>
              `Набор из ${c.n("pieces")} ${c.plural(c.n("pieces"), "детали", "деталей", "деталей")} рассчитан на детей ${c.v("age")}.`,
            () => "Конструктор развивает мелкую моторику, пространственное мышление и фантазию.",
            () => "Детали совместимы с другими наборами серии, а инструкция в картинках понятна без слов.",
          ],
        },
        {
          name: "Куклы",
          type: "Кукла",
          gender: "f",
          price: [390, 9990],
          brands: ["barbie", "baby-born", "karapuz", "vesna"],
          properties: [
            numProp("height", "Высота", "см", [15, 25, 30, 36, 43, 50]),
            enumProp("kind", "Тип", ["модельная", "пупс", "интерактивная", "мягконабивная"]),
            boolProp("accessories", "Аксессуары в комплекте", 0.6),
            enumProp("age", "Возраст", ["от 3 лет", "от 6 лет"]),
          ],
          titles: [
            (c) => `Кукла ${c.brand} «${c.pick(...DOLL_NAMES)}», ${c.v("height")}`,
            (c) =>
              `Кукла ${c.v("kind")} ${c.brand}, ${c.v("height")}${c.is("accessories") ? ", с аксессуарами" : ""}`,
          ],
          facts: [
            (c) =>
              c.v("kind") === "интерактивная"
                ? "Кукла умеет говорить несколько фраз и реагирует на прикосновения."
                : "У куклы мягкие волосы, которые можно расчёсывать и заплетать.",
            (c) =>
              c.is("accessories")
                ? "В комплекте — сменный наряд и аксессуары для игры."
                : "Одежду можно снимать и менять на наряды из других наборов.",
          ],
        },
        {
          name: "Мягкие игрушки",
          type: "Мягкая игрушка",
          gender: "f",
          price: [290, 4990],
          brands: ["budi-basa", "myakishi", "orange-toys", "aurora"],
          properties: [
            enumProp("animal", "Персонаж", [
              { value: "медведь", phrase: "Мишка" },
              { value: "кот", phrase: "Котик" },
              { value: "заяц", phrase: "Зайка" },
              { value: "собака", phrase: "Пёсик" },
              { value: "единорог", phrase: "Единорог" },
              { value: "лиса", phrase: "Лисичка" },
              { value: "акула", phrase: "Акула" },
              { value: "пингвин", phrase: "Пингвин" },
            ]),
            numProp("height", "Высота", "см", [15, 20, 25, 30, 40, 60, 80], { premium: 0.5 }),
            enumProp("age", "Возраст", ["с рождения", "от 1 года", "от 3 лет"]),
          ],
          titles: [
            (c) => `Мягкая игрушка ${c.brand} ${c.p("animal")}, ${c.v("height")}`,
            (c) => `Мягкая игрушка «${c.p("animal")}» ${c.brand}, ${c.v("height")}`,
          ],
          facts: [
            () => "Плюшевая ткань приятна на ощупь, глазки и нос надёжно закреплены.",
            () => "Игрушку можно стирать вручную при 30 °C.",
            (c) => `Подходит детям ${c.v("age")}.`,
          ],
        },
      ],
    },
    {
      name: "Прогулки и путешествия",
      children: [
        {
          name: "Коляски",
          type: "Коляска",
          gender: "f",
          price: [9990, 99990],
          brands: ["chicco", "happy-baby", "anex", "tutis", "rant"],
          models: {
            chicco: ["Goody XPlus", "Trolley Me", "Bravo"],
            "happy-baby": ["Umma", "Mommer", "Luna Air"],
            anex: ["m/type", "l/type", "e/type"],
            tutis: ["Uno 3+", "Mimi", "Viva Life"],
            rant: ["Flex", "Energy", "Largo"],
          },
          properties: [
            enumProp("kind", "Тип", ["прогулочная", "2 в 1", "3 в 1", "для новорождённых"], {
              premium: 0.35,
            }),
            numProp("weight", "Вес", "кг", [6, 7.5, 9, 11, 13]),
            enumProp("fold", "Механизм складывания", ["книжка", "трость", "одной рукой"]),
            colour(["grey", "black", "beige", "green", "navy", "brown"]),
          ],
          titles: [(c) => `Коляска ${c.v("kind")} ${c.brand} ${c.model}, ${c.a("color")}`],
          facts: [
            (c) => `Вес коляски — ${c.v("weight")}, механизм складывания — ${c.v("fold")}.`,
            () => "Амортизация всех колёс смягчает езду по бордюрам и брусчатке.",
            () => "Капюшон с окошком и дождевик защищают малыша от ветра и осадков.",
          ],
        },
        {
          name: "Автокресла",
          type: "Автокресло",
          gender: "n",
          price: [3990, 59990],
          brands: ["chicco", "happy-baby", "siger", "britax-romer", "rant"],
          models: {
            chicco: ["Seat3Fit", "Kory Plus", "Fold & Go"],
            "happy-baby": ["Passenger V2", "Spector", "Nexter"],
            siger: ["Кокон", "Смарт", "Ассистент"],
            "britax-romer": ["Kidfix i-Size", "Dualfix Pro", "Baby-Safe 5Z"],
            rant: ["Basic", "Hercules", "Nitro"],
          },
          properties: [
            enumProp("group", "Группа", [
              "0+ (0–13 кг)",
              "0+/1 (0–18 кг)",
              "1/2/3 (9–36 кг)",
              "2/3 (15–36 кг)",
            ]),
            boolProp("isofix", "Крепление Isofix", 0.6),
            colour(["black", "grey", "blue", "beige"]),
          ],
          titles: [
            (c) =>
              `Автокресло ${c.brand} ${c.model}, группа ${c.v("group")}${c.is("isofix") ? ", Isofix" : ""}`,
          ],
          facts: [
            (c) => `Группа ${c.v("group")} — кресло растёт вместе с ребёнком.`,
            (c) =>
              c.is("isofix")
                ? "Крепление Isofix жёстко фиксирует кресло на сиденье автомобиля."
                : "Кресло крепится штатным ремнём безопасности автомобиля.",
            () => "Боковая защита и пятиточечные ремни прошли краш-тесты по стандарту ECE R44/04.",
          ],
        },
        {
          name: "Беговелы",
          type: "Беговел",
          gender: "m",
          price: [1990, 14990],
          brands: ["puky", "small-rider", "hobby-bike"],
          models: {
            puky: ["LR M", "LR Light", "LR XL"],
            "small-rider": ["Drive 2", "Ballance", "Prime"],
            "hobby-bike": ["Magestic", "Twenty", "RT"],
          },
          properties: [
            numProp("wheels", "Диаметр колёс", "″", [10, 12, 14]),
            enumProp("frame", "Материал рамы", ["сталь", "алюминий", "дерево"]),
            enumProp("age", "Возраст", ["от 2 лет", "от 3 лет"]),
            colour(["red", "blue", "green", "pink", "yellow", "orange"]),
          ],
          titles: [(c) => `Беговел ${c.brand} ${c.model} ${c.v("wheels")}, ${c.a("color")}`],
          facts: [
            (c) =>
              `Беговел на колёсах ${c.v("wheels")} учит ребёнка держать равновесие; рекомендуемый возраст — ${c.v("age")}.`,
            () => "Руль и седло регулируются по высоте.",
          ],
        },
      ],
    },
    {
      name: "Гигиена и уход",
      children: [
        {
          name: "Подгузники",
          type: "Подгузники",
          gender: "pl",
          weight: 1.5,
          price: [499, 3499],
          brands: ["pampers", "huggies", "merries", "moony", "yokosun"],
          models: {
            pampers: ["Premium Care", "Active Baby", "Pants"],
            huggies: ["Elite Soft", "Classic", "Ultra Comfort"],
            merries: ["Good Skin", "Air Through"],
            moony: ["Natural", "Extra Soft", "Man"],
            yokosun: ["Premium", "Eco"],
          },
          properties: [
            enumProp("size", "Размер", [
              "1 (2–5 кг)",
              "2 (4–8 кг)",
              "3 (6–10 кг)",
              "4 (9–14 кг)",
              "5 (11–25 кг)",
              "6 (15+ кг)",
            ]),
            numProp("count", "Количество в упаковке", "шт.", [24, 38, 46, 52, 64, 82, 120], { premium: 0.6 }),
            enumProp("kind", "Тип", ["подгузники", "трусики"]),
          ],
          titles: [
            (c) =>
              `${c.v("kind") === "трусики" ? "Подгузники-трусики" : "Подгузники"} ${c.brand} ${c.model} размер ${c.v("size")}, ${c.v("count")}`,
          ],
          facts: [
            () =>
              "Мягкий верхний слой бережёт нежную кожу малыша, а индикатор влаги подскажет, когда пора менять.",
            () => "Дышащие материалы и эластичные бортики защищают от протеканий до 12 часов.",
          ],
        },
        {
          name: "Влажные салфетки",
          type: "Влажные салфетки",
          gender: "pl",
          price: [59, 599],
          brands: ["pampers", "huggies", "aqa-baby", "yokosun"],
          properties: [
            numProp("count", "Количество в пачке", "шт.", [56, 64, 72, 100, 120]),
            numProp("packs", "Количество пачек", null, [1, 2, 3, 4], { premium: 0.6 }),
            enumProp("scent", "Аромат", ["без запаха", "алоэ", "ромашка", "огурец"]),
          ],
          titles: [
            (c) =>
              `Влажные салфетки детские ${c.brand}, ${c.v("count")}${c.n("packs") > 1 ? ` × ${c.n("packs")} уп.` : ""}`,
          ],
          facts: [
            (c) =>
              c.v("scent") === "без запаха"
                ? "Салфетки без отдушек подходят для самой чувствительной кожи."
                : `Лёгкий аромат: ${c.v("scent")}.`,
            () => "Не содержат спирта и парабенов, подходят с рождения.",
          ],
        },
        {
          name: "Детские шампуни",
          type: "Шампунь",
          gender: "m",
          price: [119, 899],
          brands: ["ushastyy-nyan", "chicco", "bubchen", "aqa-baby"],
          properties: [
            numProp("volume", "Объём", "мл", [200, 250, 300, 500]),
            enumProp("age", "Возраст", ["с рождения", "от 1 года", "от 3 лет"]),
            boolProp("tearless", "Без слёз", 0.8),
          ],
          titles: [(c) => `Шампунь детский ${c.brand} ${c.v("age")}, ${c.v("volume")}`],
          facts: [
            (c) =>
              c.is("tearless")
                ? "Формула «без слёз» не щиплет глазки."
                : "Мягкие моющие компоненты бережно очищают кожу и волосы.",
            () => "Гипоаллергенный состав без красителей.",
          ],
        },
      ],
    },
  ],
};
