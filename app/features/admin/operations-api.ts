import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";
import type { AdjustStockInput, PaymentProblemView, StockItemView } from "#contract/admin-operations.ts";
import { adminKeys } from "./api.ts";

// The operations screens' reads and writes (issue 20, points 7, 9, 10): the payment problems queue, stock
// by hand and the SMS outbox.

export type ProblemState = "open" | "resolved";

export const operationsKeys = {
  problems: (state: ProblemState) => [...adminKeys.all, "payment-problems", state] as const,
  stock: (q: string) => [...adminKeys.all, "stock", q] as const,
  sms: (phone: string) => [...adminKeys.all, "sms", phone] as const,
};

export function fetchProblems(state: ProblemState, before?: string, api?: ApiClient, signal?: AbortSignal) {
  return unwrap(
    (api ?? getApi()).v1.admin["payment-problems"].$get(
      { query: { state, ...(before ? { before } : {}) } },
      { init: { signal } },
    ),
  );
}

export function problemsQuery(state: ProblemState, api?: ApiClient) {
  return queryOptions({
    queryKey: operationsKeys.problems(state),
    queryFn: ({ signal }) => fetchProblems(state, undefined, api, signal),
  });
}

/** Settling or retrying a problem: the answer replaces it in the lists it is in. */
export function useProblemActions() {
  const queryClient = useQueryClient();
  const problems = () => getApi().v1.admin["payment-problems"][":id"];
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all, "payment-problems"] });
  const resolve = useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }): Promise<PaymentProblemView> =>
      unwrap(problems().resolve.$post({ param: { id: String(id) }, json: { note } })),
    onSettled: refresh,
  });
  const retry = useMutation({
    mutationFn: (id: number): Promise<PaymentProblemView> =>
      unwrap(problems().retry.$post({ param: { id: String(id) } })),
    onSettled: refresh,
  });
  return { resolve, retry };
}

export function stockQuery(q: string, api?: ApiClient) {
  return queryOptions({
    queryKey: operationsKeys.stock(q),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.admin.stock.$get({ query: { q } }, { init: { signal } })),
  });
}

/** A change of one product's stock; the answer replaces the product in the search's results. */
export function useAdjustStock(q: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      productId,
      input,
    }: {
      productId: number;
      input: AdjustStockInput;
    }): Promise<StockItemView> =>
      unwrap(
        getApi().v1.admin.stock[":productId"].$post({ param: { productId: String(productId) }, json: input }),
      ),
    onSuccess: (item) =>
      queryClient.setQueryData(operationsKeys.stock(q), (old: { items: StockItemView[] } | undefined) =>
        old ? { items: old.items.map((i) => (i.productId === item.productId ? item : i)) } : old,
      ),
  });
}

export function fetchSms(phone: string, before?: number, api?: ApiClient, signal?: AbortSignal) {
  return unwrap(
    (api ?? getApi()).v1.admin.sms.$get(
      { query: { ...(phone ? { phone } : {}), ...(before ? { before: String(before) } : {}) } },
      { init: { signal } },
    ),
  );
}

export function smsQuery(phone: string, api?: ApiClient) {
  return queryOptions({
    queryKey: operationsKeys.sms(phone),
    queryFn: ({ signal }) => fetchSms(phone, undefined, api, signal),
  });
}
