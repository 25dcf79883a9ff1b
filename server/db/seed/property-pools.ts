import type {
  BooleanPropertySpec,
  EnumOption,
  EnumPropertySpec,
  Forms,
  NumberPropertySpec,
  OptionInput,
} from "./catalog-types.ts";

/** Forms of a Russian adjective from its masculine form: "синий" → синий/синяя/синее/синие. */
export function agree(masculine: string): Forms {
  const words = masculine.split(" ");
  const last = words.pop() ?? "";
  const head = words.length > 0 ? `${words.join(" ")} ` : "";
  const stem = last.slice(0, -2);
  let forms: Forms;
  if (last.endsWith("ний")) forms = [last, `${stem}яя`, `${stem}ее`, `${stem}ие`];
  else if (/[кгхжшчщ]ий$/.test(last)) forms = [last, `${stem}ая`, `${stem}ое`, `${stem}ие`];
  else if (last.endsWith("ой") && /[жшчщ]ой$/.test(last))
    forms = [last, `${stem}ая`, `${stem}ое`, `${stem}ие`];
  else if (last.endsWith("ой") && /[кгх]ой$/.test(last))
    forms = [last, `${stem}ая`, `${stem}ое`, `${stem}ие`];
  else if (last.endsWith("ой")) forms = [last, `${stem}ая`, `${stem}ое`, `${stem}ые`];
  else if (last.endsWith("ый")) forms = [last, `${stem}ая`, `${stem}ое`, `${stem}ые`];
  else forms = [last, last, last, last];
  return forms.map((f) => head + f) as unknown as Forms;
}

/** An option whose name forms agree with the product type. */
export function adj(masculine: string, extra: Omit<EnumOption, "value" | "forms"> = {}): EnumOption {
  return { value: masculine, forms: agree(masculine), ...extra };
}

export function enumProp(
  code: string,
  name: string,
  options: readonly OptionInput[],
  extra: { premium?: number; weights?: readonly number[] } = {},
): EnumPropertySpec {
  return { code, name, kind: "enum", options, ...extra };
}

export function numProp(
  code: string,
  name: string,
  unit: string | null,
  values: readonly number[],
  extra: { premium?: number; weights?: readonly number[] } = {},
): NumberPropertySpec {
  return { code, name, kind: "number", unit, values, ...extra };
}

export function boolProp(code: string, name: string, trueRate: number): BooleanPropertySpec {
  return { code, name, kind: "boolean", trueRate };
}

const COLOUR_NAMES = {
  black: "чёрный",
  white: "белый",
  grey: "серый",
  blue: "синий",
  lightBlue: "голубой",
  navy: "тёмно-синий",
  red: "красный",
  green: "зелёный",
  emerald: "изумрудный",
  beige: "бежевый",
  pink: "розовый",
  violet: "фиолетовый",
  yellow: "жёлтый",
  brown: "коричневый",
  burgundy: "бордовый",
  graphite: "графитовый",
  silver: "серебристый",
  gold: "золотистый",
  milk: "молочный",
  olive: "оливковый",
  mint: "мятный",
  orange: "оранжевый",
  khaki: "хаки",
  lilac: "сиреневый",
  terracotta: "терракотовый",
} as const;

export type ColourKey = keyof typeof COLOUR_NAMES;

/** The "Цвет" property with the given colours (values are the masculine forms, as marketplaces filter). */
export function colour(keys: readonly ColourKey[], weights?: readonly number[]): EnumPropertySpec {
  return enumProp(
    "color",
    "Цвет",
    keys.map((k) => adj(COLOUR_NAMES[k])),
    weights ? { weights } : {},
  );
}

export const GADGET_COLOURS: readonly ColourKey[] = [
  "black",
  "white",
  "blue",
  "green",
  "violet",
  "silver",
  "gold",
  "graphite",
];
export const APPLIANCE_COLOURS: readonly ColourKey[] = ["white", "black", "silver", "grey", "beige"];
export const CLOTHING_COLOURS: readonly ColourKey[] = [
  "black",
  "white",
  "grey",
  "blue",
  "navy",
  "lightBlue",
  "red",
  "green",
  "emerald",
  "beige",
  "pink",
  "burgundy",
  "milk",
  "olive",
  "lilac",
  "terracotta",
];
export const MENSWEAR_COLOURS: readonly ColourKey[] = [
  "black",
  "white",
  "grey",
  "navy",
  "blue",
  "beige",
  "olive",
  "khaki",
  "brown",
];
export const SHOE_COLOURS: readonly ColourKey[] = ["black", "brown", "beige", "grey", "white"];

export const WOMEN_SIZES = ["42", "44", "46", "48", "50", "52", "54"] as const;
export const MEN_SIZES = ["46", "48", "50", "52", "54", "56", "58"] as const;
export const SHOE_SIZES = ["36", "37", "38", "39", "40", "41", "42", "43", "44", "45"] as const;

export const FABRICS = {
  cotton: {
    value: "хлопок",
    phrase: "из хлопка",
    about: "Хлопок мягкий на ощупь, хорошо пропускает воздух и не электризуется.",
  },
  viscose: {
    value: "вискоза",
    phrase: "из вискозы",
    about: "Вискоза приятна к телу, красиво драпируется и не сковывает движений.",
  },
  polyester: {
    value: "полиэстер",
    phrase: "из полиэстера",
    about: "Полиэстер почти не мнётся и сохраняет форму после множества стирок.",
  },
  linen: {
    value: "лён",
    phrase: "изо льна",
    about: "Лён прохладный в жару и с каждой стиркой становится только мягче.",
  },
  knit: {
    value: "трикотаж",
    phrase: "из трикотажа",
    about: "Эластичный трикотаж садится по фигуре и не стесняет движений.",
  },
  chiffon: {
    value: "шифон",
    phrase: "из шифона",
    about: "Лёгкий полупрозрачный шифон хорошо подходит для тёплой погоды и торжественных случаев.",
  },
  stretchCotton: {
    value: "хлопок с эластаном",
    phrase: "из хлопка с эластаном",
    about: "Хлопок с небольшим добавлением эластана тянется и быстро возвращает форму.",
  },
} as const satisfies Record<string, EnumOption>;

export const SHOE_UPPERS = {
  leather: {
    value: "натуральная кожа",
    phrase: "из натуральной кожи",
    about: "Натуральная кожа дышит, со временем принимает форму стопы и служит не один сезон.",
  },
  suede: {
    value: "замша",
    phrase: "из замши",
    about: "Замша выглядит благородно; её стоит обработать водоотталкивающей пропиткой.",
  },
  nubuck: {
    value: "нубук",
    phrase: "из нубука",
    about: "Нубук мягкий и бархатистый на ощупь, хорошо держит тепло.",
  },
  fauxLeather: {
    value: "искусственная кожа",
    phrase: "из экокожи",
    about: "Экокожа не боится влаги и легко чистится влажной салфеткой.",
  },
  textile: {
    value: "текстиль",
    phrase: "из текстиля",
    about: "Текстильный верх лёгкий и хорошо вентилируется.",
  },
  mesh: {
    value: "сетка",
    phrase: "с сетчатым верхом",
    about: "Сетчатый верх отводит тепло и влагу во время активных тренировок.",
  },
} as const satisfies Record<string, EnumOption>;

export const SEASONS = [adj("демисезонный"), adj("зимний")] as const;

/** Sex for clothes and shoes; "унисекс" does not decline. */
export const SEXES = [
  adj("мужской"),
  adj("женский"),
  { value: "унисекс", forms: ["унисекс", "унисекс", "унисекс", "унисекс"] },
] as const;
