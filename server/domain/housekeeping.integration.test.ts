import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { insertVisitorRows, visitorRows } from "#tests/fixtures/visitor-data.ts";
import { purgeExpiredVisitorData, VISITOR_LIFETIME_DAYS } from "./housekeeping.ts";
import { createServices } from "./services.ts";

const DAY_MS = 24 * 3600 * 1000;

describe("housekeeping of visitor data", () => {
  it("deletes recent searches and views older than the visitor cookie's lifetime, in batches, and nothing else", async () => {
    const { database, app } = await getTestContext();
    const services = createServices(database.db);
    const visitor = randomBytes(16).toString("base64url");
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    // Five rows of each kind past the lifetime (more than one batch of two), two still readable.
    const expired = [400, 380, 370, 366, VISITOR_LIFETIME_DAYS + 0.01].map((days, i) => ({
      query: `старый запрос ${i}`,
      productId: i + 1,
      at: ago(days),
    }));
    const kept = [
      { query: "вчерашний запрос", productId: 10, at: ago(1) },
      { query: "почти годовой запрос", productId: 11, at: ago(VISITOR_LIFETIME_DAYS - 1) },
    ];
    await insertVisitorRows(database.db, visitor, [...expired, ...kept]);

    const purged = await purgeExpiredVisitorData(services, now, 2);
    // Other tests' rows are all fresh: only this visitor's expired rows can go.
    expect(purged).toEqual({ recentSearches: 5, viewedProducts: 5 });
    expect(await visitorRows(database.db, visitor)).toEqual({
      queries: ["вчерашний запрос", "почти годовой запрос"].sort(),
      productIds: [10, 11],
    });
    // The visitor still sees what is left, through the API.
    const res = await app.request("/api/v1/search/recent", { headers: { Cookie: `vid=${visitor}` } });
    expect((await res.json()).items.map((r: { query: string }) => r.query)).toEqual([
      "вчерашний запрос",
      "почти годовой запрос",
    ]);
    // A second run finds nothing more.
    expect(await purgeExpiredVisitorData(services, now, 2)).toEqual({ recentSearches: 0, viewedProducts: 0 });
  });
});
