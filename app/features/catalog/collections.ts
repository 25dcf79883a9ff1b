import { TOP_PROFIT_INFO_URL } from "#contract/urls.ts";
import type { ProductListParams } from "./api.ts";

/** The promotion's page: what it is, its terms and all of its products. */
export const TOP_PROFIT_INFO_PATH = TOP_PROFIT_INFO_URL;

export interface HomeCollection {
  id: string;
  title: string;
  params: ProductListParams;
  /** Where "see all" leads, when the collection has a page of its own. */
  more?: { href: string; text: string };
}

const first12 = { limit: 12, page: 1 } as const;
/** The collections below the best sellers show one desktop row each: the home page stays light to load. */
const first6 = { limit: 6, page: 1 } as const;

/**
 * The home page's collections, in the order shoppers see them. "Топ-выгода" comes second, after the
 * best sellers, and only while the promotion runs (the `topProfit` feature).
 */
export function homeCollections(features: { topProfit: boolean }): HomeCollection[] {
  return [
    { id: "popular", title: "Популярные товары", params: { sort: "popular", ...first12 } },
    ...(features.topProfit
      ? [
          {
            id: "top-profit",
            title: "Топ-выгода",
            params: { sort: "popular", ...first6, topProfit: true },
            more: { href: TOP_PROFIT_INFO_PATH, text: "Все товары акции" },
          } satisfies HomeCollection,
        ]
      : []),
    { id: "discounts", title: "Скидки дня", params: { sort: "discount", ...first6 } },
    { id: "new", title: "Новинки", params: { sort: "new", ...first6 } },
  ];
}
