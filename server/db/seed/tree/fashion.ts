import type { SectionSpec, Template } from "#server/db/seed/catalog-types.ts";
import {
  boolProp,
  CLOTHING_COLOURS,
  colour,
  enumProp,
  FABRICS,
  MEN_SIZES,
  MENSWEAR_COLOURS,
  numProp,
  SEASONS,
  SEXES,
  SHOE_COLOURS,
  SHOE_SIZES,
  SHOE_UPPERS,
  WOMEN_SIZES,
} from "#server/db/seed/property-pools.ts";

const F = FABRICS;
const U = SHOE_UPPERS;

const sleeves = enumProp("sleeve", "Длина рукава", [
  { value: "короткий", phrase: "с коротким рукавом" },
  { value: "длинный", phrase: "с длинным рукавом" },
  { value: "три четверти", phrase: "с рукавом три четверти" },
]);

const insulation = enumProp(
  "insulation",
  "Утеплитель",
  ["синтепон", "искусственный пух", "натуральный пух", "без утеплителя"],
  { premium: 0.3 },
);

const jacketFacts: readonly Template[] = [
  (c) =>
    c.v("season") === "зимний"
      ? `Утеплитель (${c.v("insulation")}) сохраняет тепло в мороз.`
      : "Лёгкая куртка на межсезонье защищает от ветра и мелкого дождя.",
  () => "Водоотталкивающая ткань верха не промокает под мокрым снегом.",
  () => "Глубокие карманы на молнии надёжно хранят телефон и ключи.",
];

