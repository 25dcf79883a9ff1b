import { plural } from "#contract/format.ts";
import { type BrandSeed, brandByCode } from "./brands.ts";
import { type LeafEntry, leafCategories } from "./catalog-tree.ts";
import type {
  EnumOption,
  Gender,
  ProductContext,
  PropertySpec,
  SectionKey,
  Template,
} from "./catalog-types.ts";
import { deriveSeed, Random } from "./random.ts";
import { reviewPhrasesFor } from "./review-kinds.ts";
import {
  attachReviewPhotos,
  averageRating,
  generateReviews,
  type ReviewSeed,
  reviewCountFor,
} from "./reviews.ts";
import { type SellerSeed, sellers } from "./sellers.ts";
import { slugify } from "./translit.ts";

/** Content dates count back from here, never from the clock, so every run produces the same data. */
export const BASE_DATE = new Date(Date.UTC(2026, 10, 1));
const DAY_MS = 86_400_000;

export interface PropertyValueSeed {
  code: string;
  value: string;
  valueNumber: number | null;
}

export interface ProductSeed {
  index: number;
  sku: string;
  name: string;
  slug: string;
  description: string;
  /** Key of the leaf category in the tree ("0.0.0"). */
  categoryKey: string;
  brandCode: string;
  sellerCode: string;
  /** Shared by the products of one model line (ADR 065); null for a product that stands alone. */
  modelCode: string | null;
  /** Kopecks. */
  price: number;
  oldPrice: number | null;
  cashbackPercent: number;
  stock: number;
  isPreorder: boolean;
  isComingSoon: boolean;
  isOriginal: boolean;
  isTopProfit: boolean;
  orderLimit: number | null;
  popularity: number;
  rating: number;
  reviewsCount: number;
  createdAt: Date;
  properties: PropertyValueSeed[];
  imageCount: number;
  reviews: ReviewSeed[];
}

export interface ProductPlan {
  leaves: readonly LeafEntry[];
  leafWeights: readonly number[];
  sellersBySection: ReadonlyMap<SectionKey, readonly SellerSeed[]>;
  brands: ReadonlyMap<string, BrandSeed>;
}

export function createProductPlan(): ProductPlan {
  const sellersBySection = new Map<SectionKey, SellerSeed[]>();
  for (const seller of sellers) {
    for (const section of seller.sections) {
      const list = sellersBySection.get(section) ?? [];
      list.push(seller);
      sellersBySection.set(section, list);
    }
  }
  return {
    leaves: leafCategories,
    leafWeights: leafCategories.map(({ leaf }) => leaf.weight ?? 1),
    sellersBySection,
    brands: brandByCode,
  };
}

const GENDER_INDEX: Readonly<Record<Gender, number>> = { m: 0, f: 1, n: 2, pl: 3 };
/** Units written without a space: 6,7″ and 3,2%. */
const TIGHT_UNITS = new Set(["″", "%"]);

export function formatNumber(n: number): string {
  const text = String(Math.abs(n)).replace(".", ",");
  return n < 0 ? `−${text}` : text;
}

export function formatValue(n: number, unit: string | null | undefined): string {
  if (!unit) return formatNumber(n);
  return TIGHT_UNITS.has(unit) ? `${formatNumber(n)}${unit}` : `${formatNumber(n)} ${unit}`;
}

/** Roubles rounded the way shops price: 69, 189, 490, 1 499, 12 990. */
export function roundPrice(roubles: number, rng: Random): number {
  if (roubles < 300) return Math.max(9, Math.floor(roubles / 10) * 10 + 9);
  return Math.floor(roubles / 100) * 100 + (rng.chance(0.8) ? 90 : 99);
}

interface Chosen {
  spec: PropertySpec;
  text: string;
  valueNumber: number | null;
  option?: EnumOption;
  flag?: boolean;
  /** 0–1: where the chosen option sits in its list, for price premiums. */
  position: number;
}

function toOption(input: string | EnumOption): EnumOption {
  return typeof input === "string" ? { value: input } : input;
}

