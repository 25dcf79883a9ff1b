import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { invalidateBasket } from "#app/features/basket/index.ts";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";
import type { RepeatResult } from "#contract/after-sale.ts";
import { formatCount } from "#contract/format.ts";

import { purchaseKeys } from "./purchase-dates.ts";

export { purchaseKeys };

/** One page of the shopper's purchases; `api` is the loader's client on the server. */
export function purchasesQuery(before: string | null, api?: ApiClient) {
  return queryOptions({
    queryKey: purchaseKeys.page(before),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.purchases.$get({ query: before ? { before } : {} }, { init: { signal } })),
  });
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
