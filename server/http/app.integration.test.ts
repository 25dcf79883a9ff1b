import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validate } from "#server/api/validation.ts";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import { createLogger } from "#server/logger.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { errorHandler } from "./error-handler.ts";

describe("error mapping", () => {
  it("answers an unknown /api path with 404 JSON", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/v1/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ status: 404, type: "not_found", code: "route_not_found" });
  });

  // A JSON endpoint built from the same parts every API route uses: the zod validator and the one mapper.
  const probe = new Hono()
    .post("/echo", validate("json", z.object({ qty: z.number().int().positive() })), (c) =>
      c.json(c.req.valid("json")),
    )
    .get("/boom", () => {
      throw new Error("connection string postgres://secret@db");
    })
    .get("/conflict", () => {
      // No code of its own: the type doubles as the code (codes are a closed union, contract/errors.ts).
      throw new AppError("conflict", "Товар уже в корзине");
    });
  probe.onError(errorHandler(createLogger("silent")));

  it("answers malformed JSON with 400 invalid_json", async () => {
    const res = await probe.request("/echo", {
      method: "POST",
      body: "{qty:",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, type: "validation", code: "invalid_json" });
  });

  it("answers an invalid body with 400 and the offending fields", async () => {
    const res = await probe.request("/echo", {
      method: "POST",
      body: '{"qty":-1}',
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fields).toHaveLength(1);
    expect(body.fields[0].field).toBe("body.qty");
  });

  it("never leaks an unknown error's message or stack", async () => {
    const res = await probe.request("/boom");
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secret");
    expect(text).not.toMatch(/\bat .*\.ts:\d+/);
    expect(JSON.parse(text)).toEqual({
      status: 500,
      code: "internal",
      type: "internal",
      message: "Внутренняя ошибка сервера",
    });
  });

  it("maps each AppError type to its status", async () => {
    const res = await probe.request("/conflict");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      status: 409,
      code: "conflict",
      type: "conflict",
      message: "Товар уже в корзине",
    });
  });
});

