import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import type { SeoRecord } from "#contract/seo.ts";
import { type AppConfig, loadConfig } from "#server/config.ts";
import { createSeoSource, type SeoSourceOptions } from "#server/domain/seo/source.ts";
import type { AppEnv } from "#server/http/env.ts";
import { errorHandler } from "#server/http/error-handler.ts";
import type { Logger } from "#server/logger.ts";
import { createSeoRoute, getSeo } from "./route.ts";

const ENDPOINT = "https://seo.example/api/page";

const record: SeoRecord = {
  h1: "Смартфоны",
  title: "Смартфоны — купить в Витрине",
  pageTitle: "Смартфоны",
  pageId: "1001",
  description: "Смартфоны с кешбэком",
  keywords: "смартфоны",
  breadcrumbs: [
    { name: "Главная", url: "/" },
    { name: "Смартфоны", url: "/catalog/2/smartfony" },
  ],
};

function fakeLogger() {
  const logger = { warn: vi.fn(), debug: vi.fn(), error: vi.fn(), info: vi.fn() };
  return { logger, asLogger: logger as unknown as Logger };
}

/** The SEO sub-app mounted as in the API, with the config and logger the real app puts in the context. */
function setup(options: {
  endpoint?: string | undefined;
  fetch?: SeoSourceOptions["fetch"];
  timeoutMs?: number;
}) {
  const { logger, asLogger } = fakeLogger();
  const config: AppConfig = { ...loadConfig({ NODE_ENV: "test" }), seoEndpoint: options.endpoint };
  const source = createSeoSource({ fetch: options.fetch, timeoutMs: options.timeoutMs ?? 1500 });
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("config", config);
      c.set("logger", asLogger);
      await next();
    })
    .route("/api/v1/seo", createSeoRoute(source));
  app.onError(errorHandler(asLogger));
  return { app, logger };
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

describe("GET /api/v1/seo", () => {
  it("answers 204 without asking anyone when no SEO endpoint is configured", async () => {
    const fetch = vi.fn(async () => json(record));
    const { app } = setup({ endpoint: undefined, fetch });
    const res = await app.request("/api/v1/seo?path=/catalog");
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("answers the endpoint's record for the path", async () => {
    const fetch = vi.fn(async (_url: URL, _init: RequestInit) => json(record));
    const { app } = setup({ endpoint: ENDPOINT, fetch });
    const res = await app.request(`/api/v1/seo?path=${encodeURIComponent("/catalog/2/smartfony")}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(record);
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = fetch.mock.calls[0]![0];
    expect(`${url.origin}${url.pathname}`).toBe(ENDPOINT);
    expect(url.searchParams.get("path")).toBe("/catalog/2/smartfony");
    expect(url.search).toBe("?path=%2Fcatalog%2F2%2Fsmartfony");
  });

  it("serves a second request for the path from the cache", async () => {
    const fetch = vi.fn(async () => json(record));
    const { app } = setup({ endpoint: ENDPOINT, fetch });
    const first = await app.request("/api/v1/seo?path=/catalog");
    const second = await app.request("/api/v1/seo?path=/catalog");
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await second.json()).toEqual(record);
    expect(fetch).toHaveBeenCalledTimes(1);
    await app.request("/api/v1/seo?path=/basket");
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("answers 204 and warns once when the endpoint answers something that is not a record", async () => {
    const fetch = vi.fn(async () => json({ ...record, breadcrumbs: "Главная" }));
    const { app, logger } = setup({ endpoint: ENDPOINT, fetch });
    const res = await app.request("/api/v1/seo?path=/catalog");
    expect(res.status).toBe(204);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]![0]).toMatchObject({ path: "/catalog", reason: "invalid" });
    // The failure is remembered briefly: no second upstream call and no second warning.
    expect((await app.request("/api/v1/seo?path=/catalog")).status).toBe(204);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });

  it("answers 204 and warns when the endpoint does not answer in time", async () => {
    // An endpoint that never answers and ignores the abort signal: the timeout must still end the wait.
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    const { app, logger } = setup({ endpoint: ENDPOINT, fetch, timeoutMs: 20 });
    const res = await app.request("/api/v1/seo?path=/catalog");
    expect(res.status).toBe(204);
    expect(logger.warn.mock.calls[0]![0]).toMatchObject({ reason: "timeout" });
  });

  it("answers 204 and warns when the endpoint is down or unreachable", async () => {
    for (const fetch of [
      async () => new Response("Bad Gateway", { status: 502 }),
      async () => {
        throw new TypeError("fetch failed");
      },
    ]) {
      const { app, logger } = setup({ endpoint: ENDPOINT, fetch });
      expect((await app.request("/api/v1/seo?path=/")).status).toBe(204);
      expect(logger.warn).toHaveBeenCalledTimes(1);
    }
  });

  it("answers 204 without a warning when the endpoint has no record for the path", async () => {
    const { app, logger } = setup({ endpoint: ENDPOINT, fetch: async () => json({ message: "no" }, 404) });
    expect((await app.request("/api/v1/seo?path=/new-page")).status).toBe(204);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it("answers 400 with the offending field for a missing, relative or too long path", async () => {
    const fetch = vi.fn(async () => json(record));
    const { app } = setup({ endpoint: ENDPOINT, fetch });
    for (const query of ["", "?path=catalog", `?path=/${"a".repeat(512)}`]) {
      const res = await app.request(`/api/v1/seo${query}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; fields: { field: string }[] };
      expect(body.code).toBe("invalid_parameters");
      expect(body.fields.map((f) => f.field)).toEqual(["query.path"]);
    }
    expect((await app.request(`/api/v1/seo?path=/${"a".repeat(511)}`)).status).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("documents the route for OpenAPI", () => {
    expect(getSeo).toMatchObject({ method: "get", path: "/", operationId: "getSeo", "x-cache": "shared" });
  });
});
