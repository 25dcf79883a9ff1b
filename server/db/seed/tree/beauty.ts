import type { SectionSpec } from "#server/db/seed/catalog-types.ts";
import { adj, boolProp, colour, enumProp, numProp } from "#server/db/seed/property-pools.ts";

const skinTypes = enumProp("skin", "Тип кожи", [
  { value: "для всех типов", phrase: "для всех типов кожи" },
  { value: "сухая", phrase: "для сухой кожи" },
  { value: "жирная", phrase: "для жирной кожи" },
  { value: "комбинированная", phrase: "для комбинированной кожи" },
  { value: "чувствительная", phrase: "для чувствительной кожи" },
]);

const hairTypes = enumProp("hair", "Тип волос", [
  { value: "для всех типов", phrase: "для всех типов волос" },
  { value: "окрашенные", phrase: "для окрашенных волос" },
  { value: "сухие и повреждённые", phrase: "для сухих и повреждённых волос" },
  { value: "жирные у корней", phrase: "для волос, жирных у корней" },
  { value: "тонкие", phrase: "для тонких волос" },
]);

const haircareModels = {
  loreal: ["Elseve Гиалурон Наполнитель", "Elseve Полное восстановление 5", "Elseve Роскошь 6 масел"],
  garnier: ["Fructis SOS Восстановление", "Fructis Рост во всю силу", "Botanic Therapy"],
  "natura-siberica": ["Объём и баланс", "Облепиховый", "Северная морошка"],
  "chistaya-liniya": ["Крапива", "Репейник", "Ромашка"],
  faberlic: ["Expert Hair", "Bio Pro", "Argan Oil"],
  estel: ["Curex Classic", "Otium Aqua", "Prima Blonde"],
  pantene: ["Pro-V Aqua Light", "Pro-V Интенсивное восстановление"],
};

