import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";
import type { ReviewStatus } from "#contract/review-rules.ts";
import { adminKeys } from "./api.ts";

// The operators' reviews (issue 21, point 4; ADR 060): the list, hide with a reason, show again.

export type ReviewFilter = ReviewStatus | "all";
const FILTERS: readonly ReviewFilter[] = ["all", "published", "hidden"];

/** The list's filter from the address; anything unknown is «all». */
export function reviewFilterOf(url: string): ReviewFilter {
  const status = new URL(url).searchParams.get("status") as ReviewFilter;
  return FILTERS.includes(status) ? status : "all";
}

export function reviewsHref(status: ReviewFilter): string {
  return status === "all" ? "/admin/reviews" : `/admin/reviews?status=${status}`;
}

export const reviewAdminKeys = {
  list: (status: ReviewFilter) => [...adminKeys.all, "reviews", status] as const,
};

export function fetchReviews(status: ReviewFilter, before?: number, api?: ApiClient, signal?: AbortSignal) {
  return unwrap(
    (api ?? getApi()).v1.admin.reviews.$get(
      { query: { status, ...(before ? { before: String(before) } : {}) } },
      { init: { signal } },
    ),
  );
}

export function adminReviewsQuery(status: ReviewFilter, api?: ApiClient) {
  return queryOptions({
    queryKey: reviewAdminKeys.list(status),
    queryFn: ({ signal }) => fetchReviews(status, undefined, api, signal),
  });
}

/** Hide (with the reason) and show again; the lists are read again. */
export function useReviewActions(id: number) {
  const queryClient = useQueryClient();
  const param = { id: String(id) };
  const settle = () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all, "reviews"] });
  return {
    hide: useMutation({
      mutationFn: (reason: string) =>
        unwrap(getApi().v1.admin.reviews[":id"].hide.$post({ param, json: { reason } })),
      onSuccess: settle,
    }),
    show: useMutation({
      mutationFn: () => unwrap(getApi().v1.admin.reviews[":id"].show.$post({ param })),
      onSuccess: settle,
    }),
  };
}
