import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { RECENT_SEARCHES_KEEP } from "#contract/search-history-rules.ts";
import { createUnitOfWork } from "#server/db/unit-of-work.ts";
import { VIEWED_KEEP } from "#server/domain/viewed/service.ts";
import { createBasket } from "#tests/factories/baskets.ts";
import { createUser } from "#tests/factories/users.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { insertOwnerRows, ownerRows } from "#tests/fixtures/visitor-data.ts";
import {
  basketOf,
  limitedProduct,
  productsByStock,
  scarceProduct,
  userMoments,
} from "#tests/fixtures/wishlist-data.ts";
import { createVisitorMergeRepository } from "./repository.ts";
import { createVisitorMergeService } from "./service.ts";

const newVisitor = () => randomBytes(16).toString("base64url");
const MINUTE = 60_000;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);

async function harness() {
  const { database } = await getTestContext();
  const merge = createVisitorMergeService(createUnitOfWork(database.db, createVisitorMergeRepository));
  const user = await createUser(database.db);
  return { db: database.db, merge, userId: user.id, visitorId: newVisitor() };
}

describe("visitor → user merge", () => {
  it("moves the visitor's wishlist, views and searches to the user and leaves the visitor empty", async () => {
    const { db, merge, userId, visitorId } = await harness();
    await insertOwnerRows(
      db,
      { visitorId },
      [
        { query: "чайник", productId: 1, at: at(3) },
        { query: "кофеварка", productId: 2, at: at(2) },
      ],
      { wishlist: true },
    );
    expect(await merge.merge(visitorId, userId)).toEqual({
      wishlist: 2,
      viewed: 2,
      recentSearches: 2,
      basketLines: 0,
    });
    expect(await ownerRows(db, { userId })).toEqual({
      queries: ["кофеварка", "чайник"],
      productIds: [1, 2],
      wishlist: [1, 2],
    });
    expect(await ownerRows(db, { visitorId })).toEqual({ queries: [], productIds: [], wishlist: [] });
    // Merging again finds nothing more to move, and doubles nothing.
    expect(await merge.merge(visitorId, userId)).toEqual({
      wishlist: 0,
      viewed: 0,
      recentSearches: 0,
      basketLines: 0,
    });
    expect((await ownerRows(db, { userId })).wishlist).toEqual([1, 2]);
  });

  it("keeps one row per product or query, with the newest moment and the newest spelling", async () => {
    const { db, merge, userId, visitorId } = await harness();
    // The user had «Чайник» and product 5 long ago; the visitor, just now. Product 6: the user's is newer.
    await insertOwnerRows(db, { userId }, [{ query: "Чайник", productId: 5, at: at(600) }], {
      wishlist: true,
    });
    await insertOwnerRows(db, { userId }, [{ query: "утюг", productId: 6, at: at(1) }], { wishlist: true });
    await insertOwnerRows(
      db,
      { visitorId },
      [
        { query: "чайник", productId: 5, at: at(5) },
        { query: "Утюг", productId: 6, at: at(300) },
      ],
      { wishlist: true },
    );
    // The fixture keys queries by lower case, so «Чайник» and «чайник» are one search, as in the app.
    await merge.merge(visitorId, userId);
    const { searches, wishes, views } = await userMoments(db, userId);
    expect(searches.map((s) => s.query)).toEqual(["утюг", "чайник"]);
    expect(searches[0]!.at.getTime()).toBeGreaterThan(at(2).getTime());
    expect(searches[1]!.at.getTime()).toBeGreaterThan(at(6).getTime());
    expect(wishes.map((w) => w.productId)).toEqual([5, 6]);
    expect(views.map((v) => v.productId)).toEqual([5, 6]);
    // Product 5: the visitor's newer moment; product 6: the user's own newer one.
    expect(wishes[0]!.at.getTime()).toBeGreaterThan(at(6).getTime());
    expect(views[1]!.at.getTime()).toBeGreaterThan(at(2).getTime());
  });

  it("keeps the account's caps: the newest 20 searches and 50 views of both together", async () => {
    const { db, merge, userId, visitorId } = await harness();
    // The user: 20 searches and 50 views, older than the visitor's 5 of each.
    await insertOwnerRows(
      db,
      { userId },
      Array.from({ length: VIEWED_KEEP }, (_, i) => ({
        query: `старый ${i}`,
        productId: 100 + i,
        at: at(1000 + i),
      })),
    );
    await insertOwnerRows(
      db,
      { visitorId },
      Array.from({ length: 5 }, (_, i) => ({ query: `новый ${i}`, productId: 10 + i, at: at(10 + i) })),
    );
    await merge.merge(visitorId, userId);
    const mine = await ownerRows(db, { userId });
    expect(mine.queries).toHaveLength(RECENT_SEARCHES_KEEP);
    expect(mine.queries.filter((q) => q.startsWith("новый"))).toHaveLength(5);
    expect(mine.productIds).toHaveLength(VIEWED_KEEP);
    expect(mine.productIds.slice(0, 5)).toEqual([10, 11, 12, 13, 14]);
    // The oldest of the user's own went: 100 + 45 … 100 + 49.
    expect(mine.productIds).not.toContain(149);
  });
});

