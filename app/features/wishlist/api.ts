import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { type ApiClient, ApiError, getApi, unwrap } from "#app/lib/api-client.ts";
import type { WishlistIds } from "#contract/wishlist.ts";

export const wishlistKeys = {
  all: ["wishlist"] as const,
  ids: () => [...wishlistKeys.all, "ids"] as const,
  lists: () => [...wishlistKeys.all, "list"] as const,
  list: (inStock: boolean) => [...wishlistKeys.lists(), { inStock }] as const,
};

/**
 * The product ids in the shopper's wishlist, for the hearts. Fetched in the browser only, after hydration
 * (pages are the same for everyone and served from the page cache, ADR 032); the API answers an
 * anonymous visitor too (never 401), so it cannot bounce anyone to sign-in.
 */
export function wishlistIdsQuery() {
  return queryOptions({
    queryKey: wishlistKeys.ids(),
    queryFn: ({ signal }) => unwrap(getApi().v1.wishlist.ids.$get(undefined, { init: { signal } })),
    staleTime: 60_000,
  });
}

/** The wishlist with product cards; `api` is the loader's client on the server. */
export function wishlistQuery(inStock: boolean, api?: ApiClient) {
  return queryOptions({
    queryKey: wishlistKeys.list(inStock),
    queryFn: ({ signal }) =>
      unwrap(
        (api ?? getApi()).v1.wishlist.$get({ query: inStock ? { inStock: "1" } : {} }, { init: { signal } }),
      ),
  });
}

/** Each product's last write, so a quick second click is sent after the first, never overtaking it. */
const pending = new Map<number, Promise<unknown>>();

function send(productId: number, add: boolean): Promise<unknown> {
  const api = getApi().v1.wishlist;
  const call = (): Promise<unknown> =>
    add
      ? unwrap(api.$post({ json: { productId } }))
      : unwrap(api[":productId"].$delete({ param: { productId } })).catch((error: unknown) => {
          // Already gone (another tab removed it): what the shopper asked for is true.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        });
  const next: Promise<unknown> = (pending.get(productId) ?? Promise.resolve()).catch(() => {}).then(call);
  pending.set(productId, next);
  const forget = () => {
    if (pending.get(productId) === next) pending.delete(productId);
  };
  // Both ways: a failure is the caller's to report, not an unhandled rejection here.
  next.then(forget, forget);
  return next;
}

const withOrWithout = (ids: readonly number[], productId: number, add: boolean) => {
  const rest = ids.filter((id) => id !== productId);
  return add ? [productId, ...rest] : rest;
};

/**
 * Puts the product into the wishlist or takes it out. The hearts change at once; when the call fails the
 * product's heart goes back (the rest untouched) and the error is rethrown for the caller's toast.
 */
export async function setWished(queryClient: QueryClient, productId: number, add: boolean): Promise<void> {
  const key = wishlistKeys.ids();
  // The hearts as shown, taken before the cancel: cancelling a refetch reverts the query to its state
  // when that fetch began, which misses a page's data hydrated meanwhile.
  const shown = queryClient.getQueryData<WishlistIds>(key);
  await queryClient.cancelQueries({ queryKey: key });
  const update = (wished: boolean, from?: WishlistIds) =>
    queryClient.setQueryData<WishlistIds>(key, (old) => ({
      productIds: withOrWithout((from ?? old)?.productIds ?? [], productId, wished),
    }));
  update(add, shown);
  try {
    await send(productId, add);
  } catch (error) {
    update(!add);
    throw error;
  } finally {
    void queryClient.invalidateQueries({ queryKey: wishlistKeys.lists() });
  }
}
