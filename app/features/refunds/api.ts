import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";
import type { CreateReturnInput, ReturnRequest } from "#contract/returns.ts";

// The shopper's returns of delivered goods (issue 21, point 2; ADR 059): «заявки на возврат».

export const refundKeys = {
  all: ["refunds"] as const,
  list: () => [...refundKeys.all, "list"] as const,
  detail: (id: number) => [...refundKeys.all, "detail", id] as const,
  returnable: (orderId: number) => [...refundKeys.all, "returnable", orderId] as const,
};

export function refundsQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: refundKeys.list(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.refunds.$get(undefined, { init: { signal } })),
  });
}

/** One of the shopper's requests (another shopper's id is the API's 404). While its money is on its way, it looks again. */
export function refundQuery(id: number, api?: ApiClient) {
  return queryOptions({
    queryKey: refundKeys.detail(id),
    queryFn: ({ signal }) =>
      unwrap((api ?? getApi()).v1.refunds[":id"].$get({ param: { id: String(id) } }, { init: { signal } })),
    refetchInterval: (query) => (query.state.data?.status === "approved" ? 15_000 : false),
  });
}

/** What of the order can go back now. */
export function returnableQuery(orderId: number, api?: ApiClient) {
  return queryOptions({
    queryKey: refundKeys.returnable(orderId),
    queryFn: ({ signal }) =>
      unwrap(
        (api ?? getApi()).v1.refunds.returnable.$get(
          { query: { orderId: String(orderId) } },
          { init: { signal } },
        ),
      ),
  });
}

export function useCreateRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReturnInput): Promise<ReturnRequest> =>
      unwrap(getApi().v1.refunds.$post({ json: input })),
    onSuccess: (request) => {
      queryClient.setQueryData(refundKeys.detail(request.id), request);
      return queryClient.invalidateQueries({ queryKey: refundKeys.all });
    },
  });
}

export function useCancelRefund(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<ReturnRequest> =>
      unwrap(getApi().v1.refunds[":id"].cancel.$post({ param: { id: String(id) } })),
    onSuccess: (request) => {
      queryClient.setQueryData(refundKeys.detail(id), request);
      return queryClient.invalidateQueries({ queryKey: refundKeys.list() });
    },
  });
}
