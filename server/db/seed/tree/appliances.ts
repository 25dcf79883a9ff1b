import type { SectionSpec } from "#server/db/seed/catalog-types.ts";
import { APPLIANCE_COLOURS, boolProp, colour, enumProp, numProp } from "#server/db/seed/property-pools.ts";

export const appliances: SectionSpec = {
  key: "appliances",
  name: "Бытовая техника",
  intros: [
    (c) => `Техника ${c.brand} делает домашние дела проще и быстрее.`,
    (c) => `Модель ${c.brand} ${c.model} рассчитана на ежедневное использование в доме или квартире.`,
    () => "Продуманная конструкция и понятное управление — разобраться можно без инструкции.",
  ],
  outros: [
    "Гарантия производителя — 12 месяцев, обслуживание в авторизованных сервисных центрах.",
    "В комплекте — инструкция на русском языке и гарантийный талон.",
    "Прибор сертифицирован для продажи в России и рассчитан на сеть 220 В.",
  ],
  children: [
    {
      name: "Техника для кухни",
      children: [
        {
          name: "Электрические чайники",
          type: "Чайник",
          gender: "m",
          price: [890, 14990],
          brands: [
            "redmond",
            "polaris",
            "tefal",
            "bosch",
            "philips",
            "xiaomi",
            "vitek",
            "scarlett",
            "kitfort",
          ],
          modelCodes: "K",
          models: { xiaomi: ["Mi Smart Kettle Pro", "Electric Kettle 2", "Mijia Kettle S1"] },
          properties: [
            numProp("volume", "Объём", "л", [1, 1.5, 1.7, 1.8, 2]),
            numProp("power", "Мощность", "Вт", [1500, 1800, 2000, 2200]),
            enumProp("body", "Материал корпуса", [
              { value: "пластик", phrase: "пластиковый" },
              { value: "нержавеющая сталь", phrase: "из нержавеющей стали" },
              { value: "стекло", phrase: "стеклянный" },
              { value: "керамика", phrase: "керамический" },
            ]),
            boolProp("keepWarm", "Поддержание температуры", 0.35),
            colour(["white", "black", "silver", "grey", "beige", "mint"]),
          ],
          titles: [
            (c) => `Чайник электрический ${c.brand} ${c.model}, ${c.v("volume")}, ${c.a("color")}`,
            (c) => `Чайник ${c.p("body")} ${c.brand} ${c.model}, ${c.v("volume")}`,
          ],
          facts: [
            (c) =>
              `Объёма ${c.v("volume")} хватит, чтобы напоить чаем всю семью, а мощность ${c.v("power")} быстро доводит воду до кипения.`,
            (c) =>
              c.is("keepWarm")
                ? "Чайник умеет нагревать воду до заданной температуры и поддерживать её — удобно для зелёного чая и детского питания."
                : "Автоотключение при закипании и защита от включения без воды делают чайник безопасным.",
            () =>
              "Шкала уровня воды видна с обеих сторон, а подставка позволяет поворачивать чайник на 360°.",
          ],
        },
        {
          name: "Кофемашины и кофеварки",
          type: "Кофемашина",
          gender: "f",
          weight: 1.5,
          price: [2990, 149990],
          brands: ["delonghi", "philips", "krups", "polaris", "redmond", "bosch", "melitta"],
          modelCodes: "CM",
          models: {
            delonghi: ["Magnifica S", "Dinamica", "Dedica Style", "Rivelia"],
            philips: ["Series 2200 LatteGo", "Series 3200", "Series 5400"],
            krups: ["Evidence", "Arabica", "Intuition Preference"],
            melitta: ["Caffeo Solo", "Purista", "Barista TS Smart"],
          },
          properties: [
            enumProp("kind", "Тип", ["автоматическая", "рожковая", "капсульная", "капельная"], {
              premium: 0.3,
              weights: [4, 3, 2, 2],
            }),
            numProp("power", "Мощность", "Вт", [800, 1000, 1350, 1450, 1500]),
            numProp("tank", "Объём резервуара для воды", "л", [0.6, 1.2, 1.5, 1.8]),
            boolProp("milk", "Капучинатор", 0.5),
            colour(["black", "silver", "white"]),
          ],
          titles: [
            (c) =>
              c.v("kind") === "капельная"
                ? `Кофеварка капельная ${c.brand} ${c.model}, ${c.a("color")}`
                : `Кофемашина ${c.v("kind")} ${c.brand} ${c.model}, ${c.a("color")}`,
          ],
          facts: [
            (c) =>
              c.v("kind") === "капельная"
                ? "Капельная кофеварка готовит сразу несколько чашек фильтр-кофе."
                : `${c.v("kind") === "капсульная" ? "Капсульная" : c.v("kind") === "рожковая" ? "Рожковая" : "Автоматическая"} кофемашина готовит эспрессо с плотной пенкой за пару минут.`,
            (c) => `Съёмный резервуар на ${c.v("tank")} удобно наполнять и мыть.`,
            (c) =>
              c.is("milk") && c.v("kind") !== "капельная"
                ? "Капучинатор взбивает молоко для капучино и латте."
                : "Чашки подогреваются на верхней панели, поэтому кофе дольше остаётся горячим.",
          ],
        },
        {
          name: "Микроволновые печи",
          type: "Микроволновая печь",
          gender: "f",
          price: [4990, 34990],
          brands: ["samsung", "lg", "bosch", "midea", "haier", "gorenje"],
          modelCodes: "MW",
          properties: [
            numProp("volume", "Объём", "л", [17, 20, 23, 25, 28, 32], { premium: 0.3 }),
            numProp("power", "Мощность микроволн", "Вт", [700, 800, 900, 1000]),
            boolProp("grill", "Гриль", 0.5),
            enumProp("control", "Управление", ["механическое", "сенсорное", "кнопочное"]),
            colour(["white", "black", "silver"]),
          ],
          titles: [
            (c) =>
              `Микроволновая печь ${c.brand} ${c.model}, ${c.v("volume")}${c.is("grill") ? ", с грилем" : ""}, ${c.a("color")}`,
          ],
          facts: [
            (c) => `Камера объёмом ${c.v("volume")} вмещает большую тарелку или форму для запекания.`,
            (c) =>
              c.is("grill")
                ? "Гриль помогает приготовить горячие бутерброды и курицу с хрустящей корочкой."
                : "Автоматические программы разморозки и разогрева сами подбирают время и мощность.",
            (c) => `Управление ${c.v("control")}, панель легко протирать.`,
          ],
        },
        {
          name: "Блендеры",
          type: "Блендер",
          gender: "m",
          price: [1490, 24990],
          brands: ["philips", "bosch", "braun", "redmond", "polaris", "kitfort", "tefal"],
          modelCodes: "B",
          models: { braun: ["MultiQuick 5", "MultiQuick 7", "MultiQuick 9"] },
          properties: [
            enumProp("kind", "Тип", ["погружной", "стационарный"]),
            numProp("power", "Мощность", "Вт", [600, 800, 1000, 1200, 1500], { premium: 0.3 }),
            numProp("bowl", "Объём чаши", "л", [0.6, 0.8, 1.5, 2]),
            numProp("speeds", "Количество скоростей", null, [2, 5, 10, 21]),
          ],
          titles: [(c) => `Блендер ${c.v("kind")} ${c.brand} ${c.model}, ${c.v("power")}`],
          facts: [
            (c) =>
              c.v("kind") === "погружной"
                ? "Погружной блендер делает пюре и соусы прямо в кастрюле."
                : `Стационарный блендер с чашей ${c.v("bowl")} готовит смузи и колет лёд.`,
            (c) =>
              `${c.n("speeds")} ${c.plural(c.n("speeds"), "скорость", "скорости", "скоростей")} и импульсный режим помогают добиться нужной консистенции.`,
            () => "Ножи из нержавеющей стали не тупятся и легко моются.",
          ],
        },
        {
          name: "Мультиварки",
          type: "Мультиварка",
          gender: "f",
          price: [2990, 24990],
          brands: ["redmond", "polaris", "tefal", "philips", "moulinex", "kitfort"],
          modelCodes: "MC",
          properties: [
            numProp("volume", "Объём чаши", "л", [3, 4, 5, 6]),
            numProp("power", "Мощность", "Вт", [700, 860, 900, 1000]),
            numProp("programs", "Количество программ", null, [12, 16, 25, 45, 50], { premium: 0.3 }),
            boolProp("pressure", "Функция скороварки", 0.3),
            enumProp("coating", "Покрытие чаши", ["антипригарное", "керамическое", "нержавеющая сталь"]),
          ],
          titles: [
            (c) =>
              `Мультиварка ${c.brand} ${c.model}, ${c.v("volume")}, ${c.n("programs")} ${c.plural(c.n("programs"), "программа", "программы", "программ")}`,
            (c) =>
              `Мультиварка${c.is("pressure") ? "-скороварка" : ""} ${c.brand} ${c.model}, ${c.v("volume")}`,
          ],
          facts: [
            (c) => `Чаша на ${c.v("volume")} подходит для семьи из трёх-четырёх человек.`,
            (c) =>
              `${c.n("programs")} ${c.plural(c.n("programs"), "программа", "программы", "программ")} — от каши и йогурта до выпечки и тушения.`,
            (c) =>
              c.is("pressure")
                ? "Режим скороварки сокращает время приготовления мяса и бобовых в несколько раз."
                : "Отложенный старт позволяет получить горячий завтрак к нужному времени.",
          ],
        },
      ],
    },
    {
      name: "Крупная бытовая техника",
      children: [
        {
          name: "Холодильники",
          type: "Холодильник",
          gender: "m",
          weight: 1.5,
          price: [19990, 249990],
          brands: ["atlant", "haier", "lg", "samsung", "bosch", "indesit", "beko", "liebherr"],
          modelCodes: "R",
          models: { atlant: ["ХМ 4626-101", "ХМ 4621-101 NL", "ХМ 4424-000 N", "МХМ 2835-90"] },
          properties: [
            enumProp("config", "Конфигурация", ["двухкамерный", "однокамерный", "Side-by-Side"], {
              premium: 0.4,
              weights: [7, 2, 1],
            }),
            numProp("volume", "Общий объём", "л", [210, 280, 325, 364, 420, 500], { premium: 0.3 }),
            numProp("height", "Высота", "см", [150, 176, 185, 195, 203]),
            boolProp("nofrost", "No Frost", 0.6),
            colour(APPLIANCE_COLOURS),
          ],
          titles: [
            (c) =>
              `Холодильник ${c.v("config")} ${c.brand} ${c.model}${c.is("nofrost") ? ", No Frost" : ""}, ${c.a("color")}`,
            (c) => `Холодильник ${c.brand} ${c.model}, ${c.v("volume")}, ${c.a("color")}`,
          ],
          facts: [
            (c) =>
              `Общий объём ${c.v("volume")} при высоте ${c.v("height")} — места хватит для запасов на неделю.`,
            (c) =>
              c.is("nofrost")
                ? "Система No Frost избавляет от ручной разморозки."
                : "Капельная система оттаивания проста и надёжна.",
            () => "Полки из закалённого стекла выдерживают кастрюли и легко моются.",
          ],
        },
        {
          name: "Стиральные машины",
          type: "Стиральная машина",
          gender: "f",
          weight: 1.5,
          price: [19990, 129990],
          brands: ["lg", "samsung", "haier", "indesit", "bosch", "beko", "candy", "hotpoint"],
          modelCodes: "W",
          properties: [
            numProp("load", "Максимальная загрузка", "кг", [5, 6, 7, 8, 9, 10], { premium: 0.35 }),
            numProp("spin", "Скорость отжима", "об/мин", [1000, 1200, 1400]),
            numProp("depth", "Глубина", "см", [33, 40, 45, 55, 60]),
            boolProp("dryer", "Функция сушки", 0.2),
            boolProp("steam", "Обработка паром", 0.4),
          ],
          titles: [
            (c) => `Стиральная машина ${c.brand} ${c.model}, ${c.v("load")}, ${c.v("spin")}`,
            (c) =>
              `Стиральная машина${c.is("dryer") ? " с сушкой" : ""} ${c.brand} ${c.model}, ${c.v("load")}, белая`,
          ],
          facts: [
            (c) =>
              `Барабан вмещает до ${c.v("load")} белья, а глубина ${c.v("depth")} позволяет поставить машину в небольшой ванной.`,
            (c) =>
              c.is("steam")
                ? "Обработка паром освежает вещи и удаляет до 99% аллергенов."
                : `Отжим на ${c.v("spin")} оставляет бельё почти сухим.`,
            (c) =>
              c.is("dryer")
                ? "Встроенная сушка избавляет от необходимости развешивать бельё."
                : "Инверторный мотор работает тихо и экономит электроэнергию.",
          ],
        },
        {
          name: "Посудомоечные машины",
          type: "Посудомоечная машина",
          gender: "f",
          price: [17990, 99990],
          brands: ["bosch", "weissgauff", "midea", "hansa", "electrolux", "gorenje", "candy"],
          modelCodes: "DW",
          properties: [
            enumProp("install", "Установка", ["встраиваемая", "отдельностоящая", "настольная"], {
              weights: [5, 3, 1],
            }),
            numProp("width", "Ширина", "см", [45, 60]),
            numProp("sets", "Вместимость", "компл.", [6, 9, 10, 12, 13, 14], { premium: 0.3 }),
            numProp("programs", "Количество программ", null, [5, 6, 8]),
          ],
          titles: [(c) => `Посудомоечная машина ${c.v("install")} ${c.brand} ${c.model}, ${c.v("width")}`],
          facts: [
            (c) => `За один цикл машина моет до ${c.n("sets")} комплектов посуды.`,
            (c) =>
              `${c.n("programs")} ${c.plural(c.n("programs"), "программа", "программы", "программ")} мойки, включая быструю и деликатную для бокалов.`,
            () => "Защита от протечек перекрывает воду при малейшей неисправности.",
          ],
        },
      ],
    },
    {
      name: "Техника для дома",
      children: [
        {
          name: "Пылесосы",
          type: "Пылесос",
          gender: "m",
          weight: 1.5,
          price: [3990, 89990],
          brands: ["dyson", "xiaomi", "dreame", "samsung", "philips", "karcher", "polaris", "kitfort"],
          modelCodes: "VC",
          models: {
            dyson: ["V8 Absolute", "V12 Detect Slim", "V15 Detect", "Gen5detect"],
            xiaomi: ["Robot Vacuum X20+", "Robot Vacuum S10", "Vacuum Cleaner G11"],
            dreame: ["L10s Ultra", "D10 Plus", "R10 Pro", "H12 Pro"],
          },
          properties: [
            enumProp(
              "kind",
              "Тип",
              ["вертикальный", "робот-пылесос", "с контейнером", "с мешком", "моющий"],
              {
                premium: 0.2,
                weights: [4, 3, 3, 2, 1],
              },
            ),
            numProp("suction", "Мощность всасывания", "Вт", [100, 150, 200, 250, 400, 450], { premium: 0.3 }),
            numProp("dustbin", "Объём пылесборника", "л", [0.3, 0.5, 0.6, 1, 2, 3]),
            colour(["black", "white", "grey", "violet", "red"]),
          ],
          titles: [
            (c) =>
              c.v("kind") === "робот-пылесос"
                ? `Робот-пылесос ${c.brand} ${c.model}, ${c.a("color")}`
                : `Пылесос ${c.v("kind")} ${c.brand} ${c.model}, ${c.a("color")}`,
          ],
          facts: [
            (c) => `Мощность всасывания ${c.v("suction")} справляется с пылью, шерстью и крошками на коврах.`,
            (c) =>
              c.v("kind") === "робот-пылесос"
                ? "Робот строит карту квартиры, объезжает препятствия и сам возвращается на базу."
                : `Пылесборник на ${c.v("dustbin")} легко снимается и очищается одной рукой.`,
            () => "В комплекте — насадки для мебели, щелей и пола.",
          ],
        },
        {
          name: "Утюги",
          type: "Утюг",
          gender: "m",
          price: [1290, 14990],
          brands: ["philips", "tefal", "braun", "polaris", "bosch", "rowenta", "scarlett"],
          modelCodes: "SI",
          properties: [
            numProp("power", "Мощность", "Вт", [2000, 2200, 2400, 2600, 3000], { premium: 0.3 }),
            numProp("steam", "Паровой удар", "г/мин", [120, 150, 180, 200, 240]),
            enumProp("sole", "Подошва", ["керамическая", "нержавеющая сталь", "антипригарная"]),
            boolProp("autoOff", "Автоотключение", 0.5),
            colour(["blue", "violet", "white", "green", "mint"]),
          ],
          titles: [(c) => `Утюг ${c.brand} ${c.model}, ${c.v("power")}, ${c.a("color")}`],
          facts: [
            (c) => `Паровой удар ${c.v("steam")} разглаживает даже льняные вещи и плотный хлопок.`,
            (c) => `Подошва (${c.v("sole")}) легко скользит по ткани любого типа.`,
            (c) =>
              c.is("autoOff")
                ? "Утюг отключается сам, если его забыли выключить."
                : "Система защиты от накипи продлевает срок службы.",
          ],
        },
        {
          name: "Обогреватели",
          type: "Обогреватель",
          gender: "m",
          price: [1490, 19990],
          brands: ["ballu", "electrolux", "timberk", "polaris", "scarlett"],
          modelCodes: "H",
          properties: [
            enumProp("kind", "Тип", ["масляный радиатор", "конвектор", "инфракрасный", "тепловентилятор"]),
            numProp("power", "Мощность", "Вт", [1000, 1500, 2000, 2500], { premium: 0.3 }),
            numProp("area", "Площадь обогрева", "м²", [10, 15, 20, 25]),
            boolProp("thermostat", "Термостат", 0.7),
          ],
          titles: [
            (c) => {
              const kind = c.v("kind");
              const head =
                kind === "масляный радиатор"
                  ? "Масляный радиатор"
                  : kind === "конвектор"
                    ? "Конвектор электрический"
                    : kind === "инфракрасный"
                      ? "Инфракрасный обогреватель"
                      : "Тепловентилятор";
              return `${head} ${c.brand} ${c.model}, ${c.v("power")}`;
            },
          ],
          facts: [
            (c) => `Мощности ${c.v("power")} хватает для комнаты площадью до ${c.v("area")}.`,
            (c) =>
              c.is("thermostat")
                ? "Термостат поддерживает заданную температуру и экономит электроэнергию."
                : "Простое механическое управление понятно с первого раза.",
            () => "Защита от перегрева и опрокидывания делает прибор безопасным для дома с детьми.",
          ],
        },
      ],
    },
  ],
};
