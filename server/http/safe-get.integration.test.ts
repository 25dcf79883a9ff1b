import { afterAll, describe, expect, it } from "vitest";
import { closeStorefront, storefrontApp } from "#tests/fixtures/storefront-app.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { insertVisitorRows, visitorRows } from "#tests/fixtures/visitor-data.ts";

/**
 * No state change on GET (security baseline, ADR 026): opening any API read or any page, however its
 * URL is made, leaves the visitor's recent searches and viewed products as they were. Recording them is
 * a POST the storefront sends from the browser.
 */
afterAll(closeStorefront);

const VISITOR = "getIsSafeVisitor000001";
const cookie = `vid=${VISITOR}`;

/** What the visitor's history looks like, with the recent searches' times (a re-search moves one up). */
async function history() {
  const { app, database } = await getTestContext();
  const recent = await (await app.request("/api/v1/search/recent", { headers: { Cookie: cookie } })).json();
  return { recent, rows: await visitorRows(database.db, VISITOR) };
}

/** A sample value per path parameter name; each names something the seeded catalogue has. */
async function samplePath(template: string): Promise<string> {
  const { app } = await getTestContext();
  const brand = (await (await app.request("/api/v1/products?limit=1")).json()).items[0].brand.code;
  return template
    .replace("{code}", brand)
    .replace("{slug}", "about")
    .replace(/\{(id|productId)\}/g, "1");
}

describe("GET changes nothing", () => {
  it("no API read records a search or a view, whatever its query", async () => {
    const { app, database } = await getTestContext();
    await insertVisitorRows(database.db, VISITOR, [
      { query: "наушники", productId: 2, at: new Date(Date.now() - 60_000) },
    ]);
    const before = await history();
    expect(before.rows).toEqual({ queries: ["наушники"], productIds: [2] });

    const doc = await (await app.request("/api/openapi.json")).json();
    const reads = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([, methods]) => "get" in methods)
      .map(([path]) => path);
    expect(reads).toEqual(expect.arrayContaining(["/api/v1/search", "/api/v1/search/suggest"]));
    for (const template of reads) {
      const path = await samplePath(template);
      for (const query of ["?q=реклама&query=реклама&path=/", "?q=чайник&limit=5"]) {
        const res = await app.request(`${path}${query}`, { headers: { Cookie: cookie } });
        expect(res.status, `${path}${query}`).toBeLessThan(500);
      }
    }
    expect(await history()).toEqual(before);
  });

  it("opening a results page, by its ?q= or its readable address, records nothing", async () => {
    const app = await storefrontApp();
    const before = await history();
    for (const path of [
      `/search/?q=${encodeURIComponent("купите-у-нас")}`,
      `/search?q=${encodeURIComponent("купите у нас")}`,
      "/search/купите-у-нас",
      "/search-form",
      "/product/3",
    ]) {
      const res = await app.request(path, { headers: { Cookie: cookie, Accept: "text/html" } });
      expect(res.status, path).toBeLessThan(400);
      await res.arrayBuffer();
    }
    expect(await history()).toEqual(before);
  });
});
