import { expect, test } from "../support/test.ts";

/**
 * The page cache follows each route's declared policy (ADR 020) in the production build: catalogue
 * pages are kept per city and served to every shopper, signed in or not; personal pages never are.
 */

test("catalogue pages are kept per city and served from memory to every shopper", async ({
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  // A visitor with cookies the page never reads (a visitor id, a session, analytics) gets the same copy.
  const other = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: "vid=AAAAAAAAAAAAAAAAAAAAAA; sid=whoever; _ym_uid=1" },
  });
  try {
    const path = "/catalog?probe=page-cache";
    const first = await anonymous.get(path);
    expect(first.status()).toBe(200);
    expect(first.headers()["cache-control"]).toBe("public, max-age=30, stale-while-revalidate=300");
    expect(first.headers().vary).toContain("Cookie");
    const again = await other.get(path);
    expect(again.headers()["x-cache"]).toBe("HIT");
    // React Router's data request for the same page follows the same policy.
    const data = await other.get("/catalog.data?probe=page-cache");
    expect(data.headers()["cache-control"]).toBe("public, max-age=30, stale-while-revalidate=300");
  } finally {
    await anonymous.dispose();
    await other.dispose();
  }
});

test("a signed-in shopper's catalogue page is the shared copy; their basket and account are never kept", async ({
  signedInRequest,
}) => {
  const { request } = await signedInRequest();
  const path = "/catalog?probe=signed-in";
  await request.get(path);
  const catalogue = await request.get(path);
  expect(catalogue.headers()["x-cache"]).toBe("HIT");
  for (const personal of ["/basket", "/search-form"]) {
    const res = await request.get(personal);
    expect(res.headers()["cache-control"], personal).toMatch(/(^|, )no-store$/);
    expect(res.headers()["x-cache"], personal).toBeUndefined();
  }
  // The orders' frame is kept in the process for every shopper (ADR 072), stored nowhere else.
  await request.get("/personal/orders");
  const orders = await request.get("/personal/orders");
  expect(orders.headers()["x-cache"]).toBe("HIT");
  expect(orders.headers()["cache-control"]).toMatch(/(^|, )no-store$/);
  expect(orders.headers().etag).toBeUndefined();
});
