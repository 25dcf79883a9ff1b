import { expect, test } from "../support/test.ts";

/**
 * What the production server says on the wire (ADR 026), through @hono/node-server as `npm start` runs
 * it: `app.request` in the API suites uses the platform's Response, whose headers behave differently.
 */
const REQUEST_ID = /^[0-9a-f-]{36}$/;

test("API answers keep their caching headers beside the request id, compressed or not", async ({
  request,
}) => {
  for (const encoding of ["identity", "gzip"]) {
    const res = await request.get("/api/v1/categories", { headers: { "Accept-Encoding": encoding } });
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"], encoding).toBe("public, max-age=60, stale-while-revalidate=600");
    expect(res.headers().etag, encoding).toMatch(/^W\//);
    expect(res.headers()["x-request-id"], encoding).toMatch(REQUEST_ID);
  }
});

test("pages carry a request id whether rendered, kept or not modified, and no HSTS over http", async ({
  request,
}) => {
  const path = "/catalog?probe=operator-headers";
  const first = await request.get(path);
  const kept = await request.get(path);
  expect(kept.headers()["x-cache"]).toBe("HIT");
  const unchanged = await request.get(path, { headers: { "If-None-Match": kept.headers().etag! } });
  expect(unchanged.status()).toBe(304);
  const ids = [first, kept, unchanged].map((res) => res.headers()["x-request-id"]);
  for (const id of ids) expect(id).toMatch(REQUEST_ID);
  expect(new Set(ids).size).toBe(3);
  expect(first.headers()["strict-transport-security"]).toBeUndefined();
});

test("the home-screen icon the page links to is there", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const href = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
  expect(href).toMatch(/^\/apple-touch-icon-(alfa|halva)\.png$/);
  const icon = await request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toBe("image/png");
  expect(icon.headers()["x-request-id"]).toMatch(REQUEST_ID);
});

test("a product has one address", async ({ request }) => {
  expect((await request.get("/product/10")).status()).toBe(200);
  for (const other of ["/product/1e1", "/product/010", "/product/+10", "/product/10.0", "/product/0xa"]) {
    expect((await request.get(other)).status(), other).toBe(404);
  }
});
