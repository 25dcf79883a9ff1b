import { hydrate, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { RecentSearchList } from "#contract/search-history.ts";
import { searchKeys, showForgotten } from "./api.ts";

const entry = (id: number, query: string) => ({ id, query, searchedAt: "2026-11-24T10:00:00.000Z" });

describe("showForgotten", () => {
  it("removes from the list as shown, even when a page's data arrived while a refetch was in flight", async () => {
    const queryClient = new QueryClient();
    const key = searchKeys.recent;
    queryClient.setQueryData<RecentSearchList>(key, { items: [entry(1, "смартфон")] });
    // The screen mounts with an invalidated list: a refetch starts from the old list…
    const refetch = queryClient.fetchQuery({
      queryKey: key,
      queryFn: ({ signal }) =>
        new Promise<RecentSearchList>((_resolve, reject) =>
          signal.addEventListener("abort", () => reject(new Error("aborted"))),
        ),
    });
    // …and the route's loader data lands meanwhile (what the shopper sees: two queries).
    hydrate(queryClient, {
      mutations: [],
      queries: [
        {
          queryKey: [...key],
          queryHash: JSON.stringify(key),
          dehydratedAt: Date.now(),
          state: {
            ...queryClient.getQueryState(key)!,
            data: { items: [entry(2, "Наушники"), entry(1, "смартфон")] },
            dataUpdatedAt: Date.now() + 1000,
          },
        },
      ],
    });
    expect(queryClient.getQueryData<RecentSearchList>(key)?.items.map((i) => i.id)).toEqual([2, 1]);

    const { previous } = await showForgotten(queryClient, 1);
    await refetch.catch(() => undefined);
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
