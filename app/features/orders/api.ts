import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";
import type { PlaceOrderInput, StartPaymentInput } from "#contract/orders.ts";

export const orderKeys = {
  all: ["orders"] as const,
  lists: () => [...orderKeys.all, "list"] as const,
  list: (tab: "active" | "completed") => [...orderKeys.lists(), tab] as const,
  detail: (id: number) => [...orderKeys.all, "detail", id] as const,
  bonus: (id: number) => [...orderKeys.all, "bonus", id] as const,
  balance: () => ["bonus", "balance"] as const,
};

/** The shopper's orders of one tab; `api` is the loader's client on the server. */
export function ordersQuery(tab: "active" | "completed", api?: ApiClient) {
  return queryOptions({
    queryKey: orderKeys.list(tab),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.orders.$get({ query: { tab } }, { init: { signal } })),
  });
}

/** One order of the shopper's (another shopper's id is the API's 404). */
export function orderQuery(id: number, api?: ApiClient) {
  return queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.orders[":id"].$get({ param: { id: String(id) } }, { init: { signal } })),
  });
}

/** How many points the order may take (balance, min, max, applied). */
export function orderBonusQuery(id: number, api?: ApiClient) {
  return queryOptions({
    queryKey: orderKeys.bonus(id),
    queryFn: ({ signal }) =>
      unwrap(
        (api ?? getApi()).v1.orders[":id"].bonus.$get({ param: { id: String(id) } }, { init: { signal } }),
      ),
  });
}

/** The shopper's points: spendable and pending cashback. */
export function bonusBalanceQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: orderKeys.balance(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.user.bonus.$get(undefined, { init: { signal } })),
  });
}

/** Places the order (201 new, 200 the same order again for a retried key). */
export function placeOrder(input: PlaceOrderInput) {
  return unwrap(getApi().v1.orders.$post({ json: input }));
}

/** Starts paying: the acquirer's page to go to, or paid at once with points. */
export function startPayment(orderId: number, input: StartPaymentInput) {
  return unwrap(getApi().v1.orders[":id"].payments.$post({ param: { id: String(orderId) }, json: input }));
}

/** Asks the acquirer about the order's payment on the way back from its page (idempotent). */
export function checkPayment(orderId: number, api?: ApiClient) {
  return unwrap((api ?? getApi()).v1.orders[":id"].payments.check.$post({ param: { id: String(orderId) } }));
}
