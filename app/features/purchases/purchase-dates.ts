import { useQuery } from "@tanstack/react-query";
import { getBackgroundApi, unwrap } from "#app/lib/api-client.ts";
import type { PurchaseDates } from "#contract/after-sale.ts";

// «Вы покупали» on product cards and pages: kept apart from «Купить снова» so the catalogue's pages load
// only this much of the purchases.

export const purchaseKeys = {
  all: ["purchases"] as const,
  page: (before: string | null) => [...purchaseKeys.all, "page", before] as const,
  /** Per sign-in (the hint's value) and product: «Вы покупали». */
  date: (hint: string | undefined, productId: number) =>
    [...purchaseKeys.all, "date", hint ?? "", productId] as const,
};

/**
 * «Вы покупали» is asked for every card of a page at once: the ids asked for within one task go out in
 * one request (up to 100), and each card's query takes its own answer.
 */
let batch: { ids: Set<number>; answer: Promise<Map<number, string>> } | undefined;

function purchaseDate(productId: number): Promise<string | null> {
  if (!batch || batch.ids.size >= 100) {
    const ids = new Set<number>();
    const answer = new Promise<Map<number, string>>((resolve, reject) => {
      setTimeout(() => {
        if (batch?.ids === ids) batch = undefined;
        unwrap(getBackgroundApi().v1.purchases.products.$get({ query: { ids: [...ids].join(",") } }))
          .then((dates: PurchaseDates) =>
            resolve(new Map(dates.items.map((i) => [i.productId, i.purchasedAt]))),
          )
          .catch(reject);
      }, 0);
    });
    batch = { ids, answer };
  }
  batch.ids.add(productId);
  return batch.answer.then((dates) => dates.get(productId) ?? null);
}

/** When the signed-in shopper last received the product (null: never); disabled while signed out. */
export function usePurchaseDate(productId: number, hint: string | undefined): string | null | undefined {
  const { data } = useQuery({
    queryKey: purchaseKeys.date(hint, productId),
    queryFn: () => purchaseDate(productId),
    enabled: hint !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return data;
}