describe("operations", () => {
  it("reports liveness and readiness, with a request id on every response", async () => {
    const { app } = await getTestContext();
    const health = await app.request("/healthz");
    expect(health.status).toBe(200);
    expect(health.headers.get("x-request-id")).toMatch(/.{8,}/);
    expect((await app.request("/readyz")).status).toBe(200);
  });

  it("answers /readyz with 503 when the database is unreachable", async () => {
    const { database } = await getTestContext();
    const app = createApp({
      config: loadConfig({ NODE_ENV: "test" }),
      services: createServices(database.db),
      logger: createLogger("silent"),
      checks: { database: () => Promise.reject(new Error("ECONNREFUSED")) },
    });
    const res = await app.request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", database: "unreachable" });
  });

  it("sets the security headers", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/healthz");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("OpenAPI", () => {
  it("documents every endpoint with its schemas", async () => {
    const { app } = await getTestContext();
    const doc = await (await app.request("/api/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/api/config",
      "/api/user/external/profile",
      "/api/v1/address",
      "/api/v1/address/confirm/{id}",
      "/api/v1/address/current",
      "/api/v1/address/find/city",
      "/api/v1/admin/audit",
      "/api/v1/admin/banners",
      "/api/v1/admin/banners/order",
      "/api/v1/admin/banners/{id}",
      "/api/v1/admin/images",
      "/api/v1/admin/me",
      "/api/v1/admin/orders",
      "/api/v1/admin/orders/{id}",
      "/api/v1/admin/orders/{id}/cancel",
      "/api/v1/admin/orders/{id}/notes",
      "/api/v1/admin/orders/{id}/shipments/{shipmentId}/moves",
      "/api/v1/admin/payment-problems",
      "/api/v1/admin/payment-problems/{id}/resolve",
      "/api/v1/admin/payment-problems/{id}/retry",
      "/api/v1/admin/products",
      "/api/v1/admin/products/{productId}/photos",
      "/api/v1/admin/questions",
      "/api/v1/admin/questions/{id}/answer",
      "/api/v1/admin/questions/{id}/hide",
      "/api/v1/admin/questions/{id}/show",
      "/api/v1/admin/refunds",
      "/api/v1/admin/refunds/{id}",
      "/api/v1/admin/refunds/{id}/approve",
      "/api/v1/admin/refunds/{id}/reject",
      "/api/v1/admin/reviews",
      "/api/v1/admin/reviews/{id}/hide",
      "/api/v1/admin/reviews/{id}/show",
      "/api/v1/admin/sellers",
      "/api/v1/admin/sms",
      "/api/v1/admin/staff",
      "/api/v1/admin/staff/{userId}/roles/{role}",
      "/api/v1/admin/stock",
      "/api/v1/admin/stock/{productId}",
      "/api/v1/admin/support",
      "/api/v1/admin/support/{id}",
      "/api/v1/admin/support/{id}/answer",
      "/api/v1/admin/support/{id}/assign",
      "/api/v1/admin/support/{id}/close",
      "/api/v1/auth/bank",
      "/api/v1/auth/bank/callback",
      "/api/v1/auth/phone/code",
      "/api/v1/auth/phone/confirm",
      "/api/v1/auth/sign-out",
      "/api/v1/basket",
      "/api/v1/basket/count",
      "/api/v1/basket/lines",
      "/api/v1/bonus",
      "/api/v1/bonus/history",
      "/api/v1/brands/{code}",
      "/api/v1/catalog-menu",
      "/api/v1/catalog-menu/{id}",
      "/api/v1/categories",
      "/api/v1/categories/tiles",
      "/api/v1/deliveries/points",
      "/api/v1/deliveries/points/{id}",
      "/api/v1/deliveries/seller",
      "/api/v1/deliveries/seller/points/filter",
      "/api/v1/deliveries/slots",
      "/api/v1/deliveries/streets",
      "/api/v1/main/guid",
      "/api/v1/main/home",
      "/api/v1/options",
      "/api/v1/orders",
      "/api/v1/orders/{id}",
      "/api/v1/orders/{id}/bonus",
      "/api/v1/orders/{id}/cancel",
      "/api/v1/orders/{id}/payments",
      "/api/v1/orders/{id}/payments/check",
      "/api/v1/orders/{id}/repeat",
      "/api/v1/pages",
      "/api/v1/pages/{slug}",
      "/api/v1/payments/notification",
      "/api/v1/products",
      "/api/v1/products/facets",
      "/api/v1/products/{id}",
      "/api/v1/products/{id}/questions",
      "/api/v1/products/{id}/reviews",
      "/api/v1/products/{id}/stock-alert",
      "/api/v1/purchases",
      "/api/v1/purchases/products",
      "/api/v1/purchases/{productId}/repeat",
      "/api/v1/questions/{id}",
      "/api/v1/refunds",
      "/api/v1/refunds/returnable",
      "/api/v1/refunds/{id}",
      "/api/v1/refunds/{id}/cancel",
      "/api/v1/reviews/mine",
      "/api/v1/reviews/{id}/helpful",
      "/api/v1/route-rules",
      "/api/v1/search",
      "/api/v1/search/facets",
      "/api/v1/search/recent",
      "/api/v1/search/recent/{id}",
      "/api/v1/search/suggest",
      "/api/v1/sellers/{code}",
      "/api/v1/seo",
      "/api/v1/suggest/address",
      "/api/v1/suggest/geocode/out-of-range",
      "/api/v1/suggest/geocode/reverse",
      "/api/v1/suggest/geocode/reverse/clean",
      "/api/v1/suggest/street",
      "/api/v1/support/appeals",
      "/api/v1/support/appeals/{id}",
      "/api/v1/support/appeals/{id}/messages",
      "/api/v1/support/appeals/{id}/read",
      "/api/v1/uploads",
      "/api/v1/uploads/{id}",
      "/api/v1/user/address",
      "/api/v1/user/address/pickup-points",
      "/api/v1/user/address/selected",
      "/api/v1/user/address/type",
      "/api/v1/user/address/{id}",
      "/api/v1/user/address/{id}/selected",
      "/api/v1/user/bonus",
      "/api/v1/user/me",
      "/api/v1/user/phone",
      "/api/v1/user/phone/code",
      "/api/v1/user/profile",
      "/api/v1/user/profile/import",
      "/api/v1/user/profile/import/apply",
      "/api/v1/user/recipients",
      "/api/v1/user/recipients/{id}",
      "/api/v1/user/recipients/{id}/default",
      "/api/v1/user/sessions",
      "/api/v1/user/sessions/others",
      "/api/v1/user/sessions/{id}",
      "/api/v1/viewed",
      "/api/v1/viewed/{productId}",
      "/api/v1/wishlist",
      "/api/v1/wishlist/ids",
      "/api/v1/wishlist/{productId}",
    ]);
    const list = doc.paths["/api/v1/products"].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual([
      "limit",
      "page",
      "sort",
      "categoryId",
      "brand",
      "seller",
      "priceMin",
      "priceMax",
      "inStock",
      "cashback",
      "topProfit",
      "ratingMin",
    ]);
    expect(doc.paths["/api/v1/products/{id}"].get.responses["404"]).toBeDefined();
  });
});

describe("static assets and media", () => {
  it("serves hashed assets as immutable and compresses them", async () => {
    const { database } = await getTestContext();
    const dir = mkdtempSync(join(tmpdir(), "vitrina-client-"));
    mkdirSync(join(dir, "assets"));
    writeFileSync(
      join(dir, "assets", "entry-abc123.js"),
      `console.info(${JSON.stringify("x".repeat(5000))});`,
    );
    const app = createApp({
      config: loadConfig({ NODE_ENV: "test" }),
      services: createServices(database.db),
      logger: createLogger("silent"),
      checks: { database: database.ping },
      clientDir: dir,
    });
    const res = await app.request("/assets/entry-abc123.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const missing = await app.request("/assets/nope.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control") ?? "").not.toContain("immutable");
  });

  it("generates a distinct SVG picture per product and 404s unknown ones", async () => {
    const { app } = await getTestContext();
    const a = await app.request("/media/products/1/0.svg");
    const b = await app.request("/media/products/2/0.svg");
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toContain("image/svg+xml");
    const [svgA, svgB] = [await a.text(), await b.text()];
    expect(svgA).toMatch(/^<svg/);
    expect(svgA).not.toBe(svgB);
    expect((await app.request("/media/products/999999/0.svg")).status).toBe(404);
    for (const odd of [
      "/media/products/1/evil.svg",
      "/media/products/abc/0.svg",
      "/media/reviews/-1/0.svg",
      "/media/brands/A%2F..svg",
    ]) {
      const res = await app.request(odd);
      expect(res.status, odd).toBe(404);
      expect(await res.json()).toMatchObject({ code: "image_not_found", message: "Изображение не найдено" });
    }
  });
});

describe("server-side rendering handoff", () => {
  it("gives loaders an in-process API transport that forwards the shopper's cookies", async () => {
    const { database } = await getTestContext();
    const app = createApp({
      config: loadConfig({ NODE_ENV: "test", THEME: "halva" }),
      services: createServices(database.db),
      logger: createLogger("silent"),
      checks: { database: database.ping },
      ssr: async (_request, context) => {
        const config = await (await context.apiFetch("/api/config")).json();
        return new Response(`<html lang="ru" class="theme-${config.theme}"></html>`, {
          headers: { "Content-Type": "text/html" },
        });
      },
    });
    const res = await app.request("/any/page", { headers: { Cookie: "sid=abc" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("theme-halva");
  });

  it("hands loaders the public config the API answers, unless the API lives elsewhere", async () => {
    const { database } = await getTestContext();
    const seen: unknown[] = [];
    const appOf = (env: Record<string, string>) =>
      createApp({
        config: loadConfig({ NODE_ENV: "test", THEME: "halva", FEATURE_TOP_PROFIT: "1", ...env }),
        services: createServices(database.db),
        logger: createLogger("silent"),
        checks: { database: database.ping },
        ssr: async (_request, context) => {
          seen.push(context.config);
          return new Response("<html></html>", { headers: { "Content-Type": "text/html" } });
        },
      });
    const app = appOf({});
    await app.request("/any/page");
    expect(seen[0]).toEqual(await (await app.request("/api/config")).json());
    await appOf({ API_ORIGIN: "https://api.shop.test" }).request("/any/page");
    expect(seen[1]).toBeUndefined();
  });
});

describe("validation messages", () => {
  it("are Russian, including zod's own", async () => {
    const { app } = await getTestContext();
    const body = await (await app.request("/api/v1/products?limit=0")).json();
    expect(body.fields[0].message).toMatch(/[А-Яа-яЁё]/);
    expect(body.message).toBe("Некорректные параметры запроса");
  });
});