function chooseProperty(spec: PropertySpec, brandCode: string, entry: LeafEntry, rng: Random): Chosen {
  if (spec.kind === "boolean") {
    const flag = rng.chance(spec.trueRate);
    return { spec, text: flag ? "да" : "нет", valueNumber: null, flag, position: flag ? 1 : 0 };
  }
  if (spec.kind === "number") {
    const i = spec.weights ? rng.weightedIndex(spec.weights) : rng.int(0, spec.values.length - 1);
    const n = spec.values[i] ?? 0;
    return {
      spec,
      text: formatValue(n, spec.unit),
      valueNumber: n,
      position: spec.values.length > 1 ? i / (spec.values.length - 1) : 0.5,
    };
  }
  const override = entry.leaf.brandOptions?.[brandCode]?.[spec.code];
  const options = (override ?? spec.options).map(toOption);
  const weights = !override && spec.weights ? spec.weights : undefined;
  const i = weights ? rng.weightedIndex(weights) : rng.int(0, options.length - 1);
  const option = options[i] ?? { value: "" };
  return {
    spec,
    text: option.value,
    valueNumber: null,
    option,
    position: options.length > 1 ? i / (options.length - 1) : 0.5,
  };
}

class Context implements ProductContext {
  constructor(
    readonly type: string,
    readonly brand: string,
    readonly brandCode: string,
    readonly model: string,
    private readonly gender: Gender,
    private readonly chosen: ReadonlyMap<string, Chosen>,
    private readonly rng: Random,
  ) {}

  private get(code: string): Chosen {
    const chosen = this.chosen.get(code);
    if (!chosen) throw new Error(`Template reads unknown property "${code}" of ${this.type}`);
    return chosen;
  }

  v(code: string): string {
    return this.get(code).text;
  }

  n(code: string): number {
    const chosen = this.get(code);
    if (chosen.valueNumber !== null) return chosen.valueNumber;
    const n = Number.parseFloat(chosen.text.replace(",", "."));
    if (Number.isNaN(n)) throw new Error(`Property "${code}" of ${this.type} has no number`);
    return n;
  }

  a(code: string): string {
    const chosen = this.get(code);
    return chosen.option?.forms?.[GENDER_INDEX[this.gender]] ?? chosen.text;
  }

  p(code: string): string {
    const chosen = this.get(code);
    return chosen.option?.phrase ?? chosen.text;
  }

  about(code: string): string {
    return this.get(code).option?.about ?? "";
  }

  is(code: string): boolean {
    return this.get(code).flag === true;
  }

  pick<T>(...options: readonly T[]): T {
    return this.rng.pick(options);
  }

  plural(count: number, one: string, few: string, many: string): string {
    return plural(count, one, few, many);
  }
}

function tidy(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/\s+([,.])/g, "$1")
    .replace(/,+$/, "")
    .trim();
}

function sentence(text: string): string {
  const t = tidy(text);
  if (t === "") return "";
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}

function modelFor(entry: LeafEntry, brandCode: string, rng: Random): string {
  const models = entry.leaf.models?.[brandCode];
  if (models && models.length > 0) return rng.pick(models);
  const letters = entry.leaf.modelCodes;
  if (!letters) return "";
  const prefix = brandCode
    .replace(/[^a-z]/g, "")
    .charAt(0)
    .toUpperCase();
  return rng.chance(0.5)
    ? `${prefix}${letters}-${rng.int(1000, 9999)}`
    : `${prefix}${letters}${rng.int(100, 999)}${rng.pick(["", "", "S", "X", "M", " Pro"])}`;
}

const SKU_SPACE = 90_000_000;
/** Coprime with SKU_SPACE, so index → SKU is a bijection: unique SKUs that do not look sequential. */
const SKU_STEP = 48_271;

export function skuFor(seed: number, index: number): string {
  const offset = deriveSeed(seed, "sku") % SKU_SPACE;
  return `VT-${10_000_000 + ((index * SKU_STEP + offset) % SKU_SPACE)}`;
}

