import { describe, expect, it } from "vitest";
import { contentPageListSchema, contentPageSchema } from "#contract/content.ts";
import { RETURN_WINDOW_DAYS } from "#contract/return-window.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

const SLUGS = ["about", "contacts", "delivery", "offer", "payment", "privacy", "returns"];

describe("content pages", () => {
  it("lists the shop's seven content pages", async () => {
    const { app } = await getTestContext();
    const { items } = contentPageListSchema.parse(await (await app.request("/api/v1/pages")).json());
    expect(items.map((p) => p.slug)).toEqual(SLUGS);
  });

  it("serves a page with its Russian text, and 404 for an unknown one", async () => {
    const { app } = await getTestContext();
    const res = await app.request("/api/v1/pages/returns");
    expect(res.status).toBe(200);
    const page = contentPageSchema.parse(await res.json());
    expect(page.title).toBe("Возврат товара");
    expect(page.body).toContain("## Как оформить возврат");
    // The return terms in writing say the window the shop applies (ADR 055).
    expect(page.body).toContain(`в течение ${RETURN_WINDOW_DAYS} дней после получения`);
    expect((await app.request("/api/v1/pages/nope")).status).toBe(404);
    expect((await app.request("/api/v1/pages/Bad%20Slug")).status).toBe(400);
  });
});

describe("content sitemap", () => {
  it("lists every content page with the date it was edited", async () => {
    const { app } = await getTestContext();
    const xml = await (await app.request("/sitemaps/content.xml")).text();
    for (const slug of SLUGS)
      expect(xml).toMatch(new RegExp(`<loc>[^<]+/page/${slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
  });
});
