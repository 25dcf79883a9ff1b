import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createServices } from "#server/composition/services.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { insertOwnerRows, ownerRows } from "#tests/fixtures/visitor-data.ts";
import { purgeExpiredVisitorData, VISITOR_LIFETIME_DAYS } from "./housekeeping.ts";

const DAY_MS = 24 * 3600 * 1000;

describe("housekeeping of visitor data", () => {
  it("deletes recent searches, views and wishlist items older than the visitor cookie's lifetime, in batches, and nothing else", async () => {
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
    await insertOwnerRows(database.db, { visitorId: visitor }, [...expired, ...kept], { wishlist: true });

    const purged = await purgeExpiredVisitorData(services, now, 2);
    // Other tests' rows are all fresh: only this visitor's expired rows can go.
    expect(purged).toEqual({ recentSearches: 5, viewedProducts: 5, wishlistItems: 5 });
    expect(await ownerRows(database.db, { visitorId: visitor })).toEqual({
      queries: ["вчерашний запрос", "почти годовой запрос"].sort(),
      productIds: [10, 11],
      wishlist: [10, 11],
    });
    // The visitor still sees what is left, through the API.
    const res = await app.request("/api/v1/search/recent", { headers: { Cookie: `vid=${visitor}` } });
    expect((await res.json()).items.map((r: { query: string }) => r.query)).toEqual([
      "вчерашний запрос",
      "почти годовой запрос",
    ]);
    // A second run finds nothing more.
    expect(await purgeExpiredVisitorData(services, now, 2)).toEqual({
      recentSearches: 0,
      viewedProducts: 0,
      wishlistItems: 0,
    });
  });

  it("keeps a signed-in user's searches, views and wishlist however old: they are the account's", async () => {
    const { database, app } = await getTestContext();
    const services = createServices(database.db);
    const { userId, cookie } = await createSession(database.db);
    const now = new Date();
    const old = new Date(now.getTime() - (VISITOR_LIFETIME_DAYS + 30) * DAY_MS);
    await insertOwnerRows(
      database.db,
      { userId },
      [
        { query: "давний запрос", productId: 21, at: old },
        { query: "свежий запрос", productId: 22, at: now },
      ],
      { wishlist: true },
    );
    await purgeExpiredVisitorData(services, now);
    expect(await ownerRows(database.db, { userId })).toEqual({
      queries: ["давний запрос", "свежий запрос"],
      productIds: [21, 22],
      wishlist: [21, 22],
    });
    // And the shopper still sees them, through the API.
    const viewed = await app.request("/api/v1/viewed", { headers: { Cookie: cookie } });
    expect((await viewed.json()).items.map((p: { id: number }) => p.id)).toEqual([22, 21]);
  });
});