/** Every purchase earns 1–15 % (the «О маркетплейсе» page's promise; ADR 065). */
const CASHBACK: readonly (readonly [number, number])[] = [
  [1, 55],
  [2, 4],
  [3, 15],
  [5, 14],
  [7, 3],
  [10, 7],
  [15, 2],
];
/** Cashback of the "Топ-выгода" promotion's products: always more than the usual CASHBACK. */
export const TOP_PROFIT_CASHBACK: readonly (readonly [number, number])[] = [
  [20, 4],
  [25, 3],
  [30, 2],
];
const DISCOUNTS: readonly (readonly [number, number])[] = [
  [0.05, 3],
  [0.1, 5],
  [0.15, 5],
  [0.2, 5],
  [0.25, 3],
  [0.3, 3],
  [0.4, 2],
  [0.5, 2],
];
const IMAGE_COUNTS: readonly (readonly [number, number])[] = [
  [1, 15],
  [2, 20],
  [3, 30],
  [4, 20],
  [5, 15],
];

let defaultPlan: ProductPlan | undefined;

/** The deepest discount the catalogue shows (ADR 065): a «−90 %» badge reads as a lure, not a price. */
export const MAX_DISCOUNT_PERCENT = 50;
/** Cashback the «О маркетплейсе» page promises for every purchase outside «Топ-выгода»: 1–15 %. */
export const CASHBACK_RANGE = [1, 15] as const;
/** Indices are grouped in blocks of this many after the first shelf-covering products; a line fills a block's head. */
export const LINE_BLOCK = 4;
/** Share of blocks, led by a product of a leaf with variants, that are a model line. */
const LINE_RATE = 0.6;

/** What the products of one model line share: drawn once, by its first product. */
interface Draft {
  entry: LeafEntry;
  brand: BrandSeed;
  model: string;
  chosen: ReadonlyMap<string, Chosen>;
  titleIndex: number;
  /** The price's place in the leaf's range (0–1, log scale) before the configuration's premiums. */
  base: number;
  sellerCode: string;
  isOriginal: boolean;
}

/** One variant property's chosen option indices, and the line's configurations (the first is the leader's). */
interface Line {
  modelCode: string;
  combos: readonly (readonly number[])[];
  codes: readonly string[];
}

function optionsOf(entry: LeafEntry, brandCode: string, spec: PropertySpec): EnumOption[] {
  if (spec.kind !== "enum")
    throw new Error(`Variant property "${spec.code}" of ${entry.leaf.name} is not an enum`);
  return (entry.leaf.brandOptions?.[brandCode]?.[spec.code] ?? spec.options).map(toOption);
}

function chosenOption(spec: PropertySpec, options: readonly EnumOption[], i: number): Chosen {
  const option = options[i] ?? { value: "" };
  return {
    spec,
    text: option.value,
    valueNumber: null,
    option,
    position: options.length > 1 ? i / (options.length - 1) : 0.5,
  };
}

/**
 * Where the model stands on its brand's ladder in this leaf, 0.1–0.9: the leaf lists each brand's models
 * from the plainest and oldest to the biggest and newest, so iPhone 16 Pro Max never costs less than
 * iPhone 16 of the same memory (ADR 065). Null for a generated model code, which has no ladder.
 */
export function modelLadder(entry: LeafEntry, brandCode: string, model: string): number | null {
  const models = entry.leaf.models?.[brandCode];
  const rank = models?.indexOf(model) ?? -1;
  if (!models || rank < 0) return null;
  return models.length === 1 ? 0.5 : 0.1 + (0.8 * rank) / (models.length - 1);
}

/** Roubles from the place in the leaf's range and the configuration: more memory never costs less. */
function priceOf(leaf: LeafEntry["leaf"], base: number, chosen: ReadonlyMap<string, Chosen>): number {
  let q = base;
  for (const c of chosen.values()) if (c.spec.premium) q += c.spec.premium * (c.position - 0.5);
  q = Math.min(1, Math.max(0, q));
  const [min, max] = leaf.price;
  return min * (max / min) ** q;
}

