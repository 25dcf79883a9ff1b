import { z } from "zod";
import {
  emptyListingSchema,
  imageSchema,
  productCardSchema,
  productFacetsSchema,
  productFilterShape,
  productSortSchema,
  RESULT_DEPTH_ERROR,
  withinResultDepth,
} from "./catalog.ts";
import { kopecksSchema } from "./money-schema.ts";

/** The longest query accepted; the header field has the same `maxLength`. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** `relevance` (the default) orders by how well the name and description match; the rest as in listings. */
export const searchSortSchema = z.enum(["relevance", ...productSortSchema.options]);
export type SearchSort = z.infer<typeof searchSortSchema>;

const queryText = z
  .string({ error: "Введите поисковый запрос" })
  .trim()
  .max(SEARCH_QUERY_MAX_LENGTH, { error: `Запрос длиннее ${SEARCH_QUERY_MAX_LENGTH} символов` });

const priceOrder = {
  error: "Минимальная цена больше максимальной",
  path: ["priceMin"],
};
const priceInOrder = (q: { priceMin?: number | undefined; priceMax?: number | undefined }) =>
  q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax;

/**
 * The query, and the listing's filters over its results (`categoryId`, `brand`, `price…`, `p.<code>`
 * as in GET /api/v1/products). A property filter needs a category: `categoryId`, or else the category
 * holding at least half of what the query finds (the one whose properties the facets offer).
 */
export const searchQuerySchema = z
  .object({
    q: queryText.min(1, { error: "Введите поисковый запрос" }),
    limit: z.coerce.number().int().min(1).max(100).default(24),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    sort: searchSortSchema.default("relevance"),
    ...productFilterShape,
  })
  .refine(priceInOrder, priceOrder)
  .refine(withinResultDepth, RESULT_DEPTH_ERROR);
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchFacetsQuerySchema = z
  .object({ q: queryText.min(1, { error: "Введите поисковый запрос" }), ...productFilterShape })
  .refine(priceInOrder, priceOrder);
export type SearchFacetsQuery = z.infer<typeof searchFacetsQuerySchema>;

export const searchFacetsSchema = productFacetsSchema.extend({
  /**
   * The category whose properties `properties` are: the chosen one (`categoryId`), else the one
   * holding at least half of what the query finds; null when the results are spread wider.
   */
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const searchCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** Matching products in the category (with no matches: all its products). */
  count: z.number().int(),
});
export type SearchCategory = z.infer<typeof searchCategorySchema>;

export const searchResultSchema = z.object({
  /** The query as received (trimmed). */
  query: z.string(),
  /**
   * The query the results are for when it is not the one typed (a typo fixed, the keyboard layout
   * switched): the page says «Показаны результаты по запросу …». Null when the typed query matched.
   */
  correctedQuery: z.string().nullable(),
  /** True when the query was typed in the wrong keyboard layout ("cvfhnajy" → "смартфон"). */
  layoutFixed: z.boolean(),
  /** Products found with every filter applied. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  items: z.array(productCardSchema),
  /**
   * Categories holding the most matching products, by count (every filter applied but the category,
   * so they are the choices a shopper has); with no results, the most popular categories instead.
   */
  categories: z.array(searchCategorySchema),
  /** With no results only: queries that do find products («возможно, вы искали …»). */
  suggestions: z.array(z.string()),
  /**
   * Present when the query finds products but the filters leave none on this page (`no_matches`,
   * `page_out_of_range`), as a listing says it: then no corrections are offered.
   */
  empty: emptyListingSchema.optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const SUGGEST_LIMITS = { queries: 5, categories: 5, brands: 5, products: 6 } as const;

export const suggestQuerySchema = z.object({
  /** Empty: the search form has just opened, popular queries and categories are suggested. */
  q: queryText.default(""),
});
export type SuggestQuery = z.infer<typeof suggestQuerySchema>;

export const suggestResultSchema = z.object({
  queries: z.array(z.string()).max(SUGGEST_LIMITS.queries),
  categories: z
    .array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() }))
    .max(SUGGEST_LIMITS.categories),
  brands: z.array(z.object({ code: z.string(), name: z.string() })).max(SUGGEST_LIMITS.brands),
  products: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        price: kopecksSchema,
        /** The first picture, to show as a thumbnail. */
        image: imageSchema.nullable(),
      }),
    )
    .max(SUGGEST_LIMITS.products),
});
export type SuggestResult = z.infer<typeof suggestResultSchema>;
