import type { SectionSpec } from "#server/db/seed/catalog-types.ts";
import { enumProp, numProp } from "#server/db/seed/property-pools.ts";

export const food: SectionSpec = {
  key: "food",
  name: "Продукты питания",
  intros: [
    (c) => `Продукция ${c.brand} — привычный вкус, знакомый с детства.`,
    () => "Продукт изготовлен по ГОСТу из отборного сырья.",
    (c) => `${c.brand} — марка, которую выбирают для всей семьи.`,
  ],
  outros: [
    "Условия хранения и срок годности указаны на упаковке.",
    "Товар доставляется с соблюдением температурного режима.",
    "Пищевая ценность указана на упаковке.",
  ],
  children: [
    {
      name: "Молочные продукты",
      children: [
        {
          name: "Молоко",
          type: "Молоко",
          gender: "n",
          price: [69, 189],
          brands: ["prostokvashino", "domik-v-derevne", "vkusnoteevo", "parmalat", "agusha"],
          properties: [
            enumProp("fat", "Жирность", ["1,5%", "2,5%", "3,2%", "3,5%", "6%"]),
            numProp("volume", "Объём", "мл", [900, 930, 950, 1000, 1400], { premium: 0.6 }),
            enumProp("treatment", "Обработка", ["пастеризованное", "ультрапастеризованное", "отборное"]),
          ],
          titles: [(c) => `Молоко ${c.brand} ${c.v("treatment")} ${c.v("fat")}, ${c.v("volume")}`],
          facts: [
            (c) => `Молоко ${c.v("treatment")} жирностью ${c.v("fat")} подходит для каши, кофе и выпечки.`,
            () => "Без сухого молока, консервантов и растительных жиров.",
          ],
        },
        {
          name: "Йогурты",
          type: "Йогурт",
          gender: "m",
          price: [39, 249],
          brands: ["agusha", "epica", "activia", "chudo", "teos", "prostokvashino"],
          properties: [
            enumProp("kind", "Тип", ["питьевой", "густой", "греческий"]),
            enumProp("flavour", "Вкус", ["натуральный", "клубника", "черника", "персик", "вишня", "манго"]),
            enumProp("fat", "Жирность", ["1,5%", "2%", "2,5%", "4,8%", "6%"]),
            numProp("weight", "Вес", "г", [95, 110, 125, 140, 250, 270], { premium: 0.6 }),
          ],
          titles: [
            (c) => `Йогурт ${c.v("kind")} ${c.brand} ${c.v("flavour")} ${c.v("fat")}, ${c.v("weight")}`,
          ],
          facts: [
            (c) =>
              c.v("flavour") === "натуральный"
                ? "Натуральный йогурт без добавок — хорошая основа для завтрака с гранолой."
                : `Вкус — ${c.v("flavour")}, кусочки настоящих ягод и фруктов.`,
            () => "Содержит живые йогуртовые культуры.",
          ],
        },
        {
          name: "Сыры",
          type: "Сыр",
          gender: "m",
          price: [159, 1290],
          brands: ["brest-litovsk", "hochland", "kiprino", "umalat", "savushkin"],
          properties: [
            enumProp("kind", "Вид", ["полутвёрдый", "твёрдый", "моцарелла", "плавленый", "творожный"], {
              weights: [5, 2, 1, 1, 1],
            }),
            enumProp("fat", "Жирность в сухом веществе", ["45%", "50%", "55%", "60%"]),
            numProp("weight", "Вес", "г", [150, 180, 200, 250, 300, 400], { premium: 0.6 }),
          ],
          titles: [
            (c) =>
              ["полутвёрдый", "твёрдый"].includes(c.v("kind"))
                ? `Сыр ${c.v("kind")} ${c.brand} «${c.pick("Российский", "Голландский", "Гауда", "Маасдам", "Пошехонский", "Тильзитер", "Эдам")}» ${c.v("fat")}, ${c.v("weight")}`
                : `Сыр ${c.v("kind")} ${c.brand} ${c.v("fat")}, ${c.v("weight")}`,
          ],
          facts: [
            (c) => `Вид — ${c.v("kind")}; сыр хорош для бутербродов, салатов и горячих блюд.`,
            () => "Изготовлен из нормализованного коровьего молока без растительных жиров.",
          ],
        },
      ],
    },
    {
      name: "Бакалея",
      children: [
        {
          name: "Крупы",
          type: "Крупа",
          gender: "f",
          price: [59, 399],
          brands: ["mistral", "uvelka", "natsional", "makfa"],
          properties: [
            enumProp("kind", "Вид", [
              { value: "гречневая", phrase: "Крупа гречневая ядрица" },
              { value: "рис длиннозёрный", phrase: "Рис длиннозёрный" },
              { value: "рис круглозёрный", phrase: "Рис круглозёрный" },
              { value: "пшённая", phrase: "Пшено шлифованное" },
              { value: "овсяные хлопья", phrase: "Хлопья овсяные" },
              { value: "булгур", phrase: "Булгур" },
              { value: "киноа", phrase: "Киноа белая" },
            ]),
            numProp("weight", "Вес", "г", [400, 500, 800, 900, 1000], { premium: 0.5 }),
            enumProp("pack", "Упаковка", ["пакет", "пакетики для варки", "картонная коробка"]),
          ],
          titles: [(c) => `${c.p("kind")} ${c.brand}, ${c.v("weight")}`],
          facts: [
            (c) =>
              c.v("pack") === "пакетики для варки"
                ? "Крупа расфасована в пакетики для варки — не пригорает и не требует промывки."
                : "Крупа очищена и откалибрована: зёрна одного размера и развариваются равномерно.",
            () => "Подходит для гарниров, супов и каш.",
          ],
        },
        {
          name: "Макароны",
          type: "Макароны",
          gender: "pl",
          price: [59, 349],
          brands: ["makfa", "barilla", "shebekinskie", "grand-di-pasta"],
          properties: [
            enumProp("shape", "Форма", [
              "спагетти",
              "перья",
              "рожки",
              "спирали",
              "ракушки",
              "бантики",
              "лапша",
            ]),
            enumProp("wheat", "Сорт пшеницы", ["твёрдые сорта", "мягкие сорта"], { weights: [4, 1] }),
            numProp("weight", "Вес", "г", [400, 450, 500, 900, 1000], { premium: 0.5 }),
          ],
          titles: [(c) => `Макаронные изделия ${c.brand} ${c.v("shape")}, ${c.v("weight")}`],
          facts: [
            (c) =>
              c.v("wheat") === "твёрдые сорта"
                ? "Из твёрдых сортов пшеницы: макароны не развариваются и сохраняют форму."
                : "Быстро готовятся и хорошо впитывают соус.",
            () => "Время варки указано на упаковке.",
          ],
        },
        {
          name: "Соусы",
          type: "Соус",
          gender: "m",
          price: [59, 449],
          brands: ["maheev", "heinz", "calve", "sloboda"],
          properties: [
            enumProp("kind", "Вид", [
              { value: "кетчуп", phrase: "Кетчуп томатный" },
              { value: "майонез", phrase: "Майонез Провансаль 67%" },
              { value: "горчица", phrase: "Горчица русская" },
              { value: "соевый соус", phrase: "Соус соевый" },
              { value: "барбекю", phrase: "Соус барбекю" },
              { value: "сырный", phrase: "Соус сырный" },
            ]),
            numProp("weight", "Вес", "г", [200, 250, 300, 380, 500, 800], { premium: 0.5 }),
            enumProp("pack", "Упаковка", ["дой-пак", "стеклянная банка", "бутылка"]),
          ],
          titles: [(c) => `${c.p("kind")} ${c.brand}, ${c.v("weight")}`],
          facts: [
            (c) => `Упаковка — ${c.v("pack")}, удобно дозировать.`,
            () => "Подходит к мясу, пасте, картофелю и бутербродам.",
          ],
        },
      ],
    },
    {
      name: "Чай и кофе",
      children: [
        {
          name: "Чай",
          type: "Чай",
          gender: "m",
          price: [89, 1290],
          brands: ["lipton", "greenfield", "ahmad-tea", "tess", "curtis", "mayskiy"],
          models: {
            greenfield: ["Golden Ceylon", "Earl Grey Fantasy", "Kenyan Sunrise", "Green Melissa"],
            "ahmad-tea": ["English Breakfast", "Earl Grey", "Ceylon Tea"],
            lipton: ["Yellow Label", "Green Classic", "Forest Fruit"],
            tess: ["Pleasure", "Sunrise", "Flirt"],
            curtis: ["Original Ceylon", "Delicate Mango Green", "Summer Berries"],
            mayskiy: ["Корона Российской Империи", "Цейлонский", "Отборный"],
          },
          properties: [
            enumProp("kind", "Вид", ["чёрный", "зелёный", "травяной", "улун", "фруктовый"], {
              weights: [6, 3, 1, 1, 1],
            }),
            enumProp("format", "Форма выпуска", ["листовой", "в пакетиках", "в пирамидках"]),
            numProp("weight", "Вес", "г", [25, 50, 100, 200, 250], { premium: 0.6 }),
          ],
          titles: [(c) => `Чай ${c.v("kind")} ${c.brand} ${c.model} ${c.v("format")}, ${c.v("weight")}`],
          facts: [
            (c) => `Чай ${c.v("kind")} ${c.v("format")} с насыщенным вкусом и ярким ароматом.`,
            () => "Заваривайте водой 90–95 °C в течение 3–5 минут.",
          ],
        },
        {
          name: "Кофе в зёрнах",
          type: "Кофе",
          gender: "m",
          price: [349, 3990],
          brands: ["jacobs", "lavazza", "zhokey", "chernaya-karta", "paulig"],
          models: {
            jacobs: ["Monarch", "Barista Editions Crema", "Espresso"],
            lavazza: ["Qualità Oro", "Crema e Gusto", "Super Crema", "Espresso Italiano Classico"],
            zhokey: ["Эспрессо", "Классический", "По-восточному"],
            "chernaya-karta": ["Exclusive", "Gold", "Espresso Romano"],
            paulig: ["Classic", "Espresso Originale", "Presidentti"],
          },
          properties: [
            enumProp("roast", "Степень обжарки", ["светлая", "средняя", "тёмная"]),
            enumProp("blend", "Состав", ["100% арабика", "арабика и робуста"]),
            numProp("weight", "Вес", "г", [250, 500, 800, 1000], { premium: 0.6 }),
          ],
          titles: [(c) => `Кофе в зёрнах ${c.brand} ${c.model}, ${c.v("weight")}`],
          facts: [
            (c) => `Состав — ${c.v("blend")}, обжарка ${c.v("roast")}.`,
            () => "Подходит для кофемашин, турки и френч-пресса.",
          ],
        },
        {
          name: "Кофе молотый",
          type: "Кофе",
          gender: "m",
          price: [199, 1490],
          brands: ["jacobs", "lavazza", "zhokey", "chernaya-karta", "paulig"],
          models: {
            jacobs: ["Monarch Classico", "Barista Editions", "Espresso"],
            lavazza: ["Qualità Rossa", "Crema e Gusto", "Espresso"],
            zhokey: ["Классический", "По-восточному", "Для турки"],
            "chernaya-karta": ["Exclusive", "Для турки"],
            paulig: ["Classic", "Mokka"],
          },
          properties: [
            enumProp("roast", "Степень обжарки", ["светлая", "средняя", "тёмная"]),
            enumProp("grind", "Помол", ["мелкий", "средний", "крупный"]),
            numProp("weight", "Вес", "г", [200, 230, 250, 450, 500], { premium: 0.6 }),
          ],
          titles: [(c) => `Кофе молотый ${c.brand} ${c.model}, ${c.v("weight")}`],
          facts: [
            (c) =>
              c.v("grind") === "мелкий"
                ? "Мелкий помол подходит для турки и эспрессо."
                : `${c.v("grind") === "средний" ? "Средний" : "Крупный"} помол подходит для френч-пресса и капельной кофеварки.`,
            (c) => `Обжарка ${c.v("roast")} раскрывает шоколадные и ореховые ноты.`,
          ],
        },
      ],
    },
  ],
};
