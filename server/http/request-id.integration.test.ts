import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SsrLoadContext } from "#contract/ssr.ts";
import { createApp } from "#server/composition/app.ts";
import { createServices, type Services } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { closeStorefront, storefrontApp } from "#tests/fixtures/storefront-app.ts";
import { getTestContext, webAppWith } from "#tests/fixtures/test-app.ts";
import { pagePolicyResolver } from "./page-cache.ts";

/**
 * Every response carries X-Request-Id, and every log line of the request names it (ADR 026): pages
 * (rendered, kept, 304), API answers and errors, static files, and the API calls a page makes in-process.
 */
afterAll(closeStorefront);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A logger whose JSON lines the test reads. */
function capturedLogger() {
  const lines: string[] = [];
  const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
  return { logger, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>), lines };
}

/** A stand-in storefront: a page kept for everyone, one that asks the API, one that fails, a 404. */
async function ssr(request: Request, context: SsrLoadContext): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path === "/kept")
    return new Response("<html>kept</html>", { headers: { "Content-Type": "text/html" } });
  if (path === "/asks-api") {
    const config = (await (await context.apiFetch("/api/config")).json()) as { theme: string };
    return new Response(`<html>${config.theme}</html>`, { headers: { "Content-Type": "text/html" } });
  }
  if (path === "/fails") throw new Error("render failed");
  return new Response("<html>нет</html>", { status: 404, headers: { "Content-Type": "text/html" } });
}
const ROUTES = pagePolicyResolver([{ path: "kept", handle: { cache: "shared" } }]);

let clientDir: string;
beforeAll(() => {
  clientDir = mkdtempSync(join(tmpdir(), "vitrina-client-"));
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "assets", "entry-abc123.js"), "console.info(1);");
  writeFileSync(join(clientDir, "favicon-alfa.svg"), "<svg/>");
});

async function appWithPages(env: Record<string, string> = {}, logger = createLogger("silent")) {
  const { database } = await getTestContext();
  return createApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env }),
    services: createServices(database.db),
    logger,
    checks: {},
    ssr,
    pagePolicy: ROUTES,
    clientDir,
  });
}

describe("X-Request-Id", () => {
  it("is on every kind of response, one id per request", async () => {
    const app = await appWithPages();
    const paths = [
      "/healthz",
      "/api/v1/categories",
      "/api/v1/no-such-route",
      "/api/v1/products/abc",
      "/media/products/1/0.svg",
      "/robots.txt",
      "/assets/entry-abc123.js",
      "/assets/missing.js",
      "/favicon-alfa.svg",
      "/asks-api",
      "/fails",
      "/no-such-page",
    ];
    const ids = new Set<string>();
    for (const path of paths) {
      const res = await app.request(path);
      const id = res.headers.get("x-request-id");
      expect(id, `${path} (${res.status})`).toMatch(UUID);
      ids.add(id!);
    }
    expect(ids.size).toBe(paths.length);
  });

  it("is on pages served from the page cache and on their 304s", async () => {
    const web = await webAppWith({ ssr, pagePolicy: ROUTES });
    try {
      const first = await web.app.request("/kept");
      const kept = await web.app.request("/kept");
      expect(kept.headers.get("x-cache")).toBe("HIT");
      const revalidated = await web.app.request("/kept", {
        headers: { "If-None-Match": kept.headers.get("etag")! },
      });
      expect(revalidated.status).toBe(304);
      const ids = [first, kept, revalidated].map((res) => res.headers.get("x-request-id"));
      for (const id of ids) expect(id).toMatch(UUID);
      expect(new Set(ids).size).toBe(3);
    } finally {
      await web.close();
    }
  });

  it("is taken from the request only from a trusted proxy, and only in a safe format", async () => {
    const echo = async (env: Record<string, string>, id: string) =>
      (await (await appWithPages(env)).request("/healthz", { headers: { "X-Request-Id": id } })).headers.get(
        "x-request-id",
      );
    expect(await echo({}, "from-the-internet-123")).toMatch(UUID);
    expect(await echo({ TRUST_PROXY: "1" }, "9f1c2ab4e5d64c8f9a0b1c2d3e4f5a6b")).toBe(
      "9f1c2ab4e5d64c8f9a0b1c2d3e4f5a6b",
    );
    expect(await echo({ TRUST_PROXY: "1" }, "Root=1-5759e988-bd862e3fe1be46a994272793")).toBe(
      "Root=1-5759e988-bd862e3fe1be46a994272793",
    );
    for (const unsafe of ["a b", "<script>", "x".repeat(129), "id;rm"]) {
      expect(await echo({ TRUST_PROXY: "1" }, unsafe), unsafe).toMatch(UUID);
    }
  });

  it("names a page's in-process API calls in the log, which no outside request can borrow", async () => {
    const { logger, records } = capturedLogger();
    const app = await appWithPages({}, logger);
    const res = await app.request("/asks-api", { headers: { "X-Request-Id": "forged-id-0001" } });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(UUID);
    const requests = records().filter((r) => r.msg === "request");
    expect(requests.map((r) => [r.path, r.requestId])).toEqual([
      ["/api/config", id],
      ["/asks-api", id],
    ]);
  });
});

describe("a failed page render", () => {
  it("is logged as one JSON line with the request id, never to the console", async () => {
    const console = vi.spyOn(globalThis.console, "error").mockImplementation(() => {});
    try {
      const { database } = await getTestContext();
      const services = createServices(database.db);
      const catalog = new Proxy(services.catalog, {
        get: (target, key) =>
          key === "getProduct"
            ? () => Promise.reject(new Error("catalogue exploded"))
            : Reflect.get(target, key),
      });
      const { logger, records, lines } = capturedLogger();
      const app = await storefrontApp(
        {},
        { logger, deps: { services: { ...services, catalog } as Services } },
      );
      const res = await app.request("/product/1");
      expect(res.status).toBe(500);
      await res.text();
      const id = res.headers.get("x-request-id");
      expect(id).toMatch(UUID);
      const failure = records().find((r) => r.msg === "page render failed");
      expect(failure).toMatchObject({ level: "error", requestId: id, path: "/product/1" });
      expect(JSON.stringify(failure)).toContain("Внутренняя ошибка сервера");
      for (const line of lines) expect(line.trimEnd()).not.toContain("\n");
      // React Router's default would have printed the error, stack and all, over several lines.
      expect(console.mock.calls.flat().filter((arg) => arg instanceof Error)).toEqual([]);
    } finally {
      console.mockRestore();
    }
  });
});
