import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { createRouter, defineRoute, errorResponses, jsonBody, jsonOk } from "#server/api/define-route.ts";
import { createLogger } from "#server/logger.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { BODY_LIMITS } from "./body-limit.ts";
import { errorHandler } from "./error-handler.ts";

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

/**
 * A JSON body of `total` bytes made chunk by chunk as the server pulls it, so the test never holds it
 * either; `pulled()` says how much of it the server asked for.
 */
function lazyBody(total: number) {
  let sent = 0;
  const head = new TextEncoder().encode('{"query":"');
  const filler = new Uint8Array(CHUNK).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const chunk = sent === 0 ? head : filler.subarray(0, Math.min(CHUNK, total - sent));
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

/** A POST whose body streams (`duplex: "half"`), with or without a declared Content-Length. */
function post(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...headers },
    duplex: "half",
  } as RequestInit;
}

describe("request body limits", () => {
  it("refuses a declared 50 MB body before reading any of it, with the JSON error", async () => {
    const { app } = await getTestContext();
    const body = lazyBody(50 * MB);
    const res = await app.request(
      "/api/v1/search/recent",
      post(body.stream, { "Content-Length": String(50 * MB) }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      status: 413,
      type: "payload_too_large",
      code: "body_too_large",
      message: "Тело запроса больше 16 КБ",
    });
    // A stream fills its queue once on its own; nothing past that first chunk was asked for.
    expect(body.pulled()).toBeLessThanOrEqual(CHUNK);
  });

  it("refuses a chunked body without Content-Length at the limit, holding no more than that", async () => {
    const { app } = await getTestContext();
    const body = lazyBody(50 * MB);
    const res = await app.request("/api/v1/search/recent", post(body.stream));
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe("body_too_large");
    expect(body.pulled()).toBeLessThanOrEqual(BODY_LIMITS.apiWrite + 2 * CHUNK);
  });

  it("still takes a legitimate write", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/v1/search/recent", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ query: "чайник" }),
    });
    expect(res.status).toBe(200);
  });

  it("limits the writes outside the API: CSP reports and pages", async () => {
    const { app } = await getTestContext();
    for (const path of ["/csp-report", "/catalog"]) {
      const body = lazyBody(50 * MB);
      const res = await app.request(path, post(body.stream));
      expect(res.status, path).toBe(413);
      expect((await res.json()).code, path).toBe("body_too_large");
      expect(body.pulled(), path).toBeLessThanOrEqual(BODY_LIMITS.page + 2 * CHUNK);
    }
  });

  it("lets a route declare its own limit, and documents every write's limit", async () => {
    const upload = defineRoute({
      method: "post",
      path: "/upload",
      operationId: "probeUpload",
      tags: ["probe"],
      summary: "Проба",
      cache: "shared",
      bodyLimit: 100,
      request: { body: jsonBody(z.object({ text: z.string() })) },
      responses: { ...jsonOk(z.object({ length: z.number() }), "Длина"), ...errorResponses() },
    });
    const router = createRouter()
      .openapi(upload, (c) => c.json({ length: c.req.valid("json").text.length }, 200))
      .onError(errorHandler(createLogger("silent")));
    const send = (text: string) =>
      router.request("/upload", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ text }),
      });
    expect((await send("a".repeat(50))).status).toBe(200);
    expect((await send("a".repeat(200))).status).toBe(413);

    const { app } = await getTestContext();
    const document = await (await app.request("/api/openapi.json")).json();
    const record = document.paths["/api/v1/search/recent"].post;
    expect(record["x-body-limit"]).toBe(BODY_LIMITS.apiWrite);
    expect(record.responses["413"]).toBeDefined();
    expect(document.paths["/api/v1/search/recent"].get["x-body-limit"]).toBeUndefined();
  });
});
