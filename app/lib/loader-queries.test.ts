import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ApiError, unwrap } from "./api-client.ts";
import { loaderQueries, serverApi } from "./loader-queries.ts";

function context(): AppLoadContext {
  return { apiFetch: vi.fn(), requestId: "r1" } as unknown as AppLoadContext;
}

const query = (key: string, fetch: () => Promise<string>) => ({ queryKey: [key], queryFn: fetch });

describe("loaderQueries", () => {
  it("shares one query client between the loaders of a request, so a query runs once", async () => {
    const request = context();
    const fetchConfig = vi.fn(async () => "config");
    const root = loaderQueries(request);
    const route = loaderQueries(request);
    const [a, b] = await Promise.all([
      root.ensureQueryData(query("config", fetchConfig)),
      route.ensureQueryData(query("config", fetchConfig)),
    ]);
    expect([a, b]).toEqual(["config", "config"]);
    expect(fetchConfig).toHaveBeenCalledTimes(1);
    expect(root.client).toBe(route.client);
    expect(serverApi(request)).toBe(serverApi(request));
  });

  it("never shares between requests", async () => {
    const fetch = vi.fn(async () => "x");
    await loaderQueries(context()).ensureQueryData(query("k", fetch));
    await loaderQueries(context()).ensureQueryData(query("k", fetch));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(serverApi(context())).not.toBe(serverApi(context()));
  });

  it("dehydrates only a loader's own successful queries", async () => {
    const request = context();
    const root = loaderQueries(request);
    const route = loaderQueries(request);
    await root.ensureQueryData(query("categories", async () => "tree"));
    await route.ensureQueryData(query("product", async () => "phone"));
    await route.prefetchQuery(
      query("reviews", async () => {
        throw new Error("down");
      }),
    );
    const keys = (state: ReturnType<typeof root.dehydrate>) => state.queries.map((q) => q.queryKey[0]);
    expect(keys(root.dehydrate())).toEqual(["categories"]);
    expect(keys(route.dehydrate())).toEqual(["product"]);
    expect(keys(route.dehydrate((q) => q.queryKey[0] !== "product"))).toEqual([]);
  });
});

describe("serverApi and an unavailable service", () => {
  it("ends the loader with the 503 route response (React Router keeps its status and message in production)", async () => {
    const request = {
      apiFetch: vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 503, code: "database_unavailable", message: "Недоступно" }), {
            status: 503,
            headers: { "Content-Type": "application/json" },
          }),
      ),
      requestId: "r1",
    } as unknown as AppLoadContext;
    const failure = await unwrap(serverApi(request).v1.products.$get({ query: {} })).catch(
      (error: unknown) => error,
    );
    expect(failure).not.toBeInstanceOf(Error);
    expect(failure).toMatchObject({
      type: "DataWithResponseInit",
      data: { message: "Недоступно" },
      init: { status: 503 },
    });
  });

  it("ends the loader with a 429 route response when the API tier refuses the call (API_ORIGIN)", async () => {
    const request = {
      apiFetch: vi.fn(
        async () =>
          new Response(
            JSON.stringify({ status: 429, code: "rate_limited", message: "Слишком много запросов" }),
            { status: 429, headers: { "Content-Type": "application/json", "Retry-After": "5" } },
          ),
      ),
      requestId: "r1",
    } as unknown as AppLoadContext;
    const failure = await unwrap(serverApi(request).v1.products.$get({ query: {} })).catch(
      (error: unknown) => error,
    );
    expect(failure).not.toBeInstanceOf(Error);
    expect(failure).toMatchObject({
      type: "DataWithResponseInit",
      data: { message: "Слишком много запросов" },
      init: { status: 429 },
    });
  });

  it("leaves other failures to the ApiError the loaders handle", async () => {
    const request = {
      apiFetch: vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 404, code: "not_found", message: "Нет" }), { status: 404 }),
      ),
      requestId: "r1",
    } as unknown as AppLoadContext;
    const failure = await unwrap(serverApi(request).v1.products.$get({ query: {} })).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
  });
});
