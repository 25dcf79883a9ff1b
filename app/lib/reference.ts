import { queryOptions } from "@tanstack/react-query";
import type { OptionValue } from "#contract/reference.ts";
import { type ApiClient, getApi, unwrap } from "./api-client.ts";

/** Spec section 9: the guid dictionary is cached and stale for 10 minutes. */
export const GUID_CACHE_MS = 10 * 60 * 1000;

/** Turns `{ items: [{ code, value }] }` into a code → value map. */
export function toCodeMap<V>(items: { code: string; value: V }[]): Map<string, V> {
  return new Map(items.map((item) => [item.code, item.value]));
}

/**
 * The guid dictionary (statuses, reasons, delivery types) as a code → value map. Its failures are not
 * the screen's to handle: `meta.globalError` routes them to the app's global error handler.
 */
export function guidQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: ["reference", "guid"] as const,
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.main.guid.$get(undefined, { init: { signal } })),
    select: (data) => toCodeMap(data.items),
    staleTime: GUID_CACHE_MS,
    gcTime: GUID_CACHE_MS,
    meta: { globalError: true },
  });
}

/** Runtime options (flags, numbers, strings) as a code → value map. */
export function optionsQuery(api?: ApiClient) {
  return queryOptions({
    queryKey: ["reference", "options"] as const,
    queryFn: ({ signal }) => unwrap((api ?? getApi()).v1.options.$get(undefined, { init: { signal } })),
    select: (data) => toCodeMap<OptionValue>(data.items),
  });
}
