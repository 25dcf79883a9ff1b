import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { type ApiClient, type ApiData, getApi, unwrap } from "#app/lib/api-client.ts";

/**
 * The profile page's data. Under the account's key, so signing out (which drops every query) forgets it;
 * the header's own query of the same account is `["account", "me"]` and is told when a save changes it.
 */
export const profileKeys = {
  all: ["account", "profile"] as const,
  me: () => [...profileKeys.all, "me"] as const,
  devices: () => [...profileKeys.all, "devices"] as const,
};
const HEADER_ACCOUNT_KEY = ["account", "me"] as const;

export type Account = ApiData<Awaited<ReturnType<ApiClient["v1"]["user"]["me"]["$get"]>>>;
export type Device = ApiData<
  Awaited<ReturnType<ApiClient["v1"]["user"]["sessions"]["$get"]>>
>["items"][number];

/** The signed-in account (`api` is the loader's client on the server). A 401 here sends the shopper to sign in. */
export function accountQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: profileKeys.me(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.user.me.$get(undefined, { init: { signal } })),
  });
}

/** The account's signed-in devices, the most recently used first. */
export function devicesQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: profileKeys.devices(),
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.user.sessions.$get(undefined, { init: { signal } })),
  });
}

/** After a save: the page shows the stored account at once, and the header's greeting catches up. */
export function useAccountSaved() {
  const queryClient = useQueryClient();
  return (account: Account) => {
    queryClient.setQueryData(profileKeys.me(), account);
    void queryClient.invalidateQueries({ queryKey: HEADER_ACCOUNT_KEY });
  };
}
