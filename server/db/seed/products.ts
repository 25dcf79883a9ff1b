import { plural } from "#contract/format.ts";
import { type BrandSeed, brandByCode } from "./brands.ts";
import { type LeafEntry, leafCategories } from "./catalog-tree.ts";
import type { EnumOption, Gender, ProductContext, PropertySpec, SectionKey } from "./catalog-types.ts";
import { deriveSeed, Random } from "./random.ts";
import {
  attachReviewPhotos,
  averageRating,
  generateReviews,
  type ReviewSeed,
  reviewCountFor,
} from "./reviews.ts";
import { reviewPhrasesFor } from "./review-kinds.ts";
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

const CASHBACK: readonly (readonly [number, number])[] = [
  [0, 45],
  [1, 10],
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
  [0.5, 1],
  [0.6, 1],
];
const IMAGE_COUNTS: readonly (readonly [number, number])[] = [
  [1, 15],
  [2, 20],
  [3, 30],
  [4, 20],
  [5, 15],
];

let defaultPlan: ProductPlan | undefined;

/**
 * Product number `index` of the catalogue. Each product draws from its own random stream derived from
 * (seed, index), so product 17 is the same whether 200 or 100,000 products are generated, and the
 * generator can run in chunks. The first products cover every leaf category once, so even a tiny
 * catalogue has something on every shelf.
 */
export function generateProduct(seed: number, index: number, plan?: ProductPlan): ProductSeed {
  if (!plan && !defaultPlan) defaultPlan = createProductPlan();
  const p = plan ?? (defaultPlan as ProductPlan);
  const rng = new Random(deriveSeed(seed, "product", index));
  const entry =
    index < p.leaves.length
      ? (p.leaves[index] as LeafEntry)
      : (p.leaves[rng.weightedIndex(p.leafWeights)] as LeafEntry);
  const { leaf, section } = entry;

  const brandCode = rng.pick(leaf.brands);
  const brand = p.brands.get(brandCode);
  if (!brand) throw new Error(`Unknown brand "${brandCode}" in ${leaf.name}`);
  const model = modelFor(entry, brandCode, rng);

  const chosen = new Map<string, Chosen>();
  for (const spec of leaf.properties) chosen.set(spec.code, chooseProperty(spec, brandCode, entry, rng));
  const ctx = new Context(leaf.type, brand.name, brandCode, model, leaf.gender, chosen, rng);

  const name = tidy(rng.pick(leaf.titles)(ctx));
  const sentences = [sentence(rng.pick(section.intros)(ctx))];
  for (const fact of rng.sample(leaf.facts, rng.int(1, 2))) sentences.push(sentence(fact(ctx)));
  if (rng.chance(0.5) || sentences.filter(Boolean).length < 2) sentences.push(rng.pick(section.outros));
  const description = sentences.filter(Boolean).join(" ");

  // Price: the brand's tier picks the third of the range, properties with a premium nudge it.
  let q = (brand.tier - 1 + rng.next()) / 3;
  for (const c of chosen.values()) if (c.spec.premium) q += c.spec.premium * (c.position - 0.5);
  q = Math.min(1, Math.max(0, q));
  const [min, max] = leaf.price;
  const priceRub = roundPrice(min * (max / min) ** q, rng);
  let oldPriceRub: number | null = null;
  if (rng.chance(0.3)) {
    const discount = rng.weighted(DISCOUNTS);
    oldPriceRub = roundPrice(priceRub / (1 - discount), rng);
    if (oldPriceRub <= priceRub) oldPriceRub = priceRub + (priceRub < 300 ? 10 : 100);
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
  const seller = rng.pick(sellerPool);
  // Drawn in the order they always were, so the rest of the catalogue does not change with the seed.
  const cashbackPercent = rng.weighted(CASHBACK);
  const isOriginal = rng.chance(0.4);
  const isTopProfit = rng.chance(0.06);

  return {
    index,
    sku: skuFor(seed, index),
    name,
    slug: slugify(name),
    description,
    categoryKey: entry.key,
    brandCode,
    sellerCode: seller.code,
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
