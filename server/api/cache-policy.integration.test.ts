import { createRoute, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { errorHandler } from "#server/http/error-handler.ts";
import { apiCacheHeaders } from "#server/http/http-cache.ts";
import { createLogger } from "#server/logger.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { createRouter, defineRoute, jsonOk } from "./define-route.ts";

const body = z.object({ n: z.number() });

/** A router as a new resource would be written, mounted behind the API's cache middleware. */
function probe() {
  const declared = (cache: "shared" | "city" | "personal") =>
    defineRoute({
      method: "get",
      path: `/${cache}`,
      operationId: `probe_${cache}`,
      tags: ["probe"],
      summary: cache,
      cache,
      responses: jsonOk(body, "probe"),
    });
  const app = createRouter();
  app.use(apiCacheHeaders());
  app
    // Forgot the declaration: plain createRoute, and a plain Hono handler.
    .openapi(createRoute({ method: "get", path: "/undeclared", responses: jsonOk(body, "probe") }), (c) =>
      c.json({ n: 1 }, 200),
    )
    .openapi(declared("shared"), (c) => c.json({ n: 1 }, 200))
    .openapi(declared("city"), (c) => c.json({ n: 1 }, 200))
    .openapi(declared("personal"), (c) => c.json({ n: 1 }, 200));
  app.get("/plain", (c) => c.json({ n: 1 }));
  app.post("/shared", (c) => c.json({ n: 1 }));
  app.onError(errorHandler(createLogger("silent")));
  return app;
}

describe("API cache policy, declared per route", () => {
  it("treats a route without a declaration as personal", async () => {
    for (const path of ["/undeclared", "/plain"]) {
      const res = await probe().request(`http://shop.test${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("etag")).toBeNull();
    }
  });

  it("derives Cache-Control, Vary and ETag from shared, city and personal", async () => {
    const app = probe();
    const shared = await app.request("http://shop.test/shared");
    expect(shared.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=600");
    expect(shared.headers.get("vary") ?? "").not.toContain("Cookie");
    const etag = shared.headers.get("etag");
    expect(etag).toMatch(/^W\//);
    expect(
      (await app.request("http://shop.test/shared", { headers: { "If-None-Match": etag! } })).status,
    ).toBe(304);

    const city = await app.request("http://shop.test/city");
    expect(city.headers.get("cache-control")).toBe("private, no-cache");
    expect(city.headers.get("vary")).toContain("Cookie");
    expect(city.headers.get("etag")).toMatch(/^W\//);

    const personal = await app.request("http://shop.test/personal");
    expect(personal.headers.get("cache-control")).toBe("private, no-store");
    expect(personal.headers.get("etag")).toBeNull();

    // A write on a path whose read is shared is still never stored.
    const write = await app.request("http://shop.test/shared", { method: "POST" });
    expect(write.headers.get("cache-control")).toBe("private, no-store");
  });

  it("never makes a new path under a shared prefix public by accident", async () => {
    const { app } = await getTestContext();
    for (const path of [
      "/api/v1/products/anything-new",
      "/api/v1/products/1/anything-new",
      "/api/v1/pagesx",
    ]) {
      const res = await app.request(`http://shop.test${path}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });
});
