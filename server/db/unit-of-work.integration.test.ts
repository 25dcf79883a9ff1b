import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createRecentSearchesRepository } from "#server/domain/recent-searches/repository.ts";
import { createViewedRepository } from "#server/domain/viewed/repository.ts";
import { VIEWED_KEEP } from "#server/domain/viewed/service.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { visitorRows } from "#tests/fixtures/visitor-data.ts";
import { createUnitOfWork, type Executor } from "./unit-of-work.ts";

const newVisitor = () => randomBytes(16).toString("base64url");
/** No seeded product has this id: a view of it violates the foreign key. */
const MISSING_PRODUCT = 2_000_000_000;

const repositories = (executor: Executor) => ({
  recentSearches: createRecentSearchesRepository(executor),
  viewed: createViewedRepository(executor),
});

describe("unit of work", () => {
  it("commits the writes of several repositories together", async () => {
    const { database } = await getTestContext();
    const work = createUnitOfWork(database.db, repositories);
    const visitor = newVisitor();
    await work.transaction(async ({ recentSearches, viewed }) => {
      await recentSearches.record({ visitorId: visitor }, "чайник", "чайник", 20);
      await viewed.record({ visitorId: visitor }, 1, VIEWED_KEEP);
    });
    expect(await visitorRows(database.db, visitor)).toEqual({ queries: ["чайник"], productIds: [1] });
  });

  it("rolls back the first write when the second fails", async () => {
    const { database } = await getTestContext();
    const work = createUnitOfWork(database.db, repositories);
    const visitor = newVisitor();
    await expect(
      work.transaction(async ({ recentSearches, viewed }) => {
        await recentSearches.record({ visitorId: visitor }, "чайник", "чайник", 20);
        await viewed.record({ visitorId: visitor }, 2, VIEWED_KEEP);
        // Inside the transaction both writes are visible…
        expect((await viewed.list({ visitorId: visitor }, 10)).map((card) => card.id)).toEqual([2]);
        await viewed.record({ visitorId: visitor }, MISSING_PRODUCT, VIEWED_KEEP);
      }),
    ).rejects.toThrow();
    // …and after the third failed, neither is left.
    expect(await visitorRows(database.db, visitor)).toEqual({ queries: [], productIds: [] });
    // The repositories on the database itself were not touched by the failed transaction.
    expect(await work.repositories.viewed.list({ visitorId: visitor }, 10)).toEqual([]);
  });

  it("rolls back when the service's own code fails after a write", async () => {
    const { database } = await getTestContext();
    const work = createUnitOfWork(database.db, createViewedRepository);
    const visitor = newVisitor();
    await expect(
      work.transaction(async (viewed) => {
        await viewed.record({ visitorId: visitor }, 3, VIEWED_KEEP);
        throw new Error("списание баллов не прошло");
      }),
    ).rejects.toThrow("списание баллов не прошло");
    expect((await visitorRows(database.db, visitor)).productIds).toEqual([]);
  });
});

describe("recording a viewed product (a service on a unit of work)", () => {
  it("checks, inserts and trims in one transaction: the newest 50 stay, and a missing product adds nothing", async () => {
    const { app, database } = await getTestContext();
    const visitor = newVisitor();
    const view = (id: number) =>
      app.request(`/api/v1/viewed/${id}`, { method: "POST", headers: { Cookie: `vid=${visitor}` } });
    for (let id = 1; id <= VIEWED_KEEP + 3; id++) expect((await view(id)).status).toBe(204);
    expect((await view(MISSING_PRODUCT)).status).toBe(404);
    const { productIds } = await visitorRows(database.db, visitor);
    expect(productIds).toHaveLength(VIEWED_KEEP);
    expect(productIds[0]).toBe(4);
  });
});
