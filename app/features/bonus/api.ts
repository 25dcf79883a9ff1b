import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiClient, ApiError, getApi, getBackgroundApi, unwrap } from "#app/lib/api-client.ts";

export const bonusKeys = {
  all: ["bonus"] as const,
  account: () => [...bonusKeys.all, "account"] as const,
  history: (before: number | null) => [...bonusKeys.all, "history", before] as const,
  /** The header's balance, per sign-in (the hint's value). */
  header: (hint: string | undefined) => [...bonusKeys.all, "header", hint ?? ""] as const,
};

/** Balance, pending cashback and the orders it waits on; `api` is the loader's client on the server. */
export function bonusAccountQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: bonusKeys.account(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.bonus.$get(undefined, { init: { signal } })),
  });
}

/** One page of the ledger, newest first. */
export function bonusHistoryQuery(before: number | null, api?: ApiClient) {
  return queryOptions({
    queryKey: bonusKeys.history(before),
    queryFn: ({ signal }) =>
      unwrap(
        (api ?? getApi()).v1.bonus.history.$get(
          { query: before === null ? {} : { before: String(before) } },
          { init: { signal } },
        ),
      ),
  });
}

/**
 * The balance for the header's account menu: asked after hydration with the signed-in state (the page
 * itself is the same for everyone), through the background client, so an ended session only hides it.
 */
export function useHeaderBalance(hint: string | undefined): number | undefined {
  const { data } = useQuery({
    queryKey: bonusKeys.header(hint),
    queryFn: ({ signal }) => unwrap(getBackgroundApi().v1.user.bonus.$get(undefined, { init: { signal } })),
    enabled: hint !== undefined,
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  return data?.balance;
}
