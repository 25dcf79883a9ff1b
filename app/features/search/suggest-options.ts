import type { Kopecks } from "#contract/money.ts";
import type { SuggestResult } from "#contract/search.ts";
import { brandUrl, categoryUrl, productUrl, searchUrl } from "#contract/urls.ts";

export interface SuggestOption {
  key: string;
  kind: "query" | "category" | "brand" | "product";
  label: string;
  hint?: string;
  href: string;
  image?: { url: string; width: number; height: number } | null;
  price?: Kopecks;
}

/** The results page for a query, as the search form submits it. */
export function searchHref(query: string): string {
  return searchUrl(query);
}

/** One flat, ordered list for the combobox: queries first, then categories, brands and products. */
export function suggestOptions(data: SuggestResult): SuggestOption[] {
  return [
    ...data.queries.map((q) => ({
      key: `q-${q}`,
      kind: "query" as const,
      label: q,
      href: searchHref(q),
    })),
    ...data.categories.map((c) => ({
      key: `c-${c.id}`,
      kind: "category" as const,
      label: c.name,
      hint: "Категория",
      href: categoryUrl(c),
    })),
    ...data.brands.map((b) => ({
      key: `b-${b.code}`,
      kind: "brand" as const,
      label: b.name,
      hint: "Бренд",
      href: brandUrl(b.code),
    })),
    ...data.products.map((p) => ({
      key: `p-${p.id}`,
      kind: "product" as const,
      label: p.name,
      href: productUrl(p.id),
      image: p.image,
      price: p.price,
    })),
  ];
}
