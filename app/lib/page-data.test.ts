import { dehydrate, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { asReceivedNow } from "./page-data.tsx";

describe("asReceivedNow", () => {
  const renderedLongAgo = () => {
    const client = new QueryClient();
    client.setQueryData(["listing"], { items: [1] }, { updatedAt: 1_000 });
    return dehydrate(client);
  };

  it("dates a page's data from when the browser received it, so cached pages do not refetch at once", () => {
    const fresh = asReceivedNow(renderedLongAgo(), () => false, 50_000);
    expect(fresh.queries[0]?.state.dataUpdatedAt).toBe(50_000);
    expect(fresh.queries[0]?.state.data).toEqual({ items: [1] });
  });

  it("keeps the time of one state fixed, so data fetched later is never overwritten by the page's", () => {
    const state = renderedLongAgo();
    const first = asReceivedNow(state, () => false, 50_000);
    expect(asReceivedNow(state, () => false, 90_000)).toBe(first);
    expect(first.queries[0]?.state.dataUpdatedAt).toBe(50_000);
  });

  it("keeps the server's time for data the browser already holds, so a late page never overwrites it", () => {
    const fresh = asReceivedNow(renderedLongAgo(), () => true, 50_000);
    expect(fresh.queries[0]?.state.dataUpdatedAt).toBe(1_000);
  });

  it("never moves a newer time back", () => {
    const client = new QueryClient();
    client.setQueryData(["listing"], 1, { updatedAt: 80_000 });
    expect(asReceivedNow(dehydrate(client), () => false, 50_000).queries[0]?.state.dataUpdatedAt).toBe(
      80_000,
    );
  });
});