/**
 * The shop's rounding; a price on a ladder or in a line always ends in 90, so rounding cannot turn the
 * order of two prices in the same hundred (the draw is still made, so the stream stays as it was).
 */
function shopPrice(roubles: number, rng: Random, fixed: boolean): number {
  const price = roundPrice(roubles, rng);
  return fixed && price >= 300 ? Math.floor(price / 100) * 100 + 90 : price;
}

/**
 * Product number `index` of the catalogue. Each product draws from its own random stream derived from
 * (seed, index), so product 17 is the same whether 200 or 100,000 products are generated, and the
 * generator can run in chunks. The first products cover every leaf category once, so even a tiny
 * catalogue has something on every shelf. After them, each block of LINE_BLOCK indices may start with a
 * model line: its first product is drawn as any other, the next ones are its siblings (ADR 065).
 */
export function generateProduct(seed: number, index: number, plan?: ProductPlan): ProductSeed {
  if (!plan && !defaultPlan) defaultPlan = createProductPlan();
  const p = plan ?? (defaultPlan as ProductPlan);
  if (index < p.leaves.length) return drawProduct(seed, index, p).product;
  const offset = (index - p.leaves.length) % LINE_BLOCK;
  const head = headOf(seed, index - offset, p);
  if (offset === 0) return head.product;
  const combo = head.line?.combos[offset];
  if (!head.line || !combo) return drawProduct(seed, index, p).product;
  return siblingOf(seed, index, p, head.draft, head.line, combo);
}

interface Head {
  product: ProductSeed;
  draft: Draft;
  line: Line | null;
}

/** The last block head drawn: the generator runs in index order, so its siblings find it here. */
let lastHead: { seed: number; index: number; plan: ProductPlan; head: Head } | undefined;

function headOf(seed: number, index: number, p: ProductPlan): Head {
  if (lastHead && lastHead.seed === seed && lastHead.index === index && lastHead.plan === p)
    return lastHead.head;
  const { product, draft } = drawProduct(seed, index, p);
  const line = lineOf(seed, index, draft);
  const head = { product: line ? { ...product, modelCode: line.modelCode } : product, draft, line };
  lastHead = { seed, index, plan: p, head };
  return head;
}

/** Whether the block at `index` is a model line, and its configurations: 2–4 of them. */
function lineOf(seed: number, index: number, draft: Draft): Line | null {
  const codes = draft.entry.leaf.variants;
  if (!codes || codes.length === 0) return null;
  // A stream of its own, so the head product is drawn exactly as when it stood alone.
  const rng = new Random(deriveSeed(seed, "model-line", index));
  if (!rng.chance(LINE_RATE)) return null;
  const specs = codes.map((code) => {
    const spec = draft.entry.leaf.properties.find((s) => s.code === code);
    if (!spec) throw new Error(`Unknown variant property "${code}" of ${draft.entry.leaf.name}`);
    return spec;
  });
  const options = specs.map((spec) => optionsOf(draft.entry, draft.brand.code, spec));
  // How many values each property takes: one property 2–4; two, a grid of 2–4 configurations.
  const shapes =
    specs.length === 1
      ? [[2], [3], [4]]
      : [
          [1, 2],
          [1, 3],
          [2, 1],
          [2, 2],
        ];
  const fits = shapes.filter((shape) => shape.every((n, i) => n <= (options[i]?.length ?? 0)));
  if (fits.length === 0) return null;
  const shape = rng.pick(fits);
  const values = specs.map((spec, i) => {
    const own = options[i]?.findIndex((o) => o.value === draft.chosen.get(spec.code)?.text) ?? -1;
    const others = (options[i] ?? []).map((_, j) => j).filter((j) => j !== own);
    return [own, ...rng.sample(others, (shape[i] ?? 1) - 1)];
  });
  // Every configuration once; the head's own first.
  let combos: number[][] = [[]];
  for (const list of values) combos = combos.flatMap((c) => list.map((v) => [...c, v]));
  return {
    modelCode: `${draft.brand.code}-${slugify(draft.model || draft.entry.leaf.type)}-${index.toString(36)}`,
    combos,
    codes,
  };
}

