import { z } from "zod";
import { idParam } from "./id-param.ts";
import { MAX_FILTER_VALUES, MAX_FILTER_VALUES_TOTAL, MAX_RESULT_DEPTH } from "./input-bounds.ts";
import { kopecksSchema } from "./money-schema.ts";

export const imageSchema = z.object({
  /** A catalogue picture's base (`/img/<id>`): pages add a width (ADR 061). Older pictures: a whole URL. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  /** The picture's average colour (`#rrggbb`), painted until it arrives; "" or absent when unknown. */
  placeholder: z.string().optional(),
  /** A tiny blurred image of it (a `data:` URL), for the picture a page leads with. */
  blur: z.string().optional(),
});

/** Where a product stands for a shopper; the product page and cards show exactly one of these. */
export const productStateSchema = z.enum(["in_stock", "sold_out", "preorder", "coming_soon"]);
export type ProductState = z.infer<typeof productStateSchema>;

export const productCardSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  price: kopecksSchema,
  oldPrice: kopecksSchema.nullable(),
  discountPercent: z.number().int(),
  cashbackPercent: z.number().int(),
  /** Cashback for one unit in kopecks, whole roubles (bonus points are credited in roubles). */
  cashbackAmount: kopecksSchema,
  rating: z.number(),
  reviewsCount: z.number().int(),
  state: productStateSchema,
  isOriginal: z.boolean(),
  isTopProfit: z.boolean(),
  orderLimit: z.number().int().nullable(),
  /** Sold in installments (ADR 062): the card shows «от 1 990 ₽ × 6 мес» under the price. */
  installments: z.boolean(),
  image: imageSchema.nullable(),
  brand: z.object({ code: z.string(), name: z.string() }),
  /**
   * Where the seller ships from: its warehouse city's place and the cut-off hour (ADR 036). The shop
   * window turns it into «Доставим завтра» for the shopper's city (contract/delivery-dates.ts) in the
   * browser's time, so a kept page never shows a stale date. Null when the seller has no warehouse.
   */
  dispatch: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      timezone: z.string(),
      cutoffHour: z.number().int(),
    })
    .nullable(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const productSortSchema = z.enum(["popular", "price_asc", "price_desc", "new", "rating", "discount"]);
export type ProductSort = z.infer<typeof productSortSchema>;

/** Brand and seller codes: lower-case latin letters, digits and hyphens. */
const CODE = /^[a-z0-9-]{1,64}$/;

export { MAX_FILTER_VALUES, MAX_FILTER_VALUES_TOTAL, MAX_RESULT_DEPTH };

/** page × limit within MAX_RESULT_DEPTH; for the refinement of a paged query. */
export const withinResultDepth = (q: { page: number; limit: number }) => q.page * q.limit <= MAX_RESULT_DEPTH;
export const RESULT_DEPTH_ERROR = {
  error: `Слишком далёкая страница: показываются первые ${MAX_RESULT_DEPTH / 1000} тысяч товаров`,
  path: ["page"],
};

/** `a,b` or repeated `x=a&x=b` (or both) → ["a", "b"]; empty items are dropped. */
export function splitListParam(value: string | readonly string[]): string[] {
  return (typeof value === "string" ? [value] : value)
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

const codeListParam = (what: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform(splitListParam)
    .pipe(
      z
        .array(z.string().regex(CODE, { error: `Неверный код ${what}` }))
        .max(MAX_FILTER_VALUES, { error: `Не больше ${MAX_FILTER_VALUES} значений` }),
    )
    .optional();

/** `1`/`true` turns a yes/no filter on; `0`/`false` (or no parameter) leaves it off. */
export const flagParam = z
  .enum(["1", "0", "true", "false"], { error: "Ожидается 1 или 0" })
  .transform((v) => v === "1" || v === "true")
  .optional();

/** Roubles in the URL (what a shopper types); the API answers in kopecks. Up to two decimals. */
const roublesParam = z.coerce
  .number({ error: "Цена должна быть числом" })
  .min(0, { error: "Цена не может быть отрицательной" })
  .max(100_000_000, { error: "Слишком большая цена" })
  .optional();

/**
 * The filters shared by the listing and its facets. Property filters are dynamic keys and are not part
 * of this schema: `p.<code>=<value>[,<value>]` for enum and yes/no properties, `p.<code>=<min>-<max>`
 * (either end may be left out) for number properties; see `server/domain/catalog/facets-filters.ts`.
 */
export const productFilterShape = {
  /** The category and its whole subtree. */
  categoryId: idParam("Идентификатор категории должен быть целым положительным числом").optional(),
  /** Brand codes; several values are alternatives. Repeated or comma-separated. */
  brand: codeListParam("бренда"),
  /** Seller codes, like `brand`. */
  seller: codeListParam("продавца"),
  /** Roubles, inclusive. */
  priceMin: roublesParam,
  /** Roubles, inclusive. */
  priceMax: roublesParam,
  /** Only what can be bought and delivered now (not sold out, not pre-order, not coming soon). */
  inStock: flagParam,
  /** Only products with cashback. */
  cashback: flagParam,
  /** Only products of the "Топ-выгода" promotion (raised cashback from the bank). */
  topProfit: flagParam,
  /** Lowest rating as shown on the card (one decimal), e.g. 4 or 4.5. */
  ratingMin: z.coerce
    .number({ error: "Рейтинг должен быть числом" })
    .min(0, { error: "Рейтинг от 0 до 5" })
    .max(5, { error: "Рейтинг от 0 до 5" })
    .optional(),
};

export const productListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(24),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    sort: productSortSchema.default("popular"),
    ...productFilterShape,
  })
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    error: "Минимальная цена больше максимальной",
    path: ["priceMin"],
  })
  .refine(withinResultDepth, RESULT_DEPTH_ERROR);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** Filters a page can be made of rather than chosen by the shopper: see `within` below. */
