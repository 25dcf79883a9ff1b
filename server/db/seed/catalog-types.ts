/** Grammatical gender of a product type noun; adjectives in names agree with it ("синее платье"). */
export type Gender = "m" | "f" | "n" | "pl";

/** The top-level sections; sellers, review phrases and description texts are keyed by them. */
export type SectionKey =
  | "electronics"
  | "appliances"
  | "fashion"
  | "home"
  | "beauty"
  | "kids"
  | "sport"
  | "food";

/** Adjective forms in the order masculine, feminine, neuter, plural. */
export type Forms = readonly [string, string, string, string];

export interface EnumOption {
  /** The stored property value, shown in filters ("вискоза", "256 ГБ"). */
  value: string;
  /** Agreeing forms for names ("синий" → "синее" for a dress). */
  forms?: Forms;
  /** A ready-made phrase for names and descriptions ("из вискозы"). */
  phrase?: string;
  /** A sentence about this option for descriptions ("Вискоза приятна к телу…"). */
  about?: string;
}

export type OptionInput = string | EnumOption;

interface PropertyBase {
  code: string;
  name: string;
  /**
   * How strongly later options (enum) or larger values (number) raise the price, 0–1:
   * a 512 ГБ phone costs more than a 64 ГБ one.
   */
  premium?: number;
}

export interface EnumPropertySpec extends PropertyBase {
  kind: "enum";
  unit?: null;
  options: readonly OptionInput[];
  /** Relative weights of the options; uniform when absent. */
  weights?: readonly number[];
}

export interface NumberPropertySpec extends PropertyBase {
  kind: "number";
  unit: string | null;
  /** The values products draw from, ascending. */
  values: readonly number[];
  weights?: readonly number[];
}

export interface BooleanPropertySpec extends PropertyBase {
  kind: "boolean";
  unit?: null;
  /** Share of products for which the property is true. */
  trueRate: number;
}

export type PropertySpec = EnumPropertySpec | NumberPropertySpec | BooleanPropertySpec;

/** What name and description templates can read about the product being generated. */
export interface ProductContext {
  /** The product type noun, e.g. "Смартфон". */
  readonly type: string;
  readonly brand: string;
  readonly brandCode: string;
  /** The model line, e.g. "Galaxy A55"; empty when the leaf has no models for the brand. */
  readonly model: string;
  /** Display value of a property: "256 ГБ", "6,7″", "да". */
  v(code: string): string;
  /** Numeric value: a number property, or the leading number of an enum value ("256 ГБ" → 256). */
  n(code: string): number;
  /** The value agreeing with the product type's gender ("изумрудное" for a dress). */
  a(code: string): string;
  /** The option's phrase ("из вискозы"), else the lower-case value. */
  p(code: string): string;
  /** The option's descriptive sentence, or an empty string. */
  about(code: string): string;
  /** A boolean property is true. */
  is(code: string): boolean;
  /** Chooses one of the given options with the product's own random stream. */
  pick<T>(...options: readonly T[]): T;
  /** Russian plural: plural(21, "скорость", "скорости", "скоростей") → "скорость". */
  plural(count: number, one: string, few: string, many: string): string;
}

export type Template = (c: ProductContext) => string;

export interface LeafSpec {
  /** Category name, e.g. "Смартфоны". */
  name: string;
  /** Product type noun used in names and descriptions, e.g. "Смартфон". */
  type: string;
  gender: Gender;
  /** Relative share of generated products; 1 by default. */
  weight?: number;
  /** Price range in roubles. */
  price: readonly [number, number];
  /** Brand codes sold in this category. */
  brands: readonly string[];
  /** Model lines per brand; brands without a list get generated model codes (when `modelCodes`). */
  models?: Readonly<Record<string, readonly string[]>>;
  /** Letters for generated model codes ("KT" → "RKT-1512"); without it, unlisted brands get no model. */
  modelCodes?: string;
  properties: readonly PropertySpec[];
  /**
   * Enum properties (one or two) in which the products of one model line differ: the same phone in 2–4
   * colours and memory sizes, the same sneakers in several colours and sizes (issue 22, ADR 065). The
   * line's products share everything else and `model_code`; the product page links them.
   */
  variants?: readonly string[];
  /** Per-brand option lists that replace a property's options (Apple laptops have Apple chips). */
  brandOptions?: Readonly<Record<string, Readonly<Record<string, readonly OptionInput[]>>>>;
  /** Product name templates; one is chosen per product. */
  titles: readonly Template[];
  /** Sentences for the description; one or two are used per product. */
  facts: readonly Template[];
}

export interface BranchSpec {
  name: string;
  children: readonly LeafSpec[];
}

export interface SectionSpec {
  key: SectionKey;
  name: string;
  /** First sentence of descriptions. */
  intros: readonly Template[];
  /** Closing sentences of descriptions. */
  outros: readonly string[];
  children: readonly BranchSpec[];
}