/** A sibling: the head's model and configuration with its own variant values, and a life of its own. */
function siblingOf(
  seed: number,
  index: number,
  p: ProductPlan,
  draft: Draft,
  line: Line,
  combo: readonly number[],
): ProductSeed {
  const rng = new Random(deriveSeed(seed, "product", index));
  const chosen = new Map(draft.chosen);
  line.codes.forEach((code, i) => {
    const spec = chosen.get(code)?.spec as PropertySpec;
    chosen.set(code, chosenOption(spec, optionsOf(draft.entry, draft.brand.code, spec), combo[i] ?? 0));
  });
  const { entry, brand } = draft;
  const ctx = new Context(
    entry.leaf.type,
    brand.name,
    brand.code,
    draft.model,
    entry.leaf.gender,
    chosen,
    rng,
  );
  const template = entry.leaf.titles[draft.titleIndex] ?? (entry.leaf.titles[0] as Template);
  const name = tidy(template(ctx));
  return finishProduct(seed, index, rng, p, {
    ...draft,
    chosen,
    name,
    description: describeProduct(entry, ctx, rng),
    roubles: priceOf(entry.leaf, draft.base, chosen),
    fixedEnding: true,
    modelCode: line.modelCode,
  });
}

function describeProduct(entry: LeafEntry, ctx: Context, rng: Random): string {
  const sentences = [sentence(rng.pick(entry.section.intros)(ctx))];
  for (const fact of rng.sample(entry.leaf.facts, rng.int(1, 2))) sentences.push(sentence(fact(ctx)));
  if (rng.chance(0.5) || sentences.filter(Boolean).length < 2) sentences.push(rng.pick(entry.section.outros));
  return sentences.filter(Boolean).join(" ");
}

function drawProduct(seed: number, index: number, p: ProductPlan): { product: ProductSeed; draft: Draft } {
  const rng = new Random(deriveSeed(seed, "product", index));
  const entry =
    index < p.leaves.length
      ? (p.leaves[index] as LeafEntry)
      : (p.leaves[rng.weightedIndex(p.leafWeights)] as LeafEntry);
  const { leaf } = entry;

  const brandCode = rng.pick(leaf.brands);
  const brand = p.brands.get(brandCode);
  if (!brand) throw new Error(`Unknown brand "${brandCode}" in ${leaf.name}`);
  const model = modelFor(entry, brandCode, rng);

  const chosen = new Map<string, Chosen>();
  for (const spec of leaf.properties) chosen.set(spec.code, chooseProperty(spec, brandCode, entry, rng));
  const ctx = new Context(leaf.type, brand.name, brandCode, model, leaf.gender, chosen, rng);

  const titleIndex = rng.int(0, leaf.titles.length - 1);
  const name = tidy((leaf.titles[titleIndex] as Template)(ctx));
  const description = describeProduct(entry, ctx, rng);

  // Price: the brand's tier picks the third of the range; within it the model's place on the brand's
  // ladder (or chance, for a generated model), then the configuration's premiums.
  const drawn = rng.next();
  const ladder = modelLadder(entry, brandCode, model);
  const base = (brand.tier - 1 + (ladder ?? drawn)) / 3;
  const sellerCode = "";
  const draft: Draft = { entry, brand, model, chosen, titleIndex, base, sellerCode, isOriginal: false };
  const product = finishProduct(seed, index, rng, p, {
    ...draft,
    name,
    description,
    roubles: priceOf(leaf, base, chosen),
    fixedEnding: ladder !== null || leaf.variants !== undefined,
    modelCode: null,
  });
  return { product, draft: { ...draft, sellerCode: product.sellerCode, isOriginal: product.isOriginal } };
}