export const beauty: SectionSpec = {
  key: "beauty",
  name: "Красота и здоровье",
  intros: [
    (c) => `Средства ${c.brand} созданы для ежедневного ухода.`,
    () => "Продукт прошёл дерматологический контроль и подходит для регулярного применения.",
    (c) => `${c.brand} — бренд, которому доверяют миллионы покупателей.`,
  ],
  outros: [
    "Перед первым применением рекомендуется провести тест на чувствительность.",
    "Срок годности и состав указаны на упаковке.",
    "Хранить при температуре от +5 до +25 °C.",
  ],
  children: [
    {
      name: "Уход за лицом",
      children: [
        {
          name: "Кремы для лица",
          type: "Крем для лица",
          gender: "m",
          price: [190, 4990],
          brands: [
            "loreal",
            "natura-siberica",
            "faberlic",
            "garnier",
            "nivea",
            "chistaya-liniya",
            "librederm",
            "mixit",
          ],
          models: {
            loreal: ["Revitalift", "Гиалурон Эксперт", "Возраст Эксперт 55+"],
            garnier: ["Гиалуроновый Алоэ", "Vitamin C", "Основной уход"],
            nivea: ["Care", "Q10 Power", "Hyaluron Cellular Filler"],
            librederm: ["Гиалуроновый", "Cerafavit", "Витамин Е"],
          },
          properties: [
            numProp("volume", "Объём", "мл", [30, 50, 75, 100]),
            skinTypes,
            enumProp("time", "Время применения", [adj("дневной"), adj("ночной"), adj("универсальный")]),
            enumProp("effect", "Эффект", ["увлажнение", "питание", "антивозрастной уход", "матирование"]),
          ],
          titles: [
            (c) =>
              `Крем для лица ${c.brand} ${c.model} ${c.v("time") === "универсальный" ? "" : c.a("time")} ${c.p("skin")}, ${c.v("volume")}`,
            (c) => `Крем ${c.a("time")} ${c.brand} ${c.model} ${c.p("skin")}, ${c.v("volume")}`,
          ],
          facts: [
            (c) => `Главная задача крема — ${c.v("effect")}; текстура лёгкая и быстро впитывается.`,
            () => "Формула с гиалуроновой кислотой и пантенолом восстанавливает защитный барьер кожи.",
            () => "Подходит как основа под макияж.",
          ],
        },
        {
          name: "Сыворотки",
          type: "Сыворотка",
          gender: "f",
          price: [290, 5990],
          brands: ["loreal", "librederm", "mixit", "art-and-fact", "natura-siberica", "faberlic", "garnier"],
          properties: [
            numProp("volume", "Объём", "мл", [15, 30, 50]),
            enumProp("active", "Активный компонент", [
              { value: "гиалуроновая кислота", phrase: "с гиалуроновой кислотой" },
              { value: "витамин C", phrase: "с витамином C" },
              { value: "ниацинамид", phrase: "с ниацинамидом" },
              { value: "ретинол", phrase: "с ретинолом" },
              { value: "пептиды", phrase: "с пептидами" },
            ]),
            skinTypes,
          ],
          titles: [
            (c) => `Сыворотка для лица ${c.brand} ${c.p("active")}, ${c.v("volume")}`,
            (c) => `Сыворотка ${c.brand} ${c.p("active")} ${c.p("skin")}, ${c.v("volume")}`,
          ],
          facts: [
            (c) => `Активный компонент — ${c.v("active")} в эффективной концентрации.`,
            () => "Сыворотку наносят на очищенную кожу перед кремом утром и вечером.",
            () => "Флакон с пипеткой помогает точно дозировать средство.",
          ],
        },
        {
          name: "Маски для лица",
          type: "Маска",
          gender: "f",
          price: [79, 2490],
          brands: ["garnier", "mixit", "natura-siberica", "faberlic", "art-and-fact", "chistaya-liniya"],
          properties: [
            enumProp("kind", "Тип", ["тканевая", "кремовая", "глиняная", "альгинатная"]),
            enumProp("effect", "Эффект", [
              { value: "увлажнение", phrase: "увлажняющая" },
              { value: "очищение", phrase: "очищающая" },
              { value: "питание", phrase: "питательная" },
              { value: "успокаивание", phrase: "успокаивающая" },
            ]),
            numProp("volume", "Объём", "мл", [25, 50, 75, 100]),
          ],
          titles: [
            (c) => `Маска для лица ${c.v("kind")} ${c.brand} ${c.p("effect")}`,
            (c) => `Маска ${c.p("effect")} ${c.brand} ${c.v("kind")}, ${c.v("volume")}`,
          ],
          facts: [
            (c) =>
              c.v("kind") === "тканевая"
                ? "Тканевая основа пропитана сывороткой — достаточно 15–20 минут."
                : "Маску наносят тонким слоем на 10–15 минут и смывают тёплой водой.",
            () => "Рекомендуется использовать 1–2 раза в неделю.",
          ],
        },
      ],
    },
    {
      name: "Уход за волосами",
      children: [
        {
          name: "Шампуни",
          type: "Шампунь",
          gender: "m",
          weight: 1.5,
          price: [149, 1990],
          brands: ["loreal", "natura-siberica", "faberlic", "garnier", "chistaya-liniya", "estel", "pantene"],
          models: haircareModels,
          properties: [
            numProp("volume", "Объём", "мл", [250, 400, 500, 1000], { premium: 0.4 }),
            hairTypes,
            boolProp("sulfateFree", "Без сульфатов", 0.35),
          ],
          titles: [
            (c) => `Шампунь ${c.brand} ${c.model} ${c.p("hair")}, ${c.v("volume")}`,
            (c) =>
              `Шампунь${c.is("sulfateFree") ? " бессульфатный" : ""} ${c.brand} ${c.model}, ${c.v("volume")}`,
          ],
          facts: [
            (c) => `Шампунь ${c.p("hair")} мягко очищает и не утяжеляет волосы.`,
            (c) =>
              c.is("sulfateFree")
                ? "Бессульфатная формула бережно относится к цвету окрашенных волос."
                : "Густая пена быстро смывается и легко распределяется.",
            () => "Для лучшего результата используйте вместе с бальзамом той же серии.",
          ],
        },
        {
          name: "Бальзамы и кондиционеры",
          type: "Бальзам",
          gender: "m",
          price: [149, 1990],
          brands: ["loreal", "natura-siberica", "faberlic", "garnier", "chistaya-liniya", "estel", "pantene"],
          models: haircareModels,
          properties: [numProp("volume", "Объём", "мл", [200, 250, 400, 1000], { premium: 0.4 }), hairTypes],
          titles: [
            (c) => `Бальзам для волос ${c.brand} ${c.model} ${c.p("hair")}, ${c.v("volume")}`,
            (c) => `Бальзам-ополаскиватель ${c.brand} ${c.model}, ${c.v("volume")}`,
          ],
          facts: [
            () => "Бальзам разглаживает волосы, облегчает расчёсывание и придаёт блеск.",
            () => "Нанесите на влажные волосы, оставьте на 2–3 минуты и смойте.",
          ],
        },
        {
          name: "Фены",
          type: "Фен",
          gender: "m",
          price: [990, 49990],
          brands: ["philips", "dyson", "rowenta", "braun", "polaris", "scarlett", "xiaomi"],
          modelCodes: "HD",
          models: {
            dyson: ["Supersonic HD07", "Supersonic HD15", "Supersonic Nural"],
            xiaomi: ["Compact Hair Dryer H101", "Water Ionic Hair Dryer H500"],
          },
          properties: [
            numProp("power", "Мощность", "Вт", [1200, 1600, 1800, 2000, 2200, 2400]),
            numProp("speeds", "Количество скоростей", null, [2, 3]),
            boolProp("ion", "Ионизация", 0.6),
            colour(["black", "white", "pink", "violet", "graphite"]),
          ],
          titles: [
            (c) =>
              `Фен ${c.brand} ${c.model}, ${c.v("power")}${c.is("ion") ? ", с ионизацией" : ""}, ${c.a("color")}`,
          ],
          facts: [
            (c) => `Мощность ${c.v("power")} позволяет высушить длинные волосы за несколько минут.`,
            (c) =>
              c.is("ion")
                ? "Ионизация снимает статическое электричество и делает волосы гладкими."
                : "Кнопка холодного воздуха фиксирует укладку.",
            () => "В комплекте — концентратор и диффузор.",
          ],
        },
      ],
    },
    {
      name: "Декоративная косметика",
      children: [
        {
          name: "Помады",
          type: "Помада",
          gender: "f",
          price: [199, 2990],
          brands: [
            "maybelline",
            "loreal",
            "vivienne-sabo",
            "divage",
            "art-visage",
            "luxvisage",
            "influence-beauty",
          ],
          models: {
            maybelline: ["Color Sensational", "Super Stay Matte Ink", "Super Stay Vinyl Ink"],
            loreal: ["Color Riche", "Infaillible", "Rouge Signature"],
            "vivienne-sabo": ["Rouge Charmant", "Merci", "Mat Dramatique"],
            divage: ["Velvet", "Colour Sphere", "Soft Touch"],
          },
          properties: [
            enumProp("finish", "Финиш", [adj("матовый"), adj("сатиновый"), adj("глянцевый")]),
            enumProp("shade", "Оттенок", [
              "нюдовый",
              "розовый",
              "красный",
              "ягодный",
              "коралловый",
              "бордовый",
              "карамельный",
            ]),
            boolProp("longwear", "Стойкая", 0.5),
          ],
          titles: [
            (c) => `Помада для губ ${c.a("finish")} ${c.brand} ${c.model}, оттенок ${c.v("shade")}`,
            (c) =>
              `Помада${c.is("longwear") ? " стойкая" : ""} ${c.brand} ${c.model}, ${c.v("shade")} оттенок`,
          ],
          facts: [
            (c) =>
              `${c.a("finish") === "матовая" ? "Матовое" : "Сияющее"} покрытие смотрится аккуратно весь день.`,
            (c) =>
              c.is("longwear")
                ? "Стойкая формула не отпечатывается на чашке."
                : "Масла в составе ухаживают за губами и не сушат их.",
          ],
        },
        {
          name: "Тушь для ресниц",
          type: "Тушь",
          gender: "f",
          price: [199, 2490],
          brands: ["maybelline", "loreal", "vivienne-sabo", "divage", "art-visage", "luxvisage"],
          models: {
            maybelline: ["Lash Sensational", "The Colossal", "Sky High"],
            loreal: ["Volume Millions Lashes", "Paradise Extatic", "Telescopic"],
            "vivienne-sabo": ["Cabaret Premiere", "Femme Fatale", "Mon Amour"],
            "art-visage": ["Ultimate Lash", "Lash Extension"],
          },
          properties: [
            enumProp("effect", "Эффект", [
              { value: "объём", phrase: "объёмная" },
              { value: "удлинение", phrase: "удлиняющая" },
              { value: "подкручивание", phrase: "подкручивающая" },
              { value: "разделение", phrase: "разделяющая" },
            ]),
            boolProp("waterproof", "Водостойкая", 0.4),
            colour(["black", "brown", "blue"], [6, 2, 1]),
            numProp("volume", "Объём", "мл", [7, 9, 10, 12]),
          ],
          titles: [
            (c) =>
              `Тушь для ресниц ${c.brand} ${c.model} ${c.p("effect")}${c.is("waterproof") ? " водостойкая" : ""}, ${c.a("color")}`,
          ],
          facts: [
            (c) => `Щёточка распределяет тушь от корней до кончиков, эффект — ${c.v("effect")} без комочков.`,
            (c) =>
              c.is("waterproof")
                ? "Водостойкая формула не боится дождя и слёз; снимается двухфазным средством."
                : "Тушь легко смывается тёплой водой.",
          ],
        },
        {
          name: "Тональные средства",
          type: "Тональный крем",
          gender: "m",
          price: [249, 3990],
          brands: [
            "maybelline",
            "loreal",
            "vivienne-sabo",
            "divage",
            "art-visage",
            "luxvisage",
            "influence-beauty",
          ],
          models: {
            maybelline: ["Fit Me", "Super Stay 30H", "Dream Satin"],
            loreal: ["Infaillible 32H", "Alliance Perfect", "True Match"],
            "art-visage": ["Perfect Skin", "Nude Skin"],
          },
          properties: [
            enumProp("coverage", "Покрытие", [
              { value: "лёгкое", phrase: "с лёгким покрытием" },
              { value: "среднее", phrase: "со средним покрытием" },
              { value: "плотное", phrase: "с плотным покрытием" },
            ]),
            enumProp("spf", "Защита от солнца", ["нет", "SPF 15", "SPF 30"]),
            enumProp("shade", "Тон", ["светлый", "натуральный", "бежевый", "тёплый бежевый", "песочный"]),
            numProp("volume", "Объём", "мл", [25, 30, 35]),
          ],
          titles: [
            (c) =>
              `Тональный крем ${c.brand} ${c.model} ${c.p("coverage")}, ${c.v("volume")}, тон ${c.v("shade")}`,
          ],
          facts: [
            (c) => `Тон «${c.v("shade")}» выравнивает цвет лица и маскирует покраснения.`,
            (c) =>
              c.v("spf") === "нет"
                ? "Лёгкая текстура не забивает поры."
                : `Фактор защиты ${c.v("spf")} защищает кожу от солнца в городе.`,
          ],
        },
      ],
    },
  ],
};
