import type { SectionSpec } from "#server/db/seed/catalog-types.ts";
import { boolProp, colour, enumProp, GADGET_COLOURS, numProp } from "#server/db/seed/property-pools.ts";

export const electronics: SectionSpec = {
  key: "electronics",
  name: "Электроника",
  intros: [
    (c) => `${c.brand} ${c.model} — модель для тех, кто ценит надёжность и продуманные детали.`,
    (c) => `Техника ${c.brand} хорошо знакома покупателям по всему миру.`,
    (c) => `Устройство от ${c.brand} сочетает современные технологии и понятное управление.`,
    () => "Эта модель подойдёт и для работы, и для отдыха.",
  ],
  outros: [
    "На устройство действует официальная гарантия производителя.",
    "В комплекте — документация на русском языке.",
    "Перед отправкой каждый экземпляр проходит проверку продавцом.",
    "Товар сертифицирован для продажи в России.",
  ],
  children: [
    {
      name: "Смартфоны и гаджеты",
      children: [
        {
          name: "Смартфоны",
          type: "Смартфон",
          gender: "m",
          weight: 4,
          price: [9990, 149990],
          brands: ["apple", "samsung", "xiaomi", "honor", "realme", "huawei", "tecno"],
          models: {
            apple: ["iPhone 13", "iPhone 14", "iPhone 15", "iPhone 15 Pro", "iPhone 16", "iPhone 16 Pro Max"],
            samsung: [
              "Galaxy A15",
              "Galaxy A25",
              "Galaxy A35",
              "Galaxy A55",
              "Galaxy S24 FE",
              "Galaxy S24",
              "Galaxy Z Flip6",
            ],
            xiaomi: ["Redmi 13C", "Redmi Note 13", "Redmi Note 13 Pro", "POCO X6 Pro", "14T", "14 Ultra"],
            honor: ["X8b", "X9b", "200 Lite", "200 Pro", "Magic6 Pro"],
            realme: ["C61", "C67", "12+ 5G", "12 Pro", "GT 6"],
            huawei: ["nova 12i", "nova 12s", "Pura 70", "Mate 60 Pro"],
            tecno: ["Spark 20", "Spark 20 Pro", "Camon 30", "Pova 6 Pro"],
          },
          properties: [
            enumProp("memory", "Встроенная память", ["64 ГБ", "128 ГБ", "256 ГБ", "512 ГБ", "1 ТБ"], {
              premium: 0.45,
              weights: [2, 5, 5, 2, 1],
            }),
            enumProp("ram", "Оперативная память", ["4 ГБ", "6 ГБ", "8 ГБ", "12 ГБ", "16 ГБ"], {
              premium: 0.2,
            }),
            numProp("screen", "Диагональ экрана", "″", [6.1, 6.3, 6.5, 6.6, 6.7, 6.8]),
            colour(GADGET_COLOURS),
            boolProp("nfc", "NFC", 0.85),
          ],
          variants: ["memory", "color"],
          brandOptions: { apple: { ram: ["6 ГБ", "8 ГБ"] } },
          titles: [
            (c) => `Смартфон ${c.brand} ${c.model} ${c.n("ram")}/${c.v("memory")}, ${c.a("color")}`,
            (c) => `Смартфон ${c.brand} ${c.model} ${c.v("memory")}, ${c.a("color")}`,
          ],
          facts: [
            (c) => `Экран диагональю ${c.v("screen")} удобен для видео, карт и переписки.`,
            (c) =>
              `${c.v("ram")} оперативной и ${c.v("memory")} встроенной памяти хватит для приложений, фотографий и музыки.`,
            (c) =>
              c.is("nfc")
                ? "Модуль NFC позволяет оплачивать покупки смартфоном."
                : "Смартфон поддерживает две SIM-карты и быструю зарядку.",
            () => "Основная камера снимает чёткие фото днём и выручает в сумерках благодаря ночному режиму.",
          ],
        },
        {
          name: "Планшеты",
          type: "Планшет",
          gender: "m",
          weight: 2,
          price: [7990, 159990],
          brands: ["apple", "samsung", "xiaomi", "huawei", "honor", "lenovo"],
          models: {
            apple: ["iPad 10.9", "iPad mini", "iPad Air 11", "iPad Pro 13"],
            samsung: ["Galaxy Tab A9", "Galaxy Tab A9+", "Galaxy Tab S9 FE", "Galaxy Tab S10+"],
            xiaomi: ["Redmi Pad SE", "Redmi Pad Pro", "Pad 6"],
            huawei: ["MatePad SE", "MatePad 11.5", "MatePad Pro 13.2"],
            honor: ["Pad X9", "Pad 9"],
            lenovo: ["Tab M10", "Tab P12", "Legion Tab"],
          },
          properties: [
            enumProp("memory", "Встроенная память", ["64 ГБ", "128 ГБ", "256 ГБ", "512 ГБ"], {
              premium: 0.4,
            }),
            enumProp("ram", "Оперативная память", ["4 ГБ", "6 ГБ", "8 ГБ", "12 ГБ"], { premium: 0.2 }),
            numProp("screen", "Диагональ экрана", "″", [8.7, 10.9, 11, 11.5, 12.4, 13]),
            boolProp("lte", "Поддержка LTE", 0.4),
            colour(["grey", "silver", "blue", "graphite"]),
          ],
          variants: ["memory", "color"],
          titles: [
            (c) =>
              `Планшет ${c.brand} ${c.model} ${c.n("ram")}/${c.v("memory")} ${c.is("lte") ? "LTE" : "Wi-Fi"}, ${c.a("color")}`,
          ],
          facts: [
            (c) => `Экран ${c.v("screen")} подходит для фильмов, чтения и рисования стилусом.`,
            (c) =>
              `Встроенной памяти ${c.v("memory")} хватит для фильмов в дорогу, книг и учебных материалов.`,
            (c) =>
              c.is("lte")
                ? "Слот для SIM-карты позволяет выходить в интернет без Wi-Fi."
                : "Планшет подключается к интернету по Wi-Fi и работает с Bluetooth-клавиатурами.",
          ],
        },
        {
          name: "Смарт-часы",
          type: "Смарт-часы",
          gender: "pl",
          weight: 2,
          price: [2990, 89990],
          brands: ["apple", "samsung", "huawei", "xiaomi", "honor", "amazfit"],
          models: {
            apple: ["Watch SE", "Watch Series 10", "Watch Ultra 2"],
            samsung: ["Galaxy Watch7", "Galaxy Watch FE", "Galaxy Watch Ultra"],
            huawei: ["Watch GT 5", "Watch Fit 3", "Watch 4 Pro"],
            xiaomi: ["Watch S3", "Redmi Watch 4", "Watch 2 Pro"],
            honor: ["Watch 4", "Choice Watch"],
            amazfit: ["GTR 4", "GTS 4 Mini", "Balance", "Bip 5"],
          },
          properties: [
            numProp("case", "Размер корпуса", "мм", [40, 41, 42, 44, 45, 46, 47, 49]),
            enumProp("strap", "Материал ремешка", [
              { value: "силикон", phrase: "силиконовым ремешком" },
              { value: "нейлон", phrase: "нейлоновым ремешком" },
              { value: "кожа", phrase: "кожаным ремешком" },
              { value: "металл", phrase: "металлическим браслетом" },
            ]),
            boolProp("gps", "Встроенный GPS", 0.6),
            numProp("battery", "Время автономной работы", "дн.", [2, 5, 7, 10, 14], { premium: 0.1 }),
            colour(["black", "silver", "gold", "pink", "graphite"]),
          ],
          variants: ["color"],
          titles: [(c) => `Смарт-часы ${c.brand} ${c.model} ${c.n("case")} мм, ${c.a("color")}`],
          facts: [
            (c) => `Часы комплектуются ${c.p("strap")} и работают без подзарядки до ${c.v("battery")}`,
            () =>
              "Часы отслеживают пульс, сон и уровень кислорода в крови и показывают уведомления со смартфона.",
            (c) =>
              c.is("gps")
                ? "Встроенный GPS точно записывает маршрут пробежки или велопрогулки без телефона."
                : "Для записи маршрута часы используют GPS подключённого смартфона.",
          ],
        },
        {
          name: "Наушники",
          type: "Наушники",
          gender: "pl",
          weight: 2,
          price: [790, 59990],
          brands: ["apple", "samsung", "jbl", "sony", "xiaomi", "huawei", "marshall", "defender"],
          modelCodes: "HP",
          models: {
            apple: ["AirPods 4", "AirPods Pro 2", "AirPods Max"],
            samsung: ["Galaxy Buds3", "Galaxy Buds3 Pro", "Galaxy Buds FE"],
            jbl: ["Tune 520BT", "Wave Beam", "Live Pro 2", "Tune Flex"],
            sony: ["WH-1000XM5", "WF-1000XM5", "WH-CH520", "WF-C700N"],
            xiaomi: ["Redmi Buds 6", "Buds 5 Pro"],
            huawei: ["FreeBuds 6i", "FreeBuds Pro 4"],
            marshall: ["Major V", "Motif II ANC", "Minor IV"],
            defender: ["FreeMotion B550", "Twins 903", "Basic 604"],
          },
          properties: [
            enumProp("design", "Тип конструкции", [
              "вкладыши",
              "внутриканальные",
              "накладные",
              "полноразмерные",
            ]),
            enumProp("connection", "Подключение", ["беспроводные", "проводные"], { weights: [5, 1] }),
            boolProp("anc", "Активное шумоподавление", 0.45),
            numProp("battery", "Время работы", "ч", [5, 6, 8, 24, 30, 40, 60]),
            colour(["black", "white", "blue", "beige", "pink"]),
          ],
          variants: ["color"],
          titles: [
            (c) => `Наушники ${c.v("connection")} ${c.brand} ${c.model}, ${c.a("color")}`,
            (c) => `Наушники ${c.brand} ${c.model} ${c.v("design")}, ${c.a("color")}`,
          ],
          facts: [
            (c) =>
              c.v("connection") === "беспроводные"
                ? `Время работы от одного заряда — до ${c.v("battery")}.`
                : "Наушники подключаются кабелем и не требуют зарядки.",
            (c) =>
              c.is("anc")
                ? "Активное шумоподавление приглушает шум метро, самолёта и офиса."
                : "Плотная посадка обеспечивает хорошую пассивную шумоизоляцию.",
            () => "Встроенный микрофон подходит для звонков и видеоконференций.",
          ],
        },
      ],
    },
    {
      name: "Ноутбуки и компьютеры",
      children: [
        {
          name: "Ноутбуки",
          type: "Ноутбук",
          gender: "m",
          weight: 3,
          price: [29990, 299990],
          brands: ["asus", "lenovo", "huawei", "msi", "acer", "apple", "honor"],
          models: {
            asus: ["VivoBook 15", "ExpertBook B1", "TUF Gaming F15", "Zenbook 14 OLED", "ROG Strix G16"],
            lenovo: ["IdeaPad Slim 3", "ThinkPad E14", "IdeaPad 5 Pro", "Yoga Slim 7", "Legion 5 Pro"],
            huawei: ["MateBook D 16", "MateBook 14", "MateBook X Pro"],
            msi: ["Modern 15", "Thin GF63", "Katana 15", "Cyborg 15"],
            acer: ["Aspire 3", "Swift Go 14", "Nitro V 15", "Predator Helios Neo 16"],
            apple: ["MacBook Air 13", "MacBook Air 15", "MacBook Pro 14"],
            honor: ["MagicBook X16", "MagicBook 14", "MagicBook Art 14"],
          },
          properties: [
            enumProp(
              "cpu",
              "Процессор",
              [
                "Intel Core i3",
                "AMD Ryzen 5",
                "Intel Core i5",
                "AMD Ryzen 7",
                "Intel Core i7",
                "Intel Core Ultra 7",
              ],
              { premium: 0.3 },
            ),
            enumProp("ram", "Оперативная память", ["8 ГБ", "16 ГБ", "32 ГБ"], { premium: 0.25 }),
            enumProp("ssd", "Объём SSD", ["256 ГБ", "512 ГБ", "1 ТБ", "2 ТБ"], {
              premium: 0.25,
              weights: [3, 5, 3, 1],
            }),
            numProp("screen", "Диагональ экрана", "″", [13.3, 14, 15.6, 16, 17.3]),
            enumProp("os", "Операционная система", ["Windows 11 Home", "без ОС", "Linux"], {
              weights: [5, 3, 1],
            }),
          ],
          variants: ["ram", "ssd"],
          brandOptions: {
            apple: { cpu: ["Apple M2", "Apple M3", "Apple M4"], os: ["macOS"] },
          },
          titles: [
            (c) =>
              `Ноутбук ${c.brand} ${c.model} ${c.v("screen")}, ${c.v("cpu")}, ${c.v("ram")}, SSD ${c.v("ssd")}`,
            (c) => `Ноутбук ${c.brand} ${c.model}, ${c.v("cpu")}, ${c.n("ram")}/${c.v("ssd")}, ${c.v("os")}`,
          ],
          facts: [
            (c) =>
              `Процессор ${c.v("cpu")} и ${c.v("ram")} оперативной памяти уверенно справляются с работой, учёбой и многозадачностью.`,
            (c) =>
              `Твердотельный накопитель на ${c.v("ssd")} обеспечивает быструю загрузку системы и программ.`,
            (c) => `Экран диагональю ${c.v("screen")} с антибликовым покрытием комфортен для долгой работы.`,
            (c) =>
              c.v("os") === "без ОС"
                ? "Ноутбук поставляется без операционной системы — установите привычную вам."
                : `Предустановлена система ${c.v("os")}: ноутбук готов к работе сразу после включения.`,
          ],
        },
        {
          name: "Мониторы",
          type: "Монитор",
          gender: "m",
          weight: 2,
          price: [7990, 129990],
          brands: ["samsung", "lg", "aoc", "asus", "xiaomi", "msi", "philips", "acer"],
          modelCodes: "M",
          models: {
            samsung: ["Odyssey G5", "ViewFinity S6", "Smart Monitor M7", "Essential S3"],
            lg: ["UltraGear 27GR75Q", "UltraFine 27UQ850", "UltraWide 34WQ60C"],
            xiaomi: ["Monitor A27i", "Gaming Monitor G27i", "Redmi Monitor 1A"],
            asus: ["TUF Gaming VG27AQ", "ProArt PA278QV", "VA24DQ"],
          },
          properties: [
            numProp("screen", "Диагональ экрана", "″", [23.8, 27, 31.5, 34], { premium: 0.2 }),
            enumProp("resolution", "Разрешение", ["1920×1080", "2560×1440", "3440×1440", "3840×2160"], {
              premium: 0.35,
              weights: [4, 4, 1, 2],
            }),
            numProp("refresh", "Частота обновления", "Гц", [60, 75, 100, 144, 165, 240], { premium: 0.2 }),
            enumProp("matrix", "Тип матрицы", ["IPS", "VA", "OLED"], { weights: [6, 3, 1] }),
          ],
          titles: [
            (c) => `Монитор ${c.brand} ${c.model} ${c.v("screen")}, ${c.v("matrix")}, ${c.v("refresh")}`,
            (c) => `Монитор ${c.brand} ${c.model} ${c.v("screen")} ${c.v("resolution")}`,
          ],
          facts: [
            (c) =>
              `Матрица ${c.v("matrix")} с разрешением ${c.v("resolution")} передаёт чёткую картинку и естественные цвета.`,
            (c) =>
              c.n("refresh") >= 144
                ? `Частота обновления ${c.v("refresh")} делает изображение в играх плавным.`
                : `Частоты ${c.v("refresh")} достаточно для работы с документами и просмотра фильмов.`,
            () =>
              "Подставка позволяет настроить наклон экрана, а крепление VESA — повесить монитор на кронштейн.",
          ],
        },
        {
          name: "Клавиатуры",
          type: "Клавиатура",
          gender: "f",
          price: [590, 19990],
          brands: ["logitech", "a4tech", "defender", "razer", "redragon", "asus"],
          models: {
            logitech: ["K380", "MX Keys S", "G413 SE", "Pop Keys", "K120"],
            a4tech: ["Fstyler FK10", "Bloody B820N", "KR-85"],
            defender: ["Element HB-520", "Blade GK-190", "Oscar SM-600"],
            razer: ["BlackWidow V4", "Huntsman Mini", "Ornata V3"],
            redragon: ["Kumara K552", "Shiva K512", "Draconic K530"],
            asus: ["ROG Strix Scope II", "TUF Gaming K3"],
          },
          properties: [
            enumProp("connection", "Подключение", ["проводная", "беспроводная"]),
            enumProp("switches", "Тип клавиш", ["мембранная", "механическая", "ножничная"], { premium: 0.2 }),
            boolProp("backlight", "Подсветка", 0.55),
            colour(["black", "white", "grey"]),
          ],
          titles: [
            (c) =>
              `Клавиатура ${c.v("switches")} ${c.v("connection")} ${c.brand} ${c.model}, ${c.a("color")}`,
            (c) =>
              `Клавиатура ${c.brand} ${c.model} ${c.v("connection")}${c.is("backlight") ? " с подсветкой" : ""}`,
          ],
          facts: [
            (c) =>
              c.v("switches") === "механическая"
                ? "Механические переключатели дают чёткий отклик и рассчитаны на миллионы нажатий."
                : "Клавиши нажимаются тихо и мягко — удобно печатать в офисе и дома.",
            (c) =>
              c.is("backlight")
                ? "Подсветка клавиш выручает при работе в темноте."
                : "Кириллица и латиница нанесены стойкой краской и не стираются.",
            () => "Полноразмерная раскладка с цифровым блоком подходит для работы с таблицами.",
          ],
        },
        {
          name: "Компьютерные мыши",
          type: "Мышь",
          gender: "f",
          price: [390, 14990],
          brands: ["logitech", "a4tech", "defender", "razer", "redragon", "xiaomi"],
          models: {
            logitech: ["M185", "M190", "MX Master 3S", "G102 Lightsync", "G Pro X Superlight"],
            a4tech: ["OP-720", "Bloody V8M", "FG10"],
            defender: ["Accura MM-950", "Datum MB-345", "Sky Dragon GM-090"],
            razer: ["DeathAdder V3", "Basilisk V3", "Viper Mini"],
            redragon: ["Cobra M711", "Griffin M607", "Storm M808"],
            xiaomi: ["Wireless Mouse Lite", "Silent Mouse", "Dual Mode Mouse"],
          },
          properties: [
            enumProp("connection", "Подключение", ["проводная", "беспроводная"]),
            numProp("dpi", "Разрешение сенсора", "dpi", [1000, 1600, 3200, 8000, 16000, 26000], {
              premium: 0.3,
            }),
            numProp("buttons", "Количество кнопок", null, [3, 5, 6, 7, 8]),
            colour(["black", "white", "grey", "pink"]),
          ],
          titles: [(c) => `Мышь ${c.v("connection")} ${c.brand} ${c.model}, ${c.a("color")}`],
          facts: [
            (c) =>
              `Сенсор с разрешением до ${c.v("dpi")} точно отслеживает движения на большинстве поверхностей.`,
            (c) =>
              `${c.n("buttons")} ${c.plural(c.n("buttons"), "кнопка", "кнопки", "кнопок")} позволяют назначить частые действия.`,
            (c) =>
              c.v("connection") === "беспроводная"
                ? "Мышь подключается через USB-приёмник и долго работает от одной батарейки."
                : "Гибкий кабель не путается и не мешает движениям руки.",
          ],
        },
      ],
    },
    {
      name: "ТВ, аудио и видео",
      children: [
        {
          name: "Телевизоры",
          type: "Телевизор",
          gender: "m",
          weight: 3,
          price: [12990, 399990],
          brands: ["samsung", "lg", "xiaomi", "tcl", "haier", "hisense", "sony", "yandex"],
          models: {
            samsung: ["Crystal UHD DU7100", "QLED Q60D", "Neo QLED QN90D", "The Frame"],
            lg: ["UHD UR78", "NanoCell NANO80", "OLED evo C4"],
            xiaomi: ["TV A 2025", "TV A Pro", "TV Max"],
            tcl: ["P755", "C655", "C805"],
            haier: ["S1", "S4", "Smart TV M1"],
            hisense: ["A6K", "E7NQ", "U8NQ"],
            sony: ["Bravia 7", "Bravia X75WL", "Bravia 9"],
            yandex: ["ТВ Станция", "ТВ Станция Про", "ТВ Станция Бейсик"],
          },
          properties: [
            numProp("screen", "Диагональ экрана", "″", [32, 43, 50, 55, 65, 75, 85], {
              premium: 0.45,
              weights: [3, 4, 4, 4, 3, 1, 1],
            }),
            enumProp("resolution", "Разрешение", ["HD", "Full HD", "4K UHD"], { weights: [1, 1, 6] }),
            enumProp("matrix", "Технология экрана", ["LED", "QLED", "OLED", "Mini LED"], {
              premium: 0.25,
              weights: [5, 4, 1, 1],
            }),
            boolProp("smart", "Smart TV", 0.9),
            numProp("refresh", "Частота обновления", "Гц", [50, 60, 100, 120]),
          ],
          titles: [
            (c) =>
              `Телевизор ${c.brand} ${c.model} ${c.v("screen")}, ${c.v("resolution")}${c.is("smart") ? ", Smart TV" : ""}`,
            (c) => `Телевизор ${c.v("matrix")} ${c.brand} ${c.model} ${c.v("screen")}`,
          ],
          facts: [
            (c) =>
              `Экран ${c.v("screen")} с разрешением ${c.v("resolution")} и технологией ${c.v("matrix")} показывает насыщенную и детальную картинку.`,
            (c) =>
              c.is("smart")
                ? "Smart TV открывает онлайн-кинотеатры, YouTube и приложения без приставки."
                : "Телевизор подключается к приставке или компьютеру по HDMI.",
            (c) =>
              `Частота обновления ${c.v("refresh")} обеспечивает плавность в динамичных сценах и спортивных трансляциях.`,
          ],
        },
        {
          name: "Портативные колонки",
          type: "Портативная колонка",
          gender: "f",
          price: [990, 49990],
          brands: ["jbl", "sony", "marshall", "yandex", "xiaomi", "defender"],
          models: {
            jbl: ["Go 4", "Flip 6", "Charge 5", "Boombox 3", "Clip 5"],
            sony: ["ULT Field 1", "SRS-XB100", "ULT Field 7"],
            marshall: ["Emberton III", "Willen II", "Middleton"],
            yandex: ["Станция Мини 3", "Станция Лайт 2", "Станция Миди"],
            xiaomi: ["Sound Pocket", "Sound Outdoor"],
            defender: ["Enjoy S700", "Beatbox 20", "G30"],
          },
          properties: [
            numProp("power", "Мощность", "Вт", [5, 10, 20, 30, 40, 60, 80], { premium: 0.4 }),
            numProp("battery", "Время работы", "ч", [8, 12, 16, 20, 24]),
            enumProp("water", "Защита от влаги", ["нет", "IPX4", "IPX7", "IP67"]),
            colour(["black", "blue", "red", "green", "grey"]),
          ],
          titles: [
            (c) => `Портативная колонка ${c.brand} ${c.model}, ${c.a("color")}`,
            (c) => `Колонка беспроводная ${c.brand} ${c.model}, ${c.v("power")}, ${c.a("color")}`,
          ],
          facts: [
            (c) => `Мощность ${c.v("power")} — достаточно, чтобы озвучить комнату или пикник.`,
            (c) => `Аккумулятора хватает до ${c.v("battery")} воспроизведения.`,
            (c) =>
              c.v("water") === "нет"
                ? "Колонка подключается по Bluetooth и быстро сопрягается со смартфоном."
                : `Корпус защищён от воды по стандарту ${c.v("water")} — колонку можно брать к бассейну.`,
          ],
        },
        {
          name: "Саундбары",
          type: "Саундбар",
          gender: "m",
          price: [4990, 149990],
          brands: ["samsung", "lg", "sony", "jbl", "yamaha", "tcl"],
          modelCodes: "SB",
          models: {
            samsung: ["HW-B550", "HW-Q600C", "HW-Q990D"],
            lg: ["S40T", "S65TR", "S95TR"],
            sony: ["HT-S100F", "HT-S400", "Bravia Theater Bar 8"],
            jbl: ["Bar 300", "Bar 500", "Bar 1000"],
            yamaha: ["SR-C20A", "SR-B30A", "YAS-109"],
          },
          properties: [
            numProp("power", "Общая мощность", "Вт", [100, 160, 240, 300, 400, 500], { premium: 0.4 }),
            enumProp("channels", "Конфигурация", ["2.0", "2.1", "3.1", "5.1", "5.1.2"], { premium: 0.3 }),
            boolProp("subwoofer", "Беспроводной сабвуфер", 0.6),
            boolProp("earc", "HDMI eARC", 0.7),
          ],
          titles: [(c) => `Саундбар ${c.brand} ${c.model} ${c.v("channels")}, ${c.v("power")}`],
          facts: [
            (c) =>
              `Конфигурация ${c.v("channels")} и мощность ${c.v("power")} делают звук фильмов объёмным и разборчивым.`,
            (c) =>
              c.is("subwoofer")
                ? "Беспроводной сабвуфер можно поставить в любом месте комнаты."
                : "Компактный корпус легко разместить под телевизором.",
            (c) =>
              c.is("earc")
                ? "Через HDMI eARC саундбар управляется пультом от телевизора."
                : "Саундбар подключается к телевизору оптическим кабелем или по Bluetooth.",
          ],
        },
      ],
    },
  ],
};
