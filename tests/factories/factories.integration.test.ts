import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { basketLines, products, sessions } from "#server/db/schema/index.ts";
import { createIdentityRepository } from "#server/domain/identity/repository.ts";
import { createIdentityService, hashSessionToken } from "#server/domain/identity/service.ts";
import { getTestDatabase } from "#tests/fixtures/test-database.ts";
import { createBasket } from "./baskets.ts";
import { createSession } from "./sessions.ts";
import { buildUser, createUser } from "./users.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await getTestDatabase();
});

describe("data factories", () => {
  it("build believable, distinct shoppers with E.164 phones", () => {
    const a = buildUser();
    const b = buildUser();
    expect(a.phone).toMatch(/^\+79\d{9}$/);
    expect(a.phone).not.toBe(b.phone);
    expect(a.name).toMatch(/^[А-ЯЁ][а-яё]+/);
    expect(buildUser({ name: "Ольга" }).name).toBe("Ольга");
  });

  it("create users the database accepts, many in a row", async () => {
    const created = await Promise.all(Array.from({ length: 20 }, () => createUser(handle.db)));
    expect(new Set(created.map((u) => u.phone)).size).toBe(20);
    expect(created[0]!.roles).toEqual(["shopper"]);
  });

  it("create a live session through the identity service, stored only as a hash", async () => {
    const { userId, token, cookie } = await createSession(handle.db);
    expect(cookie).toBe(`sid=${token}`);
    const stored = await handle.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashSessionToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const identity = createIdentityService(createIdentityRepository(handle.db));
    expect(await identity.resolveSession(token)).toMatchObject({ userId, roles: ["shopper"] });
    await identity.revokeSession(token);
    expect(await identity.resolveSession(token)).toBeUndefined();
  });

  it("create a basket of products in stock at their current prices", async () => {
    const { userId } = await createSession(handle.db);
    const { basket, lines } = await createBasket(handle.db, { userId });
    expect(lines).toHaveLength(2);
    const rows = await handle.db.select().from(basketLines).where(eq(basketLines.basketId, basket.id));
    for (const row of rows) {
      const [product] = await handle.db.select().from(products).where(eq(products.id, row.productId));
      expect(row.priceWhenAdded).toBe(product!.price);
      expect(product!.hasStock).toBe(true);
    }
    // One basket per owner: the database refuses a second.
    await expect(createBasket(handle.db, { userId }, [])).rejects.toThrow();
  });
});

describe("sessions", () => {
  it("end at the idle expiry, slide on use at most hourly, and never outlive the absolute expiry", async () => {
    let now = new Date("2026-01-01T00:00:00Z");
    const identity = createIdentityService(createIdentityRepository(handle.db), () => now);
    const user = await createUser(handle.db);
    const { token } = await identity.startSession(user.id);
    const day = 24 * 3600 * 1000;
    // 29 days later still signed in; that visit moves the idle expiry 30 days on.
    now = new Date(now.getTime() + 29 * day);
    expect(await identity.resolveSession(token)).toBeDefined();
    now = new Date(now.getTime() + 29 * day);
    expect(await identity.resolveSession(token)).toBeDefined();
    now = new Date(now.getTime() + 29 * day); // day 87
    expect(await identity.resolveSession(token)).toBeDefined();
    now = new Date(now.getTime() + 4 * day); // day 91: past the 90-day absolute expiry
    expect(await identity.resolveSession(token)).toBeUndefined();
  });

  it("ignore malformed and unknown tokens without a query error", async () => {
    const identity = createIdentityService(createIdentityRepository(handle.db));
    expect(await identity.resolveSession(undefined)).toBeUndefined();
    expect(await identity.resolveSession("short")).toBeUndefined();
    expect(await identity.resolveSession("x".repeat(43))).toBeUndefined();
  });

  it("idle out after 30 days without a visit", async () => {
    let now = new Date("2026-03-01T00:00:00Z");
    const identity = createIdentityService(createIdentityRepository(handle.db), () => now);
    const user = await createUser(handle.db);
    const { token } = await identity.startSession(user.id);
    now = new Date(now.getTime() + 31 * 24 * 3600 * 1000);
    expect(await identity.resolveSession(token)).toBeUndefined();
    expect(await identity.purgeDeadSessions(100)).toBeGreaterThanOrEqual(1);
  });
});
