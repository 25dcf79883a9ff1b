import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";
import type { StaffAppeal } from "#contract/support.ts";
import type { SupportStatus } from "#contract/support-info.ts";
import { adminKeys } from "./api.ts";

// The support queue's reads and writes (issue 21, point 3; ADR 058).

export type QueueStatus = SupportStatus | "all";
export type QueueAssigned = "any" | "me" | "none";
export interface QueueFilters {
  status: QueueStatus;
  assigned: QueueAssigned;
}

const STATUSES: readonly QueueStatus[] = ["open", "answered", "closed", "all"];
const ASSIGNED: readonly QueueAssigned[] = ["any", "me", "none"];

/** The queue's filters from the address; anything unknown is the default (open, anyone's). */
export function queueFiltersOf(url: string): QueueFilters {
  const params = new URL(url).searchParams;
  const status = params.get("status") as QueueStatus;
  const assigned = params.get("assigned") as QueueAssigned;
  return {
    status: STATUSES.includes(status) ? status : "open",
    assigned: ASSIGNED.includes(assigned) ? assigned : "any",
  };
}

/** The address of the queue under these filters (defaults left out). */
export function queueHref(filters: QueueFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== "open") params.set("status", filters.status);
  if (filters.assigned !== "any") params.set("assigned", filters.assigned);
  const query = params.toString();
  return query ? `/admin/support?${query}` : "/admin/support";
}

export const supportAdminKeys = {
  queue: (filters: QueueFilters) => [...adminKeys.all, "support", "queue", filters] as const,
  appeal: (id: number) => [...adminKeys.all, "support", "appeal", id] as const,
};

export function fetchQueue(filters: QueueFilters, before?: number, api?: ApiClient, signal?: AbortSignal) {
  return unwrap(
    (api ?? getApi()).v1.admin.support.$get(
      { query: { ...filters, ...(before ? { before: String(before) } : {}) } },
      { init: { signal } },
    ),
  );
}

export function supportQueueQuery(filters: QueueFilters, api?: ApiClient) {
  return queryOptions({
    queryKey: supportAdminKeys.queue(filters),
    queryFn: ({ signal }) => fetchQueue(filters, undefined, api, signal),
  });
}

export function staffAppealQuery(id: number, api?: ApiClient) {
  return queryOptions({
    queryKey: supportAdminKeys.appeal(id),
    queryFn: ({ signal }) =>
      unwrap(
        (api ?? getApi()).v1.admin.support[":id"].$get({ param: { id: String(id) } }, { init: { signal } }),
      ),
  });
}

/** Take, answer, close: the answer replaces the appeal's card, and the queue is read again. */
export function useAppealActions(id: number) {
  const queryClient = useQueryClient();
  const appeal = () => getApi().v1.admin.support[":id"];
  const param = { id: String(id) };
  const settle = (card: StaffAppeal) => {
    queryClient.setQueryData(supportAdminKeys.appeal(id), card);
    return queryClient.invalidateQueries({ queryKey: [...adminKeys.all, "support", "queue"] });
  };
  return {
    assign: useMutation({
      mutationFn: (): Promise<StaffAppeal> => unwrap(appeal().assign.$post({ param })),
      onSuccess: settle,
    }),
    answer: useMutation({
      mutationFn: (text: string): Promise<StaffAppeal> =>
        unwrap(appeal().answer.$post({ param, json: { text } })),
      onSuccess: settle,
    }),
    close: useMutation({
      mutationFn: (): Promise<StaffAppeal> => unwrap(appeal().close.$post({ param })),
      onSuccess: settle,
    }),
  };
}
