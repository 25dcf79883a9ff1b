import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, configureApi, createApiClient, getApi, resetApi } from "./api-client.ts";

function json(body: unknown, status = 200, statusText = "OK") {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { "Content-Type": "application/json" },
  });
}

describe("api client", () => {
  afterEach(() => resetApi());

  it("calls /api with Accept JSON, the auth helper's headers, the version prefix and the query", async () => {
    const transport = vi.fn(async (_path: string, _init: RequestInit) => json({ ok: true }));
    const api = createApiClient({ transport, authHeaders: () => ({ "X-Device": "d1" }) });
    await api.get("/main/guid", { version: 1, query: { a: 1, empty: "", none: undefined } });
    await api.get("/config");
    expect(transport.mock.calls[0]![0]).toBe("/api/v1/main/guid?a=1");
    expect(transport.mock.calls[1]![0]).toBe("/api/config");
    const headers = transport.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers.Accept).toBe("application/json");
    expect(headers["X-Device"]).toBe("d1");
  });

  it("sends JSON bodies as JSON and form data as is", async () => {
    const transport = vi.fn(async (_path: string, _init: RequestInit) => json({}));
    const api = createApiClient({ transport });
    await api.post("/v1/user/address", { city: "Москва" });
    const form = new FormData();
    form.set("file", "x");
    await api.post("/v1/support", form);
    expect(transport.mock.calls[0]![1].body).toBe('{"city":"Москва"}');
    expect((transport.mock.calls[0]![1].headers as Record<string, string>)["Content-Type"]).toBe(
      "application/json",
    );
    expect(transport.mock.calls[1]![1].body).toBe(form);
    expect((transport.mock.calls[1]![1].headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });

  it("retries a failed GET once and never retries other methods", async () => {
    const transport = vi.fn(async () => json({ message: "down" }, 503, "Service Unavailable"));
    const api = createApiClient({ transport });
    await expect(api.get("/x")).rejects.toBeInstanceOf(ApiError);
    expect(transport).toHaveBeenCalledTimes(2);
    transport.mockClear();
    await expect(api.post("/x", {})).rejects.toBeInstanceOf(ApiError);
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it("does not retry a 4xx GET", async () => {
    const transport = vi.fn(async () => json({ message: "Товар не найден" }, 404, "Not Found"));
    await expect(createApiClient({ transport }).get("/x")).rejects.toThrow("Товар не найден");
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it("normalises errors: the server's message, else the status text; type api_error", async () => {
    const api = createApiClient({
      transport: async () => json({ message: "Нет в наличии", code: "sold_out" }, 409, "Conflict"),
    });
    const error = (await api.post("/x").catch((e) => e)) as ApiError;
    expect(error).toMatchObject({
      code: 409,
      status: 409,
      statusCode: 409,
      statusMessage: "Conflict",
      type: "api_error",
      message: "Нет в наличии",
      name: "ApiError",
    });

    const plain = createApiClient({
      transport: async () => new Response("<html>", { status: 502, statusText: "Bad Gateway" }),
    });
    const e2 = (await plain.post("/x").catch((e) => e)) as ApiError;
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
    await expect(api.get("/v1/user/address")).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("refuses to work before it is configured", () => {
    expect(() => getApi()).toThrow("API instance not configured");
    configureApi({ transport: async () => json({}) });
    expect(getApi()).toBeDefined();
  });
});