export const fashion: SectionSpec = {
  key: "fashion",
  name: "Одежда и обувь",
  intros: [
    (c) => `Модель от ${c.brand} легко сочетается с базовым гардеробом.`,
    () => "Удобная посадка и аккуратные швы — вещь, которую хочется носить каждый день.",
    (c) => `Коллекция ${c.brand} этого сезона — практичные вещи в актуальных оттенках.`,
  ],
  outros: [
    "Перед стиркой ознакомьтесь с рекомендациями на ярлыке изделия.",
    "Размеры соответствуют российской размерной сетке; таблица размеров — в карточке товара.",
    "Вещь можно примерить в пункте выдачи и вернуть, если не подошла.",
  ],
  children: [
    {
      name: "Женская одежда",
      children: [
        {
          name: "Платья",
          type: "Платье",
          gender: "n",
          weight: 3,
          price: [1490, 8990],
          brands: ["zarina", "love-republic", "befree", "sela", "lime", "gloria-jeans", "ostin"],
          properties: [
            enumProp("size", "Размер", WOMEN_SIZES),
            enumProp("material", "Материал", [F.cotton, F.viscose, F.polyester, F.linen, F.knit, F.chiffon]),
            enumProp("length", "Длина", ["мини", "миди", "макси"], { weights: [2, 4, 2] }),
            colour(CLOTHING_COLOURS),
          ],
          variants: ["color"],
          titles: [
            (c) => `Платье ${c.brand} ${c.v("length")} ${c.p("material")}, ${c.a("color")}`,
            (c) => `Платье-рубашка ${c.brand} ${c.p("material")}, ${c.a("color")}`,
            (c) => `Платье ${c.brand} ${c.v("length")} с поясом, ${c.a("color")}`,
          ],
          facts: [
            (c) => c.about("material"),
            (c) => `Длина ${c.v("length")} уместна и в офисе, и на прогулке.`,
            () => "Потайная молния на спинке и мягкая подкладка делают платье удобным.",
          ],
        },
        {
          name: "Блузки и рубашки",
          type: "Блузка",
          gender: "f",
          weight: 2,
          price: [990, 5990],
          brands: ["zarina", "love-republic", "befree", "sela", "lime", "ostin"],
          properties: [
            enumProp("size", "Размер", WOMEN_SIZES),
            enumProp("material", "Материал", [F.cotton, F.viscose, F.chiffon, F.polyester, F.linen]),
            sleeves,
            colour(CLOTHING_COLOURS),
          ],
          variants: ["color"],
          titles: [
            (c) => `Блузка ${c.brand} ${c.p("material")} ${c.p("sleeve")}, ${c.a("color")}`,
            (c) => `Рубашка женская ${c.brand} ${c.p("material")}, ${c.a("color")}`,
          ],
          facts: [
            (c) => c.about("material"),
            () => "Свободный крой не сковывает движений, а модель легко заправить в брюки или юбку.",
            () => "Пуговицы пришиты надёжно, запасная — на внутреннем шве.",
          ],
        },
        {
          name: "Джинсы",
          type: "Джинсы",
          gender: "pl",
          weight: 2,
          price: [1490, 7990],
          brands: ["gloria-jeans", "befree", "ostin", "sela", "zarina", "lime", "colins"],
          properties: [
            enumProp("size", "Размер", WOMEN_SIZES),
            enumProp("cut", "Фасон", ["прямые", "скинни", "мом", "клёш", "широкие", "бананы"]),
            enumProp("rise", "Посадка", ["высокая", "средняя", "низкая"], { weights: [5, 3, 1] }),
            colour(["blue", "lightBlue", "black", "grey", "white"]),
          ],
          variants: ["color"],
          titles: [
            (c) => `Джинсы женские ${c.brand} ${c.v("cut")}, ${c.a("color")}`,
            (c) =>
              `Джинсы ${c.v("cut")} ${c.brand} с ${c.v("rise") === "высокая" ? "высокой" : "средней"} посадкой, ${c.a("color")}`,
          ],
          facts: [
            (c) => `Посадка ${c.v("rise")}, фасон ${c.v("cut")} — модель визуально вытягивает силуэт.`,
            () => "Плотный деним с небольшим количеством эластана держит форму и не вытягивается на коленях.",
            () => "Пять карманов и металлическая фурнитура — классика, которая не выходит из моды.",
          ],
        },
        {
          name: "Куртки",
          type: "Куртка",
          gender: "f",
          weight: 2,
          price: [2990, 19990],
          brands: ["zarina", "love-republic", "befree", "sela", "ostin", "gloria-jeans"],
          properties: [
            enumProp("size", "Размер", WOMEN_SIZES),
            enumProp("season", "Сезон", SEASONS, { premium: 0.3 }),
            insulation,
            boolProp("hood", "Капюшон", 0.7),
            colour(["black", "beige", "olive", "milk", "pink", "navy", "grey", "terracotta"]),
          ],
          variants: ["color"],
          titles: [
            (c) =>
              `Куртка женская ${c.brand} ${c.a("season")}${c.is("hood") ? " с капюшоном" : ""}, ${c.a("color")}`,
            (c) => `Куртка ${c.a("season")} ${c.brand} укороченная, ${c.a("color")}`,
          ],
          facts: jacketFacts,
        },
      ],
    },
    {
      name: "Мужская одежда",
      children: [
        {
          name: "Футболки",
          type: "Футболка",
          gender: "f",
          weight: 2,
          price: [490, 3990],
          brands: ["ostin", "gloria-jeans", "befree", "demix", "zolla", "henderson"],
          properties: [
            enumProp("size", "Размер", MEN_SIZES),
            enumProp("material", "Материал", [F.cotton, F.stretchCotton, F.polyester]),
            enumProp("fit", "Крой", [
              { value: "прямой", phrase: "прямого кроя" },
              { value: "оверсайз", phrase: "оверсайз" },
              { value: "приталенный", phrase: "приталенная" },
            ]),
            colour(MENSWEAR_COLOURS),
          ],
          variants: ["color"],
          titles: [
            (c) => `Футболка мужская ${c.brand} ${c.p("fit")}, ${c.a("color")}`,
            (c) => `Футболка ${c.brand} ${c.p("material")}, ${c.a("color")}`,
          ],
          facts: [
            (c) => c.about("material"),
            () => "Горловина с эластичной бейкой не растягивается после стирки.",
            () => "Базовая футболка подходит под джинсы, шорты и пиджак.",
          ],
        },
        {
          name: "Джинсы",
          type: "Джинсы",
          gender: "pl",
          weight: 2,
          price: [1990, 8990],
          brands: ["gloria-jeans", "ostin", "zolla", "befree", "tom-farr", "colins"],
          properties: [
            enumProp("size", "Размер", MEN_SIZES),
            enumProp("cut", "Фасон", ["прямые", "зауженные", "слим", "свободные", "бананы"]),
            colour(["blue", "lightBlue", "black", "grey", "navy"]),
          ],
          variants: ["color"],
          titles: [
            (c) => `Джинсы мужские ${c.brand} ${c.v("cut")}, ${c.a("color")}`,
            (c) => `Джинсы ${c.brand} ${c.v("cut")} из плотного денима, ${c.a("color")}`,
          ],
          facts: [
            (c) => `Фасон — ${c.v("cut")}: удобно и в городе, и в поездке.`,
            () => "Плотный хлопковый деним со временем становится только мягче.",
            () => "Усиленные швы и металлическая молния рассчитаны на активную носку.",
          ],
        },
        {
          name: "Рубашки",
          type: "Рубашка",
          gender: "f",
          weight: 2,
          price: [1290, 6990],
          brands: ["ostin", "zolla", "henderson", "tom-farr", "befree", "sela"],
          properties: [
            enumProp("size", "Размер", MEN_SIZES),
            enumProp("material", "Материал", [F.cotton, F.linen, F.viscose, F.polyester]),
            sleeves,
            enumProp("fit", "Крой", ["прямой", "приталенный", "свободный"]),
            colour(["white", "lightBlue", "blue", "grey", "black", "olive", "beige"]),
          ],
          variants: ["color"],
          titles: [
            (c) => `Рубашка мужская ${c.brand} ${c.p("material")} ${c.p("sleeve")}, ${c.a("color")}`,
            (c) =>
              `Рубашка ${c.brand} ${c.v("fit") === "прямой" ? "классическая" : "повседневная"}, ${c.a("color")}`,
          ],
          facts: [
            (c) => c.about("material"),
            (c) => `Крой ${c.v("fit")}, воротник держит форму без косточек.`,
            () => "Подходит и для офиса, и для неформальных встреч.",
          ],
        },
        {
          name: "Куртки",
          type: "Куртка",
          gender: "f",
          weight: 2,
          price: [3490, 24990],
          brands: ["ostin", "zolla", "henderson", "tom-farr", "gloria-jeans", "demix"],
          properties: [
            enumProp("size", "Размер", MEN_SIZES),
            enumProp("season", "Сезон", SEASONS, { premium: 0.3 }),
            insulation,
            boolProp("hood", "Капюшон", 0.6),
            colour(["black", "navy", "olive", "khaki", "grey", "brown"]),
          ],
          variants: ["color"],
          titles: [
            (c) =>
              `Куртка мужская ${c.brand} ${c.a("season")}${c.is("hood") ? " с капюшоном" : ""}, ${c.a("color")}`,
            (c) => `Куртка-бомбер ${c.brand} ${c.a("season")}, ${c.a("color")}`,
          ],
          facts: jacketFacts,
        },
      ],
    },
    {
      name: "Обувь",
      children: [
        {
          name: "Кроссовки",
          type: "Кроссовки",
          gender: "pl",
          weight: 3,
          price: [1990, 17990],
          brands: ["demix", "reebok", "anta", "li-ning", "skechers"],
          models: {
            reebok: ["Club C 85", "Classic Leather", "Nano X4", "Glide"],
            anta: ["C202 5", "Kai 1", "Mach 4"],
            "li-ning": ["Way of Wade 10", "Yunlong", "Soft Go"],
            skechers: ["Go Walk 7", "D'Lites", "Arch Fit", "Uno"],
            demix: ["Run Lite", "Strike", "Cruise", "Flow"],
          },
          properties: [
            enumProp("size", "Размер", SHOE_SIZES),
            enumProp("sex", "Пол", SEXES),
            enumProp("upper", "Материал верха", [U.textile, U.mesh, U.leather, U.fauxLeather, U.suede]),
            enumProp("purpose", "Назначение", [
              { value: "бег", phrase: "для бега" },
              { value: "ходьба", phrase: "для ходьбы" },
              { value: "тренировки в зале", phrase: "для зала" },
              { value: "повседневные", phrase: "повседневные" },
            ]),
            colour(["white", "black", "grey", "beige", "blue", "pink"]),
          ],
          variants: ["color"],
          titles: [
            (c) => `Кроссовки ${c.a("sex")} ${c.brand} ${c.p("purpose")}, ${c.a("color")}`,
            (c) => `Кроссовки ${c.brand} ${c.model}, ${c.a("color")}`,
          ],
          facts: [
            (c) => c.about("upper"),
            () => "Амортизирующая подошва смягчает удар о землю и снижает нагрузку на суставы.",
            () => "Съёмная стелька повторяет анатомию стопы.",
          ],
        },
        {
          name: "Ботинки",
          type: "Ботинки",
          gender: "pl",
          weight: 2,
          price: [2990, 19990],
          brands: ["ralf-ringer", "ekonika", "tervolina", "respect", "carlo-pazolini"],
          properties: [
            enumProp("size", "Размер", SHOE_SIZES),
            enumProp("sex", "Пол", SEXES.slice(0, 2)),
            enumProp("season", "Сезон", SEASONS),
            enumProp("upper", "Материал верха", [U.leather, U.suede, U.nubuck, U.fauxLeather], {
              premium: 0.2,
            }),
            enumProp("lining", "Материал подкладки", [
              "натуральный мех",
              "искусственный мех",
              "текстиль",
              "байка",
            ]),
            colour(SHOE_COLOURS),
          ],
          variants: ["color"],
          titles: [
            (c) => `Ботинки ${c.a("sex")} ${c.brand} ${c.a("season")} ${c.p("upper")}, ${c.a("color")}`,
            (c) => `Челси ${c.a("sex")} ${c.brand} ${c.p("upper")}, ${c.a("color")}`,
          ],
          facts: [
            (c) => c.about("upper"),
            (c) =>
              c.v("season") === "зимний"
                ? `Подкладка (${c.v("lining")}) сохраняет тепло до −25 °C.`
                : "Лёгкая подкладка подходит для прохладной осени и ранней весны.",
            () => "Противоскользящая подошва уверенно держит на мокром асфальте.",
          ],
        },
        {
          name: "Туфли",
          type: "Туфли",
          gender: "pl",
          price: [2490, 14990],
          brands: ["ekonika", "tervolina", "respect", "carlo-pazolini"],
          properties: [
            enumProp("size", "Размер", SHOE_SIZES.slice(0, 7)),
            numProp("heel", "Высота каблука", "см", [0, 3, 5, 7, 9]),
            enumProp("upper", "Материал верха", [U.leather, U.suede, U.fauxLeather]),
            colour(["black", "beige", "red", "white", "burgundy"]),
          ],
          variants: ["color"],
          titles: [
            (c) =>
              `Туфли женские ${c.brand} ${c.n("heel") === 0 ? "на плоской подошве" : c.n("heel") < 5 ? "на низком каблуке" : "на каблуке"} ${c.p("upper")}, ${c.a("color")}`,
            (c) => `Лоферы ${c.brand} ${c.p("upper")}, ${c.a("color")}`,
          ],
          facts: [
            (c) => c.about("upper"),
            (c) =>
              c.n("heel") === 0
                ? "Плоская подошва позволяет провести на ногах весь день."
                : `Устойчивый каблук ${c.v("heel")} не устаёшь носить весь день.`,
            () => "Мягкая кожаная стелька не натирает и хорошо пропускает воздух.",
          ],
        },
        {
          name: "Сапоги",
          type: "Сапоги",
          gender: "pl",
          price: [3990, 24990],
          brands: ["ekonika", "tervolina", "respect", "carlo-pazolini"],
          properties: [
            enumProp("size", "Размер", SHOE_SIZES.slice(0, 7)),
            enumProp("season", "Сезон", SEASONS),
            enumProp("upper", "Материал верха", [U.leather, U.suede, U.fauxLeather], { premium: 0.25 }),
            numProp("heel", "Высота каблука", "см", [0, 3, 5, 7]),
            colour(["black", "brown", "beige", "burgundy"]),
          ],
          variants: ["color"],
          titles: [(c) => `Сапоги женские ${c.brand} ${c.a("season")} ${c.p("upper")}, ${c.a("color")}`],
          facts: [
            (c) => c.about("upper"),
            (c) =>
              c.v("season") === "зимний"
                ? "Натуральная шерстяная подкладка защищает от холода."
                : "Демисезонная модель на тонкой байке подходит для прохладной погоды.",
            () => "Голенище на молнии легко застёгивается и плотно облегает ногу.",
          ],
        },
      ],
    },
  ],
};
