import type { SectionSpec } from "#server/db/seed/catalog-types.ts";
import { boolProp, colour, enumProp, numProp } from "#server/db/seed/property-pools.ts";

const cookwareMaterial = enumProp("material", "Материал", [
  {
    value: "алюминий",
    phrase: "из литого алюминия",
    about: "Литой алюминий быстро и равномерно прогревается.",
  },
  { value: "чугун", phrase: "чугунная", about: "Чугун долго держит тепло — идеально для томления и жарки." },
  {
    value: "нержавеющая сталь",
    phrase: "из нержавеющей стали",
    about: "Нержавеющая сталь не вступает в реакцию с продуктами и не боится посудомоечной машины.",
  },
]);

const textileColours = colour([
  "white",
  "grey",
  "beige",
  "blue",
  "pink",
  "green",
  "milk",
  "terracotta",
  "lilac",
]);

export const home: SectionSpec = {
  key: "home",
  name: "Дом и сад",
  intros: [
    (c) => `Товары ${c.brand} помогают сделать дом уютнее, а быт — проще.`,
    () => "Практичная вещь для дома, которая прослужит не один год.",
    (c) => `Продукция ${c.brand} давно знакома российским покупателям.`,
  ],
  outros: [
    "Товар упакован в плотную коробку, поэтому приходит в целости.",
    "Подойдёт в качестве подарка на новоселье.",
    "Рекомендации по уходу указаны на упаковке.",
  ],
  children: [
    {
      name: "Посуда и кухня",
      children: [
        {
          name: "Сковороды",
          type: "Сковорода",
          gender: "f",
          price: [690, 9990],
          brands: ["tefal", "neva-metall", "rondell", "kukmara", "scovo"],
          models: {
            tefal: ["Unlimited", "Ingenio", "Daily Cook", "Excellence"],
            "neva-metall": ["Гранит", "Итальянская", "Дарья"],
            rondell: ["Mocco", "Escurion", "Kortado"],
            kukmara: ["Кофейный мрамор", "Традиция", "Granit Ultra"],
            scovo: ["Stone Pan", "Expert", "Gourmet"],
          },
          properties: [
            numProp("diameter", "Диаметр", "см", [20, 22, 24, 26, 28, 30], { premium: 0.3 }),
            enumProp("coating", "Покрытие", [
              { value: "антипригарное", phrase: "с антипригарным покрытием" },
              { value: "керамическое", phrase: "с керамическим покрытием" },
              { value: "без покрытия", phrase: "без покрытия" },
            ]),
            cookwareMaterial,
            boolProp("induction", "Подходит для индукционных плит", 0.6),
            boolProp("lid", "Крышка в комплекте", 0.4),
          ],
          titles: [
            (c) => `Сковорода ${c.brand} ${c.model} ${c.v("diameter")} ${c.p("coating")}`,
            (c) => `Сковорода ${c.brand} ${c.model}, ${c.v("diameter")}${c.is("lid") ? ", с крышкой" : ""}`,
          ],
          facts: [
            (c) => c.about("material"),
            (c) =>
              c.is("induction")
                ? "Утолщённое дно подходит для всех типов плит, включая индукционные."
                : "Сковорода подходит для газовых, электрических и стеклокерамических плит.",
            (c) => `Диаметр ${c.v("diameter")} — удобно готовить яичницу, блины или овощи на всю семью.`,
          ],
        },
        {
          name: "Кастрюли",
          type: "Кастрюля",
          gender: "f",
          price: [790, 11990],
          brands: ["tefal", "neva-metall", "rondell", "kukmara", "fissman"],
          models: {
            tefal: ["Intuition", "Primary", "Cook Right"],
            "neva-metall": ["Гранит", "Литая классика"],
            rondell: ["Strike", "Flamme", "Vintage"],
            kukmara: ["Традиция", "Светлый мрамор"],
            fissman: ["Martinez", "Brunhild", "Madison"],
          },
          properties: [
            numProp("volume", "Объём", "л", [1.5, 2, 3, 4, 5, 6], { premium: 0.3 }),
            cookwareMaterial,
            boolProp("lid", "Крышка в комплекте", 0.85),
            boolProp("induction", "Подходит для индукционных плит", 0.7),
          ],
          titles: [
            (c) => `Кастрюля ${c.brand} ${c.model}, ${c.v("volume")}${c.is("lid") ? ", с крышкой" : ""}`,
            (c) => `Кастрюля ${c.p("material")} ${c.brand} ${c.model}, ${c.v("volume")}`,
          ],
          facts: [
            (c) => c.about("material"),
            (c) => `Объём ${c.v("volume")} — для супа, гарнира или компота.`,
            () => "Ручки не нагреваются во время готовки, а дно не деформируется со временем.",
          ],
        },
        {
          name: "Кухонные ножи",
          type: "Нож",
          gender: "m",
          price: [390, 14990],
          brands: ["tefal", "rondell", "fissman", "samura"],
          models: {
            tefal: ["Ice Force", "Comfort", "Jamie Oliver"],
            rondell: ["Falkata", "Langsax", "Spata"],
            fissman: ["Kensei", "Chef de Cuisine", "Bonn"],
            samura: ["Mo-V", "Damascus", "Harakiri", "Golf"],
          },
          properties: [
            enumProp("kind", "Вид ножа", ["поварской", "сантоку", "для овощей", "хлебный", "универсальный"]),
            numProp("blade", "Длина лезвия", "см", [9, 12, 15, 18, 20, 23]),
            enumProp("steel", "Материал лезвия", ["нержавеющая сталь", "дамасская сталь", "керамика"], {
              premium: 0.4,
              weights: [6, 2, 2],
            }),
          ],
          titles: [(c) => `Нож ${c.v("kind")} ${c.brand} ${c.model}, ${c.v("blade")}`],
          facts: [
            (c) => `Материал лезвия — ${c.v("steel")}, заточка долго сохраняет остроту.`,
            () => "Эргономичная рукоять не скользит в мокрой руке.",
            () => "Рекомендуется ручная мойка и хранение на магнитном держателе.",
          ],
        },
      ],
    },
    {
      name: "Домашний текстиль",
      children: [
        {
          name: "Постельное бельё",
          type: "Комплект постельного белья",
          gender: "m",
          price: [1490, 14990],
          brands: ["togas", "samoylovskiy", "cleanelly", "sofi-de-marko", "mona-liza"],
          properties: [
            enumProp("size", "Размер", ["1,5-спальный", "2-спальный", "евро", "семейный"]),
            enumProp(
              "fabric",
              "Ткань",
              [
                {
                  value: "сатин",
                  phrase: "из сатина",
                  about: "Сатин гладкий, с лёгким блеском и почти не мнётся.",
                },
                { value: "бязь", phrase: "из бязи", about: "Плотная бязь выдерживает сотни стирок." },
                { value: "перкаль", phrase: "из перкаля", about: "Перкаль прохладный и очень прочный." },
                { value: "поплин", phrase: "из поплина", about: "Поплин мягкий и приятный к телу." },
                {
                  value: "тенсел",
                  phrase: "из тенсела",
                  about: "Тенсел из эвкалиптового волокна отводит влагу и дарит прохладу.",
                },
              ],
              { premium: 0.3 },
            ),
            enumProp("pillowcases", "Размер наволочек", ["50×70 см", "70×70 см"]),
            textileColours,
          ],
          titles: [
            (c) => `Комплект постельного белья ${c.brand} ${c.v("size")} ${c.p("fabric")}, ${c.a("color")}`,
            (c) =>
              `Постельное бельё ${c.brand} ${c.v("size")}, ${c.v("fabric")}, наволочки ${c.v("pillowcases")}`,
          ],
          facts: [
            (c) => c.about("fabric"),
            (c) => `В комплекте — пододеяльник, простыня и наволочки ${c.v("pillowcases")}.`,
            () => "Ткань окрашена стойкими красителями и не линяет после стирки.",
          ],
        },
        {
          name: "Полотенца",
          type: "Полотенце",
          gender: "n",
          price: [290, 3990],
          brands: ["togas", "cleanelly", "samoylovskiy", "mona-liza", "arya"],
          properties: [
            enumProp("size", "Размер", ["30×50 см", "50×90 см", "70×140 см", "100×150 см"], { premium: 0.4 }),
            enumProp("material", "Материал", ["хлопок", "бамбук", "микрофибра"]),
            numProp("density", "Плотность", "г/м²", [380, 420, 450, 500, 550]),
            textileColours,
          ],
          titles: [
            (c) => `Полотенце махровое ${c.brand} ${c.v("size")}, ${c.a("color")}`,
            (c) => `Полотенце банное ${c.brand} ${c.v("size")}, ${c.v("material")}, ${c.a("color")}`,
          ],
          facts: [
            (c) => `Плотность ${c.v("density")} — полотенце мягкое, пушистое и хорошо впитывает влагу.`,
            (c) => `Материал — ${c.v("material")}; после стирки полотенце не теряет мягкости.`,
            () => "Петелька для подвешивания пришита к углу.",
          ],
        },
        {
          name: "Пледы",
          type: "Плед",
          gender: "m",
          price: [990, 7990],
          brands: ["togas", "cleanelly", "sofi-de-marko", "mona-liza", "arya"],
          properties: [
            enumProp("size", "Размер", ["130×170 см", "150×200 см", "180×200 см", "200×220 см"], {
              premium: 0.3,
            }),
            enumProp("material", "Материал", [
              { value: "флис", phrase: "флисовый" },
              { value: "микрофибра", phrase: "из микрофибры" },
              { value: "хлопок", phrase: "хлопковый" },
              { value: "шерсть", phrase: "шерстяной" },
              { value: "велсофт", phrase: "из велсофта" },
            ]),
            textileColours,
          ],
          titles: [
            (c) => `Плед ${c.brand} ${c.v("size")} ${c.p("material")}, ${c.a("color")}`,
            (c) => `Плед ${c.p("material")} ${c.brand}, ${c.v("size")}`,
          ],
          facts: [
            () => "Мягкий плед согреет прохладным вечером и украсит диван или кресло.",
            (c) => `Размер ${c.v("size")} — можно укрыться с головой или застелить кровать.`,
            () => "Плед можно стирать в машине при 30 °C.",
          ],
        },
      ],
    },
    {
      name: "Сад и дача",
      children: [
        {
          name: "Грили и мангалы",
          type: "Гриль",
          gender: "m",
          price: [990, 89990],
          brands: ["weber", "boyscout", "forester", "go-garden"],
          models: {
            weber: ["Original Kettle E-5730", "Compact Kettle", "Spirit E-325", "Master-Touch"],
            boyscout: ["Классик", "Дачный", "Пикник"],
            forester: ["BQ-Профи", "Family", "Barbecue Chef"],
            "go-garden": ["Grill-Master 59", "Picnic 40", "Premium 62"],
          },
          properties: [
            enumProp(
              "kind",
              "Тип",
              [
                { value: "угольный гриль", phrase: "Гриль угольный" },
                { value: "газовый гриль", phrase: "Гриль газовый" },
                { value: "мангал", phrase: "Мангал складной" },
              ],
              { premium: 0.4, weights: [3, 1, 3] },
            ),
            enumProp("material", "Материал", ["сталь", "чугун", "нержавеющая сталь"]),
            numProp("weight", "Вес", "кг", [4, 8, 12, 25, 40]),
            boolProp("lid", "Крышка", 0.6),
          ],
          titles: [(c) => `${c.p("kind")} ${c.brand} ${c.model}`],
          facts: [
            (c) =>
              c.v("kind") === "мангал"
                ? "Складной мангал легко убрать в багажник и взять на природу."
                : "Решётка над углями позволяет готовить стейки, овощи и рыбу.",
            (c) =>
              c.is("lid")
                ? "Крышка с термометром превращает гриль в коптильню."
                : "Термостойкое покрытие защищает корпус от коррозии.",
            (c) => `Материал корпуса — ${c.v("material")}, вес ${c.v("weight")}.`,
          ],
        },
        {
          name: "Шланги для полива",
          type: "Шланг",
          gender: "m",
          price: [490, 6990],
          brands: ["gardena", "grinda", "palisad"],
          properties: [
            numProp("length", "Длина", "м", [10, 15, 20, 25, 30, 50], { premium: 0.5 }),
            enumProp("diameter", "Диаметр", ["1/2″", "5/8″", "3/4″"]),
            numProp("layers", "Количество слоёв", null, [2, 3, 4, 5]),
          ],
          titles: [
            (c) => `Шланг поливочный ${c.brand} ${c.v("diameter")}, ${c.v("length")}`,
            (c) => `Шланг садовый армированный ${c.brand} ${c.v("diameter")}, ${c.v("length")}`,
          ],
          facts: [
            (c) =>
              `${c.n("layers")}-слойная конструкция с армированием не перегибается и выдерживает давление до 20 бар.`,
            () => "Шланг не трескается на солнце и остаётся гибким при низких температурах.",
            () => "Совместим с системами быстрого соединения.",
          ],
        },
        {
          name: "Триммеры",
          type: "Триммер",
          gender: "m",
          price: [2990, 39990],
          brands: ["huter", "patriot", "bosch", "greenworks"],
          modelCodes: "GT",
          properties: [
            enumProp("engine", "Тип двигателя", ["бензиновый", "электрический", "аккумуляторный"], {
              premium: 0.2,
            }),
            numProp("power", "Мощность", "Вт", [500, 800, 1000, 1200, 1700, 1900], { premium: 0.3 }),
            numProp("width", "Ширина скашивания", "см", [25, 30, 38, 42, 45]),
          ],
          titles: [(c) => `Триммер ${c.v("engine")} ${c.brand} ${c.model}, ${c.v("power")}`],
          facts: [
            (c) => `Ширина скашивания ${c.v("width")} — участок в шесть соток обрабатывается за час.`,
            (c) =>
              c.v("engine") === "бензиновый"
                ? "Бензиновый двигатель не привязывает к розетке."
                : c.v("engine") === "аккумуляторный"
                  ? "Аккумулятор позволяет работать в любой части участка без удлинителя."
                  : "Электродвигатель работает тихо и не требует обслуживания.",
            () => "Регулируемая рукоятка и ремень снижают нагрузку на спину.",
          ],
        },
      ],
    },
  ],
};