describe("visitor → user merge of the basket", () => {
  it("adds quantities, caps them, keeps the selection and empties the visitor's basket", async () => {
    const { db, merge, userId, visitorId } = await harness();
    // a, b: plenty in stock, no per-order limit; d: only a few left; and one that cannot be bought now.
    const [a, b] = (await productsByStock(db, 2, 10)).inStock as [number, number];
    const { id: d, stock: stockOfD } = await scarceProduct(db);
    const soldOut = (await productsByStock(db, 1)).notInStock[0]!;
    await createBasket(db, { userId }, [
      { productId: a, quantity: 1, selected: false },
      { productId: d, quantity: 2 },
    ]);
    const visitorBasket = await createBasket(db, { visitorId }, [
      { productId: a, quantity: 2, selected: true },
      { productId: b, quantity: 1, selected: false },
      { productId: d, quantity: stockOfD },
      { productId: soldOut, quantity: 4 },
    ]);
    const userBefore = await basketOf(db, { userId });
    expect(await merge.merge(visitorId, userId)).toMatchObject({ basketLines: 4 });

    const mine = await basketOf(db, { userId });
    expect(mine!.version).toBe(userBefore!.version + 1);
    const line = (id: number) => mine!.lines.find((l) => l.productId === id);
    expect(line(a)).toEqual({ productId: a, quantity: 3, selected: true });
    expect(line(b)).toEqual({ productId: b, quantity: 1, selected: false });
    expect(line(d)!.quantity).toBe(stockOfD);
    // A sold-out product stays in the basket (for the basket to say so) with one unit.
    expect(line(soldOut)).toEqual({ productId: soldOut, quantity: 1, selected: true });
    expect(mine!.lines).toHaveLength(4);

    const theirs = await basketOf(db, { visitorId });
    expect(theirs).toEqual({ version: visitorBasket.basket.version + 1, lines: [] });
    // Once more: nothing left to add.
    expect(await merge.merge(visitorId, userId)).toMatchObject({ basketLines: 0 });
    expect((await basketOf(db, { userId }))!.lines).toEqual(mine!.lines);
  });

  it("gives a user without a basket one, and honours a product's per-order limit", async () => {
    const { db, merge, userId, visitorId } = await harness();
    const limited = await limitedProduct(db);
    await createBasket(db, { visitorId }, [{ productId: limited.id, quantity: 500 }]);
    await merge.merge(visitorId, userId);
    const mine = await basketOf(db, { userId });
    expect(mine!.lines).toHaveLength(1);
    expect(mine!.lines[0]!.quantity).toBe(Math.min(100, limited.stock, limited.orderLimit!));
  });
});
