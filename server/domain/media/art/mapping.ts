/**
 * Which drawing a product gets: by its leaf's product type («Смартфон», «Кроссовки»), refined by its name
 * where one leaf holds different objects (headphones: wired, over-ear or true wireless; vacuum cleaners:
 * stick or robot), then by words in the leaf's name for leaves this table does not know, then by section.
 */
const BY_TYPE: Readonly<Record<string, string>> = {
  Смартфон: "smartphone",
  Планшет: "tablet",
  "Смарт-часы": "smartwatch",
  Ноутбук: "laptop",
  Монитор: "monitor",
  Клавиатура: "keyboard",
  Мышь: "mouse",
  Телевизор: "tv",
  "Портативная колонка": "speaker",
  Саундбар: "soundbar",
  Чайник: "kettle",
  Кофемашина: "coffeeMachine",
  "Микроволновая печь": "microwave",
  Блендер: "blender",
  Мультиварка: "multicooker",
  Холодильник: "fridge",
  "Стиральная машина": "washer",
  "Посудомоечная машина": "dishwasher",
  Пылесос: "vacuum",
  Утюг: "iron",
  Обогреватель: "heater",
  Платье: "dress",
  Блузка: "shirt",
  Рубашка: "shirt",
  Джинсы: "jeans",
  Куртка: "jacket",
  Футболка: "tshirt",
  Кроссовки: "sneaker",
  Ботинки: "boot",
  Туфли: "heels",
  Сапоги: "tallBoot",
  Сковорода: "pan",
  Кастрюля: "pot",
  Нож: "knife",
  "Комплект постельного белья": "bedLinen",
  Полотенце: "towel",
  Плед: "blanket",
  Гриль: "grill",
  Шланг: "hose",
  Триммер: "trimmer",
  "Крем для лица": "creamJar",
  Сыворотка: "serum",
  Маска: "faceMask",
  Шампунь: "shampoo",
  Бальзам: "shampoo",
  Фен: "hairDryer",
  Помада: "lipstick",
  Тушь: "mascara",
  "Тональный крем": "foundation",
  Конструктор: "blocks",
  Кукла: "doll",
  "Мягкая игрушка": "teddy",
  Коляска: "stroller",
  Автокресло: "carSeat",
  Беговел: "balanceBike",
  Подгузники: "nappies",
  "Влажные салфетки": "wipes",
  Гантели: "dumbbells",
  Коврик: "yogaMat",
  Эспандер: "expander",
  Велосипед: "bicycle",
  Самокат: "scooter",
  Шлем: "helmet",
  Палатка: "tent",
  "Спальный мешок": "sleepingBag",
  Рюкзак: "backpack",
  Молоко: "milk",
  Йогурт: "yogurt",
  Сыр: "cheese",
  Крупа: "grain",
  Макароны: "pasta",
  Соус: "sauce",
  Чай: "tea",
  Кофе: "coffee",
};

/** Words in a leaf's name or type for leaves not in the table (the tree may grow). */
const BY_WORD: readonly (readonly [RegExp, string])[] = [
  [/смартфон|телефон/, "smartphone"],
  [/планшет/, "tablet"],
  [/ноутбук/, "laptop"],
  [/телевизор/, "tv"],
  [/монитор/, "monitor"],
  [/час/, "smartwatch"],
  [/наушник/, "headphones"],
  [/колонк|акустик/, "speaker"],
  [/приставк|геймпад|джойстик|игров/, "gamepad"],
  [/фотоаппарат|камер/, "camera"],
  [/чайник/, "kettle"],
  [/кофе(машин|варк)/, "coffeeMachine"],
  [/микроволнов|печ/, "microwave"],
  [/блендер|миксер/, "blender"],
  [/холодильник|морозил/, "fridge"],
  [/стиральн/, "washer"],
  [/посудомоечн/, "dishwasher"],
  [/пылесос/, "vacuum"],
  [/утюг|отпаривател/, "iron"],
  [/фен|стайлер/, "hairDryer"],
  [/платье|сарафан/, "dress"],
  [/футболк|толстовк|худи|свитшот|лонгслив/, "tshirt"],
  [/рубашк|блузк/, "shirt"],
  [/джинс|брюк|штан/, "jeans"],
  [/куртк|пальто|пуховик|ветровк/, "jacket"],
  [/кроссовк|кед/, "sneaker"],
  [/сапог/, "tallBoot"],
  [/туфл|босонож/, "heels"],
  [/ботин|обув/, "boot"],
  [/сумк/, "bag"],
  [/рюкзак/, "backpack"],
  [/духи|парфюм|туалетн.. вод/, "perfume"],
  [/помад|блеск/, "lipstick"],
  [/крем/, "creamJar"],
  [/сковород/, "pan"],
  [/кастрюл|ковш/, "pot"],
  [/тарелк|кружк|посуд|сервиз|чашк/, "tableware"],
  [/подушк/, "pillow"],
  [/постельн|бель/, "bedLinen"],
  [/ламп|светильник|люстр/, "lamp"],
  [/диван|кресл|стул|мебел/, "sofa"],
  [/машинк|транспорт/, "toyCar"],
  [/конструктор|кубик/, "blocks"],
  [/игрушк/, "teddy"],
  [/кукл/, "doll"],
  [/коляск/, "stroller"],
  [/подгузник/, "nappies"],
  [/мяч/, "ball"],
  [/гантел|гир|штанг/, "dumbbells"],
  [/коврик/, "yogaMat"],
  [/велосипед/, "bicycle"],
  [/палатк/, "tent"],
  [/шоколад|конфет|сладост/, "chocolate"],
  [/вода|напит|сок|лимонад/, "bottle"],
  [/чай/, "tea"],
  [/кофе/, "coffee"],
];

const BY_SECTION: Readonly<Record<string, string>> = {
  electronics: "speaker",
  appliances: "microwave",
  fashion: "tshirt",
  home: "blanket",
  beauty: "creamJar",
  kids: "teddy",
  sport: "ball",
  food: "grain",
};

function headphonesKind(name: string): string {
  if (/(^|[\s,(])проводн/.test(name)) return "wiredEarphones";
  if (/полноразмерн|накладн/.test(name)) return "headphones";
  if (/вкладыш|внутриканальн/.test(name)) return "earbuds";
  if (/\bmax\b|\bwh-|major|tune 5\d\d|basic|\bch5/.test(name)) return "headphones";
  return "earbuds";
}

/** Every kind this file can answer (a test checks each is drawn). */
export const MAPPED_KINDS: readonly string[] = [
  ...new Set([
    ...Object.values(BY_TYPE),
    ...BY_WORD.map(([, kind]) => kind),
    ...Object.values(BY_SECTION),
    "wiredEarphones",
    "headphones",
    "earbuds",
    "robotVacuum",
  ]),
];

export function kindForLeaf(
  leaf: { section: string; name: string; type?: string },
  productName: string,
): string {
  const name = productName.toLowerCase();
  const type = leaf.type ?? "";
  if (type === "Наушники" || (!type && /наушник/i.test(leaf.name))) return headphonesKind(name);
  if (type === "Пылесос" && /робот|robot/.test(name)) return "robotVacuum";
  const byType = BY_TYPE[type];
  if (byType) return byType;
  const words = `${type} ${leaf.name}`.toLowerCase();
  for (const [re, kind] of BY_WORD) if (re.test(words)) return kind;
  return BY_SECTION[leaf.section] ?? "blanket";
}