export const SCOPE_FILTERS = ["brand", "seller"] as const;

export const productFacetsQuerySchema = z
  .object({
    ...productFilterShape,
    /**
     * Filters that make the page itself (a brand's or seller's own page), not the shopper's choice:
     * `within=brand`. Every count stays inside them, and their own facet is not counted (it comes back
     * empty), which spares counting the whole catalogue's brands on a brand page.
     */
    within: z
      .union([z.string(), z.array(z.string())])
      .transform(splitListParam)
      .pipe(z.array(z.enum(SCOPE_FILTERS, { error: "Параметр within принимает brand или seller" })))
      .optional(),
  })
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    error: "Минимальная цена больше максимальной",
    path: ["priceMin"],
  });
export type ProductFacetsQuery = z.infer<typeof productFacetsQuerySchema>;

/** Raw property filters as they came in the URL: `p.memory=128 ГБ,256 ГБ` → { memory: ["128 ГБ,256 ГБ"] }. */
export type PropertyFilterParams = Record<string, string[]>;

/** One filter a shopper could drop to see something, and how many products that would show. */
export const filterSuggestionSchema = z.object({
  /** `brand`, `seller`, `price`, `inStock`, `cashback`, `topProfit`, `rating` or `p.<code>`. */
  filter: z.string(),
  /** The filter's title as the storefront shows it ("Бренд", "Встроенная память"). */
  name: z.string(),
  total: z.number().int(),
});

/** Why a listing is empty, so the storefront can say so and offer a way out. */
export const emptyListingSchema = z.object({
  /**
   * `category_empty`: nothing on this shelf at all; `no_matches`: the filters together exclude
   * everything (see `suggestions`); `page_out_of_range`: there are products, but not on this page.
   */
  reason: z.enum(["category_empty", "no_matches", "page_out_of_range"]),
  message: z.string(),
  /** Filters to drop, the most rewarding first (only for `no_matches`). */
  suggestions: z.array(filterSuggestionSchema),
  /** The last page that has products (only for `page_out_of_range`). */
  lastPage: z.number().int().optional(),
});
export type EmptyListing = z.infer<typeof emptyListingSchema>;

export const productListSchema = z.object({
  items: z.array(productCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Present only when `items` is empty. */
  empty: emptyListingSchema.optional(),
});
export type ProductList = z.infer<typeof productListSchema>;

const facetOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Products with this option, all the other active filters applied. */
  count: z.number().int(),
  selected: z.boolean(),
});

const facetValueSchema = z.object({ value: z.string(), count: z.number().int(), selected: z.boolean() });

const rangeSchema = z.object({ min: z.number(), max: z.number() });

export const propertyFacetSchema = z.discriminatedUnion("kind", [
  z.object({
    code: z.string(),
    name: z.string(),
    kind: z.enum(["enum", "boolean"]),
    unit: z.string().nullable(),
    /** Values that have products, plus any selected one; sizes and numbers in natural order. */
    values: z.array(facetValueSchema),
  }),
  z.object({
    code: z.string(),
    name: z.string(),
    kind: z.literal("number"),
    unit: z.string().nullable(),
    /** Over the results ignoring this property's own filter; null when none of them has a value. */
    range: rangeSchema.nullable(),
    /** The active filter's ends (either may be open), or null. */
    selected: z.object({ min: z.number().nullable(), max: z.number().nullable() }).nullable(),
  }),
]);
export type PropertyFacet = z.infer<typeof propertyFacetSchema>;

