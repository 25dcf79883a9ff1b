import { TOP_PROFIT_INFO_URL } from "#contract/urls.ts";
import type { ProductListParams } from "./api.ts";

/** The promotion's page: what it is, its terms and all of its products. */
export const TOP_PROFIT_INFO_PATH = TOP_PROFIT_INFO_URL;

/** The whole catalogue in one order: the page «Смотреть все» of a home collection opens. */
export const COLLECTIONS = {
  popular: { title: "Популярные товары", sort: "popular" },
  discounts: { title: "Скидки дня", sort: "discount" },
  new: { title: "Новинки", sort: "new" },
} as const satisfies Record<string, { title: string; sort: ProductListParams["sort"] }>;
export type CollectionId = keyof typeof COLLECTIONS;

export const isCollectionId = (id: string): id is CollectionId => Object.hasOwn(COLLECTIONS, id);
/** The collection's full list: its order in the URL, so the page's sort menu can change it like any listing's. */
export const collectionPath = (id: CollectionId) =>
  COLLECTIONS[id].sort === "popular" ? `/collection/${id}` : `/collection/${id}?sort=${COLLECTIONS[id].sort}`;

export interface HomeCollection {
  id: string;
  title: string;
  /** What the home page shows: only goods that can be bought now (ADR 067). */
  params: ProductListParams & { inStock: true };
  /** Where «Смотреть все» leads: the collection's full list. */
  more: { href: string; text: string };
}

const first12 = { limit: 12, page: 1, inStock: true } as const;
/** The collections below the best sellers show one desktop row each: the home page stays light to load. */
const first6 = { limit: 6, page: 1, inStock: true } as const;
const SEE_ALL = "Смотреть все";

const whole = (id: CollectionId, size: typeof first6 | typeof first12): HomeCollection => ({
  id,
  title: COLLECTIONS[id].title,
  params: { sort: COLLECTIONS[id].sort, ...size },
  more: { href: collectionPath(id), text: SEE_ALL },
});

/**
 * The home page's collections, in the order shoppers see them. "Топ-выгода" comes second, after the
 * best sellers, and only while the promotion runs (the `topProfit` feature).
 */
export function homeCollections(features: { topProfit: boolean }): HomeCollection[] {
  return [
    whole("popular", first12),
    ...(features.topProfit
      ? [
          {
            id: "top-profit",
            title: "Топ-выгода",
            params: { sort: "popular", ...first6, topProfit: true },
            more: { href: TOP_PROFIT_INFO_PATH, text: SEE_ALL },
          } satisfies HomeCollection,
        ]
      : []),
    whole("discounts", first6),
    whole("new", first6),
  ];
}
