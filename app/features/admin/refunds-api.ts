import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiClient, ApiError, getApi, unwrap } from "#app/lib/api-client.ts";
import { RETURN_STATUSES, type ReturnStatus } from "#contract/return-rules.ts";
import type { StaffReturn } from "#contract/returns.ts";
import { adminKeys } from "./api.ts";

// The refund queue's reads and writes (issue 21, point 2; ADR 059).

export type RefundQueueStatus = ReturnStatus | "all";

const STATUSES: readonly RefundQueueStatus[] = [...RETURN_STATUSES, "all"];

/** The queue's status from the address; anything unknown is the default (waiting for a decision). */
export function refundStatusOf(url: string): RefundQueueStatus {
  const status = new URL(url).searchParams.get("status") as RefundQueueStatus;
  return STATUSES.includes(status) ? status : "sent";
}

/** The address of the queue under this status (the default left out). */
export function refundQueueHref(status: RefundQueueStatus): string {
  return status === "sent" ? "/admin/refunds" : `/admin/refunds?status=${status}`;
}

export const refundAdminKeys = {
  queue: (status: RefundQueueStatus) => [...adminKeys.all, "refunds", "queue", status] as const,
  refund: (id: number) => [...adminKeys.all, "refunds", "refund", id] as const,
};

export function fetchRefundQueue(
  status: RefundQueueStatus,
  before?: number,
  api?: ApiClient,
  signal?: AbortSignal,
) {
  return unwrap(
    (api ?? getApi()).v1.admin.refunds.$get(
      { query: { status, ...(before ? { before: String(before) } : {}) } },
      { init: { signal } },
    ),
  );
}

export function refundQueueQuery(status: RefundQueueStatus, api?: ApiClient) {
  return queryOptions({
    queryKey: refundAdminKeys.queue(status),
    queryFn: ({ signal }) => fetchRefundQueue(status, undefined, api, signal),
  });
}

export function staffRefundQuery(id: number, api?: ApiClient) {
  return queryOptions({
    queryKey: refundAdminKeys.refund(id),
    queryFn: ({ signal }) =>
      unwrap(
        (api ?? getApi()).v1.admin.refunds[":id"].$get({ param: { id: String(id) } }, { init: { signal } }),
      ),
  });
}

/**
 * Approve, reject: the answer replaces the card, and the card, the queue and the order's card (its refunds
 * and points) are read again.
 */
export function useRefundDecisions(id: number) {
  const queryClient = useQueryClient();
  const refund = () => getApi().v1.admin.refunds[":id"];
  const param = { id: String(id) };
  const settle = async (card: StaffReturn) => {
    queryClient.setQueryData(refundAdminKeys.refund(id), card);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: refundAdminKeys.refund(id) }),
      queryClient.invalidateQueries({ queryKey: [...adminKeys.all, "refunds", "queue"] }),
      queryClient.invalidateQueries({ queryKey: adminKeys.order(card.order.id) }),
    ]);
  };
  // Decided meanwhile (another operator, or the shopper withdrew it): the card is read again to say so.
  const stale = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: refundAdminKeys.refund(id) }),
        queryClient.invalidateQueries({ queryKey: [...adminKeys.all, "refunds", "queue"] }),
      ]);
    }
  };
  return {
    approve: useMutation({
      mutationFn: (): Promise<StaffReturn> => unwrap(refund().approve.$post({ param })),
      onSuccess: settle,
      onError: stale,
    }),
    reject: useMutation({
      mutationFn: (reason: string): Promise<StaffReturn> =>
        unwrap(refund().reject.$post({ param, json: { reason } })),
      onSuccess: settle,
      onError: stale,
    }),
  };
}
