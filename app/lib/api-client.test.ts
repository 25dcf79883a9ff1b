import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  configureApi,
  createApiClient,
  getApi,
  getBackgroundApi,
  resetApi,
  unwrap,
} from "./api-client.ts";
import { shouldRetry } from "./query-client.ts";

function json(body: unknown, status = 200, statusText = "OK") {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { "Content-Type": "application/json" },
  });
}

type Call = [string, RequestInit];

describe("api client", () => {
  afterEach(() => resetApi());

  it("calls /api paths derived from the routes, with Accept JSON, the auth helper's headers and the query", async () => {
    const transport = vi.fn(async (_path: string, _init: RequestInit) => json({ items: [] }));
    const api = createApiClient({ transport, authHeaders: () => ({ "X-Device": "d1" }) });
    await unwrap(api.v1.address.find.city.$get({ query: { query: "каз", limit: 5 } }));
    await unwrap(api.config.$get());
    await unwrap(api.v1.products[":id"].$get({ param: { id: 42 } }));
    await unwrap(
      api.v1.products.$get({ query: { page: 2, brand: ["a", "b"], seller: "", categoryId: undefined } }),
    );
    const calls = transport.mock.calls as Call[];
    expect(calls.map((c) => c[0])).toEqual([
      "/api/v1/address/find/city?query=%D0%BA%D0%B0%D0%B7&limit=5",
      "/api/config",
      "/api/v1/products/42",
      "/api/v1/products?page=2&brand=a&brand=b",
    ]);
    const headers = new Headers(calls[0]![1].headers);
    expect(headers.get("Accept")).toBe("application/json");
    expect(headers.get("X-Device")).toBe("d1");
    expect(calls[0]![1].method).toBe("GET");
  });

  it("sends JSON bodies as JSON and answers a 204 with undefined", async () => {
    const transport = vi.fn(async (_path: string, init: RequestInit) =>
      init.method === "DELETE" ? new Response(null, { status: 204 }) : json({ id: 1, query: "чай" }),
    );
    const api = createApiClient({ transport });
    const recorded = await unwrap(api.v1.search.recent.$post({ json: { query: "чай" } }));
    expect(recorded.query).toBe("чай");
    expect(await unwrap(api.v1.search.recent[":id"].$delete({ param: { id: 7 } }))).toBeUndefined();
    const [post, remove] = transport.mock.calls as Call[];
    expect(post![1].method).toBe("POST");
    expect(post![1].body).toBe('{"query":"чай"}');
    expect(new Headers(post![1].headers).get("Content-Type")).toBe("application/json");
    expect(remove![0]).toBe("/api/v1/search/recent/7");
    expect(remove![1].method).toBe("DELETE");
  });

  it("makes exactly one attempt, whatever the method or failure", async () => {
    const transport = vi.fn(async () => json({ message: "down" }, 503, "Service Unavailable"));
    const api = createApiClient({ transport });
    await expect(unwrap(api.v1.options.$get())).rejects.toBeInstanceOf(ApiError);
    expect(transport).toHaveBeenCalledTimes(1);
    transport.mockClear();
    await expect(unwrap(api.v1.search.recent.$post({ json: { query: "x" } }))).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(transport).toHaveBeenCalledTimes(1);

    const offline = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const error = await unwrap(createApiClient({ transport: offline }).v1.options.$get()).catch((e) => e);
    expect(error).toMatchObject({ status: 500, statusMessage: "Network error", message: "Failed to fetch" });
    expect(offline).toHaveBeenCalledTimes(1);
  });

  it("leaves retrying to TanStack Query: a failing GET in the browser is sent 1 + 3 times, not 8", async () => {
    const transport = vi.fn(async () => json({ message: "down" }, 503, "Service Unavailable"));
    const api = createApiClient({ transport });
    const client = new QueryClient({
      defaultOptions: { queries: { retry: (n, e) => shouldRetry(n, e, false), retryDelay: 0 } },
    });
    await expect(
      client.fetchQuery({ queryKey: ["options"], queryFn: () => unwrap(api.v1.options.$get()) }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(transport).toHaveBeenCalledTimes(4);

    transport.mockClear();
    transport.mockImplementation(async () => json({ message: "Товар не найден" }, 404, "Not Found"));
    await expect(
      client.fetchQuery({
        queryKey: ["product"],
        queryFn: () => unwrap(api.v1.products[":id"].$get({ param: { id: 1 } })),
      }),
    ).rejects.toThrow("Товар не найден");
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it("normalises errors: the server's message, else the status text; type api_error; the typed body", async () => {
    const api = createApiClient({
      transport: async () =>
        json(
          { status: 404, code: "product_not_found", type: "not_found", message: "Товар не найден" },
          404,
          "Not Found",
        ),
    });
    const error = (await unwrap(api.v1.products[":id"].$get({ param: { id: 1 } })).catch(
      (e) => e,
    )) as ApiError;
    expect(error).toMatchObject({
      code: 404,
      status: 404,
      statusCode: 404,
      statusMessage: "Not Found",
      type: "api_error",
      message: "Товар не найден",
      name: "ApiError",
    });
    expect(error.body?.code).toBe("product_not_found");

    const plain = createApiClient({
      transport: async () => new Response("<html>", { status: 502, statusText: "Bad Gateway" }),
    });
    const e2 = (await unwrap(plain.v1.options.$get()).catch((e) => e)) as ApiError;
    expect(e2.message).toBe("Bad Gateway");
    expect(e2.status).toBe(502);
  });

  it("defaults to 500 'Unknown error'", () => {
    const error = new ApiError({});
    expect([error.code, error.message, error.type]).toEqual([500, "Unknown error", "api_error"]);
  });

  it("reports a 401 to the unauthorised handler", async () => {
    const onUnauthorized = vi.fn();
    const api = createApiClient({
      transport: async () => json({ message: "Требуется авторизация" }, 401),
      onUnauthorized,
    });
    await expect(unwrap(api.v1.user.profile.$get())).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("reads the seconds of a Retry-After answer", async () => {
    const api = createApiClient({
      transport: async () =>
        new Response(JSON.stringify({ message: "Новый код можно запросить через 42 секунды" }), {
          status: 429,
          headers: { "content-type": "application/json", "retry-after": "42" },
        }),
    });
    const error = await unwrap(api.v1.options.$get()).catch((e) => e);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 42 });
    const plain = await unwrap(
      createApiClient({ transport: async () => json({}, 500) }).v1.options.$get(),
    ).catch((e) => e);
    expect(plain.retryAfterSeconds).toBeUndefined();
  });

  it("the background client throws a 401 without sending the shopper to sign in (ADR 034)", async () => {
    const onUnauthorized = vi.fn();
    configureApi({
      transport: async () => json({ message: "Войдите, чтобы продолжить" }, 401),
      onUnauthorized,
    });
    await expect(unwrap(getBackgroundApi().v1.user.me.$get())).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(unwrap(getApi().v1.user.me.$get())).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("passes the abort signal and rethrows an abort as it is", async () => {
    const controller = new AbortController();
    const transport = vi.fn(async (_path: string, init: RequestInit) => {
      controller.abort();
      init.signal?.throwIfAborted();
      return json({});
    });
    const api = createApiClient({ transport });
    const error = await unwrap(api.v1.options.$get(undefined, { init: { signal: controller.signal } })).catch(
      (e) => e,
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe("AbortError");
  });

  it("refuses to work before it is configured", () => {
    expect(() => getApi()).toThrow("API instance not configured");
    configureApi({ transport: async () => json({}) });
    expect(getApi()).toBeDefined();
  });
});