export const productFacetsSchema = z.object({
  /** Products matching every active filter (the listing's total). */
  total: z.number().int(),
  /** Over the results with every filter but the price one; null when there are none. */
  price: z.object({ min: kopecksSchema, max: kopecksSchema }).nullable(),
  brands: z.array(facetOptionSchema),
  sellers: z.array(facetOptionSchema),
  /** Products in stock, every other filter applied. */
  inStock: z.number().int(),
  /** Products with cashback, every other filter applied. */
  cashback: z.number().int(),
  /** Products of the "Топ-выгода" promotion, every other filter applied. */
  topProfit: z.number().int(),
  /** "From 4.5", "from 4", "from 3": products rated at least `min`, every other filter applied. */
  ratings: z.array(z.object({ min: z.number(), count: z.number().int(), selected: z.boolean() })),
  /** The category's own properties (for a branch, those of its leaves), most widely shared first. */
  properties: z.array(propertyFacetSchema),
  /** Present only when `total` is 0. */
  empty: emptyListingSchema.optional(),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

export const productPropertySchema = z.object({ code: z.string(), name: z.string(), value: z.string() });

/** One value of a property in which a model line's products differ, and the product that has it. */
export const variantOptionSchema = z.object({
  /** «256 ГБ», «синий», «44». */
  value: z.string(),
  /** The product to open for it: the current one for its own value, else the nearest sibling. */
  productId: z.number().int(),
  current: z.boolean(),
  /** The product can be bought now (a sold-out or coming one is shown dimmed). */
  available: z.boolean(),
});

/** A property the siblings of a model line differ in (ADR 065): colour, memory, size. */
export const variantPropertySchema = z.object({
  code: z.string(),
  name: z.string(),
  options: z.array(variantOptionSchema),
});
export type VariantProperty = z.infer<typeof variantPropertySchema>;

export const productDetailSchema = productCardSchema.extend({
  description: z.string(),
  stock: z.number().int(),
  images: z.array(imageSchema),
  properties: z.array(productPropertySchema),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  seller: z.object({
    code: z.string(),
    name: z.string(),
    rating: z.number(),
    /** Orders that held the seller's goods here (their shipments), counted, not estimated. */
    ordersCount: z.number().int(),
    /** Products the seller offers in the catalogue. */
    productsCount: z.number().int(),
  }),
  /** The model line's picker, empty for a product without siblings (`products.model_code`). */
  variants: z.array(variantPropertySchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export interface CategoryNode {
  id: number;
  name: string;
  slug: string;
  children: CategoryNode[];
}
// The id names the recursion: the OpenAPI generator writes it as a component referring to itself.
export const categoryNodeSchema: z.ZodType<CategoryNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      children: z.array(categoryNodeSchema),
    }),
  )
  .meta({ id: "CategoryNode" });
export const categoryTreeQuerySchema = z.object({
  /** How many levels to return from the top; the whole tree by default. */
  depth: z.coerce.number().int().min(1).max(5).default(5),
});
export const categoryTreeSchema = z.object({ items: z.array(categoryNodeSchema) });
export type CategoryTree = z.infer<typeof categoryTreeSchema>;

export const codeParamsSchema = z.object({
  code: z.string().regex(/^[a-z0-9-]{1,64}$/, { error: "Неверный код" }),
});

export const brandSchema = z.object({
  code: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  description: z.string(),
});
export type Brand = z.infer<typeof brandSchema>;

export const sellerSchema = z.object({
  code: z.string(),
  name: z.string(),
  legalName: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  rating: z.number(),
  /** Orders that held the seller's goods here, counted (ADR 065). */
  ordersCount: z.number().int(),
  /** Products the seller offers in the catalogue. */
  productsCount: z.number().int(),
});
export type Seller = z.infer<typeof sellerSchema>;

export const reviewSortSchema = z.enum(["new", "rating_desc", "rating_asc"]);
export const reviewListQuerySchema = z.object({
  sort: reviewSortSchema.default("new"),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  /** `true`: only reviews with photos. */
  withPhotos: flagParam,
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** A shopper's photo in a review, in the order it was added. */
export const reviewPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  /** The thumbnail: a buyer's photo 160 px wide (ADR 057, 060), a seeded picture as it is. */
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  authorName: z.string(),
  rating: z.number().int(),
  pros: z.string(),
  cons: z.string(),
  text: z.string(),
  createdAt: z.string(),
  photos: z.array(reviewPhotoSchema),
  /** Written by a buyer who received the product here: «Покупатель Витрины» (ADR 060). */
  verifiedBuyer: z.boolean(),
  /** «Полезно» votes. */
  helpfulCount: z.number().int(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.object({
  items: z.array(reviewSchema),
  /** Reviews that match the request (with `withPhotos`, only those with photos): what the pages cover. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Average over all reviews, one decimal. The summary (this, `distribution`, `withPhotosCount`) ignores filters. */
  average: z.number(),
  /** How many reviews gave each star rating, 5 to 1. */
  distribution: z.array(z.object({ rating: z.number().int(), count: z.number().int() })),
  /** How many reviews have at least one photo. */
  withPhotosCount: z.number().int(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;
