import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { WishlistIds } from "#contract/wishlist.ts";
import { refetchInFlightThenHydrated } from "#tests/fixtures/query-cache.ts";

const posted: number[] = [];
vi.mock("#app/lib/api-client.ts", () => ({
  ApiError: class extends Error {},
  unwrap: (call: Promise<unknown>) => call,
  getApi: () => ({
    v1: {
      wishlist: {
        $post: async ({ json }: { json: { productId: number } }) => {
          posted.push(json.productId);
          return { ok: true };
        },
      },
    },
  }),
}));

const { setWished, wishlistKeys } = await import("./api.ts");

describe("setWished", () => {
  it("adds to the hearts as shown, even when a page's data arrived while a refetch was in flight", async () => {
    const queryClient = new QueryClient();
    const key = wishlistKeys.ids();
    const refetch = refetchInFlightThenHydrated<WishlistIds>(
      queryClient,
      key,
      { productIds: [1] },
      { productIds: [2, 1] },
    );

    await setWished(queryClient, 3, true);
    await refetch;
    expect(posted).toEqual([3]);
    // Heart 2, shown before the click, is still lit.
    expect(queryClient.getQueryData<WishlistIds>(key)?.productIds).toEqual([3, 2, 1]);
  });
});
