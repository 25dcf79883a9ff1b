import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { getTestContext } from "#tests/fixtures/test-app.ts";

type Operation = {
  operationId?: string;
  security?: unknown[];
  tags?: string[];
  "x-cache"?: string;
  responses?: Record<string, unknown>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

async function openapi(): Promise<Doc> {
  const { app } = await getTestContext();
  const res = await app.request("/api/openapi.json");
  expect(res.status).toBe(200);
  return res.json();
}

/** Hono's `/:id` written the OpenAPI way, `/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]\w*)/g, "{$1}");

/** Routes under /api that are deliberately not API operations. */
const UNDOCUMENTED = new Set([
  "GET /api/build", // the deploy watcher's build id (server/http/build-info.ts), not part of the API
  "GET /api/openapi.json", // the document itself
]);

/** Tags whose operations are for signed-in shoppers only (the session cookie). */
const SIGNED_IN_TAGS = [
  "user",
  "addresses",
  "recipients",
  "orders",
  "bonus",
  "purchases",
  "admin",
  "uploads",
  "support",
  "refunds",
  "reviews",
  "questions",
  "stock-alerts",
];
/**
 * Tags and paths whose personal operations take either cookie: the signed-in shopper's account, else the
 * anonymous visitor's (ADR 032): wishlist, recently viewed, recent searches.
 */
const EITHER_COOKIE_TAGS = ["wishlist", "basket"];
const EITHER_COOKIE_PATHS = ["/api/v1/viewed", "/api/v1/search/recent", "/api/v1/deliveries/seller"];

describe("/api/openapi.json", () => {
  it("passes Redocly's recommended rules with no errors", async () => {
    const doc = await openapi();
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: "/api/openapi.json",
      config,
    });
    const errors = problems.filter((p) => p.severity === "error");
    expect(errors.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
    // Warnings are allowed but watched: a new one is worth a look. An operation that answers only with a
    // redirect (the bank sign-in's start and callback, ADR 029) has no 2xx by nature.
    const redirectsOnly = (pointer: string | undefined) => {
      const [, path, method] = /^#\/paths\/([^/]+)\/([a-z]+)\/responses$/.exec(pointer ?? "") ?? [];
      const responses =
        path && method ? Object.keys(doc.paths[path.replaceAll("~1", "/")]?.[method]?.responses ?? {}) : [];
      return responses.some((status) => /^3\d\d$/.test(status)) && !responses.some((s) => /^2\d\d$/.test(s));
    };
    const warnings = problems.filter(
      (p) =>
        p.severity === "warn" &&
        !(p.ruleId === "operation-2xx-response" && redirectsOnly(p.location[0]?.pointer)),
    );
    expect(warnings.map((p) => `${p.ruleId}: ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it("documents every route the API answers, each with a unique operationId", async () => {
    const { app } = await getTestContext();
    const doc = await openapi();
    const routed = app.routes
      .filter((r) => r.path.startsWith("/api/") && r.method !== "ALL")
      .map((r) => `${r.method} ${openApiPath(r.path).replace(/\/$/, "")}`)
      .filter((r) => !UNDOCUMENTED.has(r));
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routed.length).toBeGreaterThan(25);
    expect(new Set(routed)).toEqual(new Set(documented));
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("documents 415 on every operation that takes a JSON body, as a body of another type gets it", async () => {
    const doc = await openapi();
    const withBody = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { requestBody?: { content?: object }; responses: object }>)
        .filter(([, op]) => op.requestBody?.content && "application/json" in op.requestBody.content)
        .map(([method, op]) => ({
          at: `${method.toUpperCase()} ${path}`,
          statuses: Object.keys(op.responses),
        })),
    );
    expect(withBody.length).toBeGreaterThan(10);
    expect(withBody.filter((op) => !op.statuses.includes("415")).map((op) => op.at)).toEqual([]);
  });

  it("declares the visitor and session cookies and uses them on personal operations only", async () => {
    const doc = (await openapi()) as Doc & {
      components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
    };
    expect(doc.components.securitySchemes.visitorCookie).toEqual(
      expect.objectContaining({ type: "apiKey", in: "cookie", name: "vid" }),
    );
    expect(doc.components.securitySchemes.sessionCookie).toEqual(
      expect.objectContaining({ type: "apiKey", in: "cookie", name: "__Host-sid" }),
    );
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.values(item).map((op) => ({ ...op, path })),
    );
    for (const op of operations) {
      // The acquirer's server calls it: no cookie, its signature is the credential (ADR 040).
      if (op.operationId === "acceptPaymentNotification") expect(op.security).toEqual([]);
      else if (op["x-cache"] !== "personal") expect(op.security).toEqual([]);
      else if (
        EITHER_COOKIE_TAGS.some((tag) => op.tags?.includes(tag)) ||
        EITHER_COOKIE_PATHS.some((path) => op.path.startsWith(path))
      )
        expect(op.security).toEqual([{ sessionCookie: [] }, { visitorCookie: [] }]);
      else if (SIGNED_IN_TAGS.some((tag) => op.tags?.includes(tag)) || op.operationId === "signOut")
        expect(op.security).toEqual([{ sessionCookie: [] }]);
      else expect(op.security).toEqual([{ visitorCookie: [] }]);
    }
    expect(doc.paths["/api/v1/viewed"]?.get?.["x-cache"]).toBe("personal");
    expect(doc.paths["/api/v1/products/{id}"]?.get?.["x-cache"]).toBe("shared");
  });
});
