import { dehydrate, hydrate, type QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client.ts";
import { createQueryClient, requestQueryClient, retryDelay, shouldRetry } from "./query-client.ts";
import { guidQuery } from "./reference.ts";

describe("query client policy", () => {
  it("retries up to three times on the client, never on 4xx, never on the server", () => {
    const serverError = new ApiError({ status: 503 });
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, serverError, false))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new ApiError({ status: 404 }), false)).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 422 }), false)).toBe(false);
    expect(shouldRetry(0, serverError, true)).toBe(false);
  });

  it("backs off doubling from 1 s up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("sends failures of queries marked globalError to the global handler, and only those", async () => {
    const seen: unknown[] = [];
    const client = createQueryClient((e) => seen.push(e));
    const failing = () => Promise.reject(new ApiError({ status: 500 }));
    await client
      .fetchQuery({ queryKey: ["a"], queryFn: failing, retry: false, meta: { globalError: true } })
      .catch(() => {});
    await client.fetchQuery({ queryKey: ["b"], queryFn: failing, retry: false }).catch(() => {});
    expect(seen).toHaveLength(1);
  });

  it("keeps data fresh for 5 s, cached for 5 min, and ignores window focus", () => {
    const defaults = createQueryClient(undefined, false).getDefaultOptions().queries!;
    expect(defaults.staleTime).toBe(5000);
    expect(defaults.gcTime).toBe(300_000);
    expect(defaults.refetchOnWindowFocus).toBe(false);
  });

  it("leaves no timer behind a server request's queries, whatever gcTime they ask for", async () => {
    vi.useFakeTimers();
    try {
      const use = async (client: QueryClient) => {
        await client.fetchQuery({ queryKey: ["listing"], queryFn: async () => ({ items: [1, 2, 3] }) });
        // The guid dictionary asks for 10 minutes; a render hydrates what the loaders dehydrated.
        await client.fetchQuery({ ...guidQuery(), queryFn: async () => ({ items: [] }) });
        hydrate(client, dehydrate(client));
      };
      await use(createQueryClient(undefined, true));
      await use(requestQueryClient());
      expect(vi.getTimerCount()).toBe(0);
      await use(createQueryClient(undefined, false));
      expect(vi.getTimerCount()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