/** Everything after the name and price, in the order the draws were always made. */
function finishProduct(
  seed: number,
  index: number,
  rng: Random,
  p: ProductPlan,
  d: Draft & {
    name: string;
    description: string;
    roubles: number;
    fixedEnding: boolean;
    modelCode: string | null;
  },
): ProductSeed {
  const { entry, chosen } = d;
  const { leaf, section } = entry;
  const priceRub = shopPrice(d.roubles, rng, d.fixedEnding);
  let oldPriceRub: number | null = null;
  if (rng.chance(0.3)) {
    const discount = rng.weighted(DISCOUNTS);
    oldPriceRub = roundPrice(priceRub / (1 - discount), rng);
    if (oldPriceRub <= priceRub) oldPriceRub = priceRub + (priceRub < 300 ? 10 : 100);
    // Rounding the old price up may push the badge past the cap: the old price comes down to it.
    while (100 * (oldPriceRub - priceRub) > (MAX_DISCOUNT_PERCENT + 0.49) * oldPriceRub)
      oldPriceRub -= priceRub < 300 ? 1 : 10;
  }

  const availability = rng.next();
  const isComingSoon = availability < 0.02;
  const isPreorder = !isComingSoon && availability < 0.05;
  const soldOut = !isComingSoon && !isPreorder && availability < 0.13;
  const stock =
    isComingSoon || soldOut ? 0 : isPreorder ? rng.int(5, 50) : Math.floor(1 + 200 * rng.next() ** 2);

  const popularity = Math.floor(Math.exp(rng.next() * 9.5) * (leaf.weight ?? 1));
  const createdAt = new Date(BASE_DATE.getTime() - rng.int(1, 365) * DAY_MS + rng.int(0, DAY_MS - 1));
  const reviews = isComingSoon
    ? []
    : generateReviews(
        rng,
        section.key,
        reviewCountFor(popularity, rng),
        createdAt,
        BASE_DATE,
        // The reviews speak about this kind of product (ADR 060): no «яркий экран» on wired headphones.
        reviewPhrasesFor(section.key, leaf.type, { connection: chosen.get("connection")?.text }),
      );
  attachReviewPhotos(new Random(deriveSeed(seed, "review-photos", index)), reviews);

  const sellerPool = p.sellersBySection.get(section.key) ?? [];
  const drawnSeller = rng.pick(sellerPool);
  // A line is one seller's: its siblings are sold where its head is.
  const sellerCode = d.sellerCode || drawnSeller.code;
  // Drawn in the order they always were, so the rest of the catalogue does not change with the seed.
  const cashbackPercent = rng.weighted(CASHBACK);
  const drawnOriginal = rng.chance(0.4);
  const isOriginal = d.sellerCode ? d.isOriginal : drawnOriginal;
  const isTopProfit = rng.chance(0.06);

  return {
    index,
    sku: skuFor(seed, index),
    name: d.name,
    slug: slugify(d.name),
    description: d.description,
    categoryKey: entry.key,
    brandCode: d.brand.code,
    sellerCode,
    modelCode: d.modelCode,
    price: priceRub * 100,
    oldPrice: oldPriceRub === null ? null : oldPriceRub * 100,
    // "Топ-выгода" is the bank's raised cashback, above the usual 1–15 % (see the "about" page).
    cashbackPercent: isTopProfit
      ? new Random(deriveSeed(seed, "top-profit-cashback", index)).weighted(TOP_PROFIT_CASHBACK)
      : cashbackPercent,
    stock,
    isPreorder,
    isComingSoon,
    isOriginal,
    isTopProfit,
    orderLimit: rng.chance(0.05) ? rng.int(1, 5) : null,
    popularity,
    rating: averageRating(reviews),
    reviewsCount: reviews.length,
    createdAt,
    properties: leaf.properties.map((spec) => {
      const c = chosen.get(spec.code) as Chosen;
      return { code: spec.code, value: c.text, valueNumber: c.valueNumber };
    }),
    imageCount: rng.weighted(IMAGE_COUNTS),
    reviews,
  };
}

/** Products `start` … `start + count - 1`. */
export function generateProducts(
  seed: number,
  start: number,
  count: number,
  plan?: ProductPlan,
): ProductSeed[] {
  const out: ProductSeed[] = [];
  for (let i = start; i < start + count; i++) out.push(generateProduct(seed, i, plan));
  return out;
}
