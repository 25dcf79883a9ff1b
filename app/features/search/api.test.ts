import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { RecentSearchList } from "#contract/search-history.ts";
import { refetchInFlightThenHydrated } from "#tests/fixtures/query-cache.ts";
import { searchKeys, showForgotten } from "./api.ts";

const entry = (id: number, query: string) => ({ id, query, searchedAt: "2026-11-24T10:00:00.000Z" });

describe("showForgotten", () => {
  it("removes from the list as shown, even when a page's data arrived while a refetch was in flight", async () => {
    const queryClient = new QueryClient();
    const key = searchKeys.recent;
    // The screen mounts with an invalidated list and refetches it; the route's loader data lands meanwhile
    // (what the shopper sees: two queries).
    const refetch = refetchInFlightThenHydrated<RecentSearchList>(
      queryClient,
      key,
      { items: [entry(1, "смартфон")] },
      { items: [entry(2, "Наушники"), entry(1, "смартфон")] },
    );
    expect(queryClient.getQueryData<RecentSearchList>(key)?.items.map((i) => i.id)).toEqual([2, 1]);

    const { previous } = await showForgotten(queryClient, 1);
    await refetch;
    // Only «смартфон» goes: «Наушники» (and the focus moved onto its button) stays.
    expect(queryClient.getQueryData<RecentSearchList>(key)?.items.map((i) => i.id)).toEqual([2]);
    expect(previous?.items.map((i) => i.id)).toEqual([2, 1]);
  });

  it("empties the list for «Очистить» and leaves no list alone when there is none", async () => {
    const queryClient = new QueryClient();
    expect(await showForgotten(queryClient, "all")).toEqual({ previous: undefined });
    expect(queryClient.getQueryData(searchKeys.recent)).toBeUndefined();
    queryClient.setQueryData<RecentSearchList>(searchKeys.recent, { items: [entry(1, "a"), entry(2, "b")] });
    await showForgotten(queryClient, "all");
    expect(queryClient.getQueryData(searchKeys.recent)).toEqual({ items: [] });
  });
});
