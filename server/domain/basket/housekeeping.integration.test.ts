import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createUnitOfWork } from "#server/db/unit-of-work.ts";
import { purgeStaleBasketData } from "#server/domain/basket/housekeeping.ts";
import { createBasketRepository } from "#server/domain/basket/repository.ts";
import { createBasketService } from "#server/domain/basket/service.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { plainProducts } from "#tests/fixtures/basket-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { basketOf } from "#tests/fixtures/wishlist-data.ts";

const moscow = {
  id: 1,
  name: "Москва",
  region: "Москва",
  latitude: 55.75,
  longitude: 37.62,
  timezone: "Europe/Moscow",
};

describe("basket housekeeping", () => {
  it("forgets keys after a day (a key may be applied again) and expired visitors' baskets, never users'", async () => {
    const { database } = await getTestContext();
    const service = createBasketService(createUnitOfWork(database.db, createBasketRepository), {
      maxItems: async () => 100,
      currentCity: async () => moscow,
      defaultCity: async () => moscow,
    });
    const [a] = await plainProducts(1);
    const visitor = { kind: "visitor" as const, visitorId: `purge-${randomUUID()}` };
    const { userId, token } = await createSession(database.db);
    const user = { kind: "user" as const, userId, sessionId: token, roles: [], visitorId: visitor.visitorId };
    await service.mutate(user, { intent: "add", productId: a!.id, quantity: 1 }, { key: randomUUID() });
    const key = randomUUID();
    await service.mutate(visitor, { intent: "add", productId: a!.id, quantity: 1 }, { key });
    // Within the day the key holds.
    expect(
      (await service.mutate(visitor, { intent: "add", productId: a!.id, quantity: 1 }, { key })).applied,
    ).toBe(false);
    const tomorrow = new Date(Date.now() + 25 * 3600 * 1000);
    const first = await purgeStaleBasketData({ basket: service }, tomorrow, 2);
    expect(first.keys).toBeGreaterThanOrEqual(1);
    expect(first.visitorBaskets).toBe(0);
    // A day later the same key is a new change.
    const again = await service.mutate(visitor, { intent: "add", productId: a!.id, quantity: 1 }, { key });
    expect(again.applied).toBe(true);
    expect(again.basket.count).toBe(2);
    // A year and a day later the visitor's basket has gone with its cookie.
    const later = new Date(Date.now() + 366 * 24 * 3600 * 1000);
    expect((await purgeStaleBasketData({ basket: service }, later, 2)).visitorBaskets).toBeGreaterThanOrEqual(
      1,
    );
    expect(await basketOf(database.db, { visitorId: visitor.visitorId })).toBeUndefined();
    expect((await basketOf(database.db, { userId }))!.lines).toHaveLength(1);
  });
});
