import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { invalidateBasket } from "#app/features/basket/index.ts";
import { type ApiClient, getApi, getBackgroundApi, unwrap } from "#app/lib/api-client.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import type { PurchaseDates, RepeatResult } from "#contract/after-sale.ts";
import { formatCount } from "#contract/format.ts";

export const purchaseKeys = {
  all: ["purchases"] as const,
  page: (before: string | null) => [...purchaseKeys.all, "page", before] as const,
  /** Per sign-in (the hint's value) and product: «Вы покупали». */
  date: (hint: string | undefined, productId: number) =>
    [...purchaseKeys.all, "date", hint ?? "", productId] as const,
};

/** One page of the shopper's purchases; `api` is the loader's client on the server. */
export function purchasesQuery(before: string | null, api?: ApiClient) {
  return queryOptions({
    queryKey: purchaseKeys.page(before),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.purchases.$get({ query: before ? { before } : {} }, { init: { signal } })),
  });
}

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

/** What «Купить снова» did, as a toast with the way to the basket. */
export function repeatToast(result: RepeatResult): void {
  const added = result.added.reduce((sum, l) => sum + l.quantity, 0);
  const skipped = result.skipped.map((s) => `«${s.name}» — ${s.reasonText}`).join("; ");
  if (added === 0) {
    showToast({
      type: "warn",
      group: "repeat",
      title: "Товары сейчас не купить",
      text: skipped,
      action: result.basketCount > 0 ? { label: "Перейти в корзину", to: "/basket" } : undefined,
    });
    return;
  }
  showToast({
    type: result.skipped.length > 0 ? "warn" : "success",
    group: "repeat",
    title: `Добавили в корзину ${formatCount(added, "товар", "товара", "товаров")}`,
    text: skipped ? `Не добавлены: ${skipped}` : undefined,
    action: { label: "Перейти в корзину", to: "/basket" },
  });
}

/** «Купить снова» for an order (all its lines) or one received product; the basket is read again. */
export async function buyAgain(
  queryClient: QueryClient,
  what: { orderId: number } | { productId: number },
  key: string,
): Promise<RepeatResult> {
  const header = { "idempotency-key": key };
  const result = await unwrap(
    "orderId" in what
      ? getApi().v1.orders[":id"].repeat.$post({ param: { id: String(what.orderId) }, header })
      : getApi().v1.purchases[":productId"].repeat.$post({
          param: { productId: String(what.productId) },
          header,
        }),
  );
  await invalidateBasket(queryClient);
  return result;
}
