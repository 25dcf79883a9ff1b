import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Basket, BasketCount, BasketMutation } from "#contract/basket.ts";
import { createServices } from "#server/composition/services.ts";
import { createUnitOfWork } from "#server/db/unit-of-work.ts";
import { createBasketRepository } from "#server/domain/basket/repository.ts";
import { createBasketService } from "#server/domain/basket/service.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { createUser } from "#tests/factories/users.ts";
import { limitedBelowStock, plainProducts, productWhere } from "#tests/fixtures/basket-data.ts";
import { productPrice, setProductPrice } from "#tests/fixtures/catalog-writes.ts";
import { signInByPhone } from "#tests/fixtures/phone-sign-in-data.ts";
import { appWith, getTestContext } from "#tests/fixtures/test-app.ts";
import { basketOf, scarceProduct, wishlistRowCount } from "#tests/fixtures/wishlist-data.ts";

const origin = "http://localhost";

async function call(
  path: string,
  init: { method?: string; cookie?: string; body?: unknown; key?: string } = {},
): Promise<Response> {
  const { app } = await getTestContext();
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (method !== "GET") headers.origin = origin;
  if (init.key) headers["idempotency-key"] = init.key;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  return app.request(`${origin}/api/v1/basket${path}`, {
    method,
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const change = (body: BasketMutation, cookie?: string, key: string | null = randomUUID()) =>
  call("/lines", { body, ...(cookie ? { cookie } : {}), ...(key ? { key } : {}) });

function visitorCookie(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("vid="));
  expect(cookie, "the visitor cookie is issued").toBeDefined();
  return cookie!.split(";")[0]!;
}

const lineOf = (basket: Basket, productId: number) =>
  basket.shipments.flatMap((s) => s.lines).find((l) => l.productId === productId);

describe("basket of an anonymous visitor", () => {
  it("reads empty without a cookie, and adds under the visitor cookie it issues", async () => {
    const empty = await json<Basket>(await call(""));
    expect(empty).toMatchObject({ version: 0, count: 0, shipments: [], totals: { toPay: 0 } });
    expect(await json<BasketCount>(await call("/count"))).toEqual({ count: 0, lines: {}, version: 0 });

    const [a] = await plainProducts(1);
    const first = await change({ intent: "add", productId: a!.id });
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const cookie = visitorCookie(first);
    const basket = await json<Basket>(first);
    expect(basket.version).toBe(1);
    expect(basket.count).toBe(1);
    const line = lineOf(basket, a!.id)!;
    expect(line).toMatchObject({
      quantity: 1,
      selected: true,
      availability: "in_stock",
      buyable: true,
      priceChanged: false,
    });
    expect(basket.shipments[0]!.deliveryText).toMatch(/^Доставим /);
    expect(basket.shipments[0]!.deliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await json<BasketCount>(await call("/count", { cookie }))).toEqual({
      count: 1,
      lines: {
        [String(a!.id)]: { quantity: 1, max: Math.min(a!.stock, 100), capMessage: expect.any(String) },
      },
      version: 1,
    });
    // Another browser's basket is its own.
    const other = await json<Basket>(await call("", { cookie: "vid=someone-else-entirely-0001" }));
    expect(other.count).toBe(0);
  });
});

describe("basket changes", () => {
  it("adds, sets the quantity, selects, selects all and removes, moving the version each time", async () => {
    const [a, b] = await plainProducts(2);
    const { cookie } = await createSession((await getTestContext()).database.db);
    let basket = await json<Basket>(await change({ intent: "add", productId: a!.id }, cookie));
    expect(basket.version).toBe(1);
    basket = await json<Basket>(await change({ intent: "add", productId: a!.id, quantity: 2 }, cookie));
    expect(lineOf(basket, a!.id)!.quantity).toBe(3);
    expect(basket.version).toBe(2);
    basket = await json<Basket>(await change({ intent: "add", productId: b!.id }, cookie));
    basket = await json<Basket>(
      await change({ intent: "set_quantity", productId: a!.id, quantity: 2 }, cookie),
    );
    expect(lineOf(basket, a!.id)!.quantity).toBe(2);
    expect(basket.count).toBe(3);
    expect(basket.version).toBe(4);

    const both = basket.totals.toPay;
    basket = await json<Basket>(
      await change({ intent: "select", productId: a!.id, selected: false }, cookie),
    );
    expect(lineOf(basket, a!.id)!.selected).toBe(false);
    expect(basket.totals.toPay).toBeLessThan(both);
    expect(basket.totals.quantity).toBe(1);
    expect(basket.count).toBe(3);
    basket = await json<Basket>(await change({ intent: "select_all", selected: false }, cookie));
    expect(basket.totals).toEqual({
      quantity: 0,
      goods: 0,
      discount: 0,
      delivery: 0,
      cashbackPoints: 0,
      toPay: 0,
    });
    basket = await json<Basket>(await change({ intent: "select_all", selected: true }, cookie));
    expect(basket.totals.toPay).toBe(both);
    expect(basket.version).toBe(7);

    basket = await json<Basket>(await change({ intent: "remove", productId: a!.id }, cookie));
    expect(lineOf(basket, a!.id)).toBeUndefined();
    expect(basket.version).toBe(8);
    const gone = await json<{ code: string }>(
      await change({ intent: "remove", productId: a!.id }, cookie),
      404,
    );
    expect(gone.code).toBe("basket_line_not_found");
    // Quantity zero or less is not a quantity.
    const zero = await change({ intent: "set_quantity", productId: b!.id, quantity: 0 }, cookie);
    expect(zero.status).toBe(400);
  });

  it("moves a line to the wishlist", async () => {
    const { database } = await getTestContext();
    const [a] = await plainProducts(1);
    const { cookie, userId } = await createSession(database.db);
    await json<Basket>(await change({ intent: "add", productId: a!.id }, cookie));
    const basket = await json<Basket>(await change({ intent: "move_to_wishlist", productId: a!.id }, cookie));
    expect(basket.count).toBe(0);
    expect(await wishlistRowCount(database.db, userId, a!.id)).toBe(1);
    // Not in the basket any more: nothing to move.
    expect((await change({ intent: "move_to_wishlist", productId: a!.id }, cookie)).status).toBe(404);
  });

  it("refuses sold-out and coming-soon products with a Russian message, and takes preorders", async () => {
    const soldOut = await productWhere("sold_out");
    const comingSoon = await productWhere("coming_soon");
    const preorder = await productWhere("preorder");
    const refused = await json<{ code: string; message: string }>(
      await change({ intent: "add", productId: soldOut }),
      409,
    );
    expect(refused).toMatchObject({ code: "product_sold_out", message: "Товар закончился" });
    expect(
      await json<{ code: string }>(await change({ intent: "add", productId: comingSoon }), 409),
    ).toMatchObject({
      code: "product_not_sold",
      message: "Товар ещё не продаётся",
    });
    const basket = await json<Basket>(await change({ intent: "add", productId: preorder }));
    expect(lineOf(basket, preorder)).toMatchObject({ availability: "preorder", buyable: true });
    expect((await change({ intent: "add", productId: 2_000_000_000 })).status).toBe(404);
  });

  it("caps the quantity by stock and by the per-order limit, with the reason", async () => {
    const { database } = await getTestContext();
    const scarce = await scarceProduct(database.db);
    const limited = await limitedBelowStock();
    const first = await change({ intent: "add", productId: scarce.id, quantity: 50 });
    const cookie = visitorCookie(first);
    const basket = await json<Basket>(first);
    expect(lineOf(basket, scarce.id)).toMatchObject({
      quantity: scarce.stock,
      maxQuantity: scarce.stock,
      capReason: "stock",
      capMessage: "Больше нет в наличии",
    });
    const more = await json<{ code: string; message: string }>(
      await change({ intent: "add", productId: scarce.id }, cookie),
      409,
    );
    expect(more).toMatchObject({ code: "basket_quantity_capped", message: "Больше нет в наличии" });
    const limitedBasket = await json<Basket>(
      await change({ intent: "set_quantity", productId: scarce.id, quantity: 1 }, cookie),
    );
    expect(lineOf(limitedBasket, scarce.id)!.quantity).toBe(1);
    const withLimit = await json<Basket>(
      await change({ intent: "add", productId: limited.id, quantity: limited.orderLimit }, cookie),
    );
    expect(lineOf(withLimit, limited.id)).toMatchObject({
      quantity: limited.orderLimit,
      capReason: "order_limit",
      capMessage: `Не больше ${limited.orderLimit} шт. в одном заказе`,
    });
    // Asking for more than the cap by set_quantity is brought down to the cap... unless it is there already.
    const over = await change({ intent: "set_quantity", productId: limited.id, quantity: 9999 }, cookie);
    expect(await json<{ code: string }>(over, 409)).toMatchObject({ code: "basket_quantity_capped" });
  });

  it("caps the number of lines by basket_max_items", async () => {
    const { database } = await getTestContext();
    const service = createBasketService(createUnitOfWork(database.db, createBasketRepository), {
      maxItems: async () => 2,
      currentCity: async () => ({
        id: 1,
        name: "Москва",
        region: "Москва",
        latitude: 55.75,
        longitude: 37.62,
        timezone: "Europe/Moscow",
      }),
      defaultCity: async () => ({
        id: 1,
        name: "Москва",
        region: "Москва",
        latitude: 55.75,
        longitude: 37.62,
        timezone: "Europe/Moscow",
      }),
    });
    const owner = { kind: "visitor" as const, visitorId: `max-items-${randomUUID()}` };
    const [a, b, c] = await plainProducts(3);
    await service.mutate(owner, { intent: "add", productId: a!.id, quantity: 1 }, {});
    const { basket } = await service.mutate(owner, { intent: "add", productId: b!.id, quantity: 5 }, {});
    expect(lineOf(basket, b!.id)).toMatchObject({ quantity: 2, capReason: "basket_max_items" });
    await expect(
      service.mutate(owner, { intent: "add", productId: c!.id, quantity: 1 }, {}),
    ).rejects.toMatchObject({
      code: "basket_full",
    });
  });

  it("flags a price changed since the line was added", async () => {
    const { database } = await getTestContext();
    const [a] = await plainProducts(1, 3);
    const price = (await productPrice(database.db, a!.id))!;
    const first = await change({ intent: "add", productId: a!.id });
    const cookie = visitorCookie(first);
    expect(lineOf(await json<Basket>(first), a!.id)!.priceChanged).toBe(false);
    try {
      await setProductPrice(database.db, a!.id, price - 100);
      const basket = await json<Basket>(await call("", { cookie }));
      expect(lineOf(basket, a!.id)).toMatchObject({
        priceChanged: true,
        priceWhenAdded: price,
        price: price - 100,
      });
    } finally {
      await setProductPrice(database.db, a!.id, price);
    }
  });
});

describe("idempotency and concurrency", () => {
  it("applies a key once: the same key twice leaves one unit and the version moved once", async () => {
    const [a] = await plainProducts(1);
    const key = randomUUID();
    const first = await change({ intent: "add", productId: a!.id }, undefined, key);
    const cookie = visitorCookie(first);
    expect((await json<Basket>(first)).version).toBe(1);
    const again = await change({ intent: "add", productId: a!.id }, cookie, key);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const basket = await json<Basket>(again);
    expect(lineOf(basket, a!.id)!.quantity).toBe(1);
    expect(basket.version).toBe(1);
    const bad = await change({ intent: "add", productId: a!.id }, cookie, "bad key!");
    expect(bad.status).toBe(400);
  });

  it("50 parallel adds with one key give one unit", async () => {
    const { database } = await getTestContext();
    const [a] = await plainProducts(1, 60);
    const { cookie, userId } = await createSession(database.db);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => change({ intent: "add", productId: a!.id }, cookie, key)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    const stored = await basketOf(database.db, { userId });
    expect(stored!.lines).toEqual([{ productId: a!.id, quantity: 1, selected: true }]);
    expect(stored!.version).toBe(1);
  });

  it("50 parallel adds with different keys stop at the stock", async () => {
    const { database } = await getTestContext();
    const scarce = await scarceProduct(database.db);
    const { cookie, userId } = await createSession(database.db);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => change({ intent: "add", productId: scarce.id }, cookie)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(scarce.stock);
    expect(statuses.filter((s) => s === 409)).toHaveLength(50 - scarce.stock);
    const stored = await basketOf(database.db, { userId });
    expect(stored!.lines).toEqual([{ productId: scarce.id, quantity: scarce.stock, selected: true }]);
    expect(stored!.version).toBe(scarce.stock);
  });
});

describe("ownership", () => {
  it("one shopper's changes never touch another's basket", async () => {
    const { database } = await getTestContext();
    const [a, b] = await plainProducts(2);
    const alice = await createSession(database.db);
    const bob = await createSession(database.db);
    await json<Basket>(await change({ intent: "add", productId: a!.id }, alice.cookie));
    // Bob removing or selecting Alice's product finds nothing in his own basket.
    expect((await change({ intent: "remove", productId: a!.id }, bob.cookie)).status).toBe(404);
    expect((await change({ intent: "select", productId: a!.id, selected: false }, bob.cookie)).status).toBe(
      404,
    );
    await json<Basket>(await change({ intent: "add", productId: b!.id }, bob.cookie));
    await json<Basket>(await change({ intent: "select_all", selected: false }, bob.cookie));
    expect((await basketOf(database.db, { userId: alice.userId }))!.lines).toEqual([
      { productId: a!.id, quantity: 1, selected: true },
    ]);
    expect((await basketOf(database.db, { userId: alice.userId }))!.version).toBe(1);
  });

  it("refuses a write from another origin", async () => {
    const { app } = await getTestContext();
    const res = await app.request(`${origin}/api/v1/basket/lines`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ intent: "add", productId: 1 }),
    });
    expect(res.status).toBe(403);
  });
});

describe("sign-in", () => {
  it("the visitor's basket becomes the account's, quantities added and capped, the version moved on", async () => {
    // Each of the sign-in's calls is a client of its own (signInByPhone), so no address limit is shared.
    const app = await appWith({ TRUST_PROXY: "1" });
    const { database } = await getTestContext();
    const [a, b] = await plainProducts(2);
    const scarce = await scarceProduct(database.db);
    // The account already holds a and the scarce product at its stock.
    const user = await createUser(database.db);
    const account = await createSession(database.db, { userId: user.id });
    await json<Basket>(await change({ intent: "add", productId: a!.id }, account.cookie));
    await json<Basket>(await change({ intent: "add", productId: scarce.id, quantity: 99 }, account.cookie));
    const before = await json<Basket>(await call("", { cookie: account.cookie }));
    // A visitor adds a, b and the scarce product, then signs in as that account.
    const first = await change({ intent: "add", productId: a!.id, quantity: 2 });
    const vid = visitorCookie(first);
    await json<Basket>(await change({ intent: "add", productId: b!.id }, vid));
    await json<Basket>(await change({ intent: "add", productId: scarce.id }, vid));
    const signedIn = await signInByPhone(
      app,
      createServices(database.db).phoneCodes,
      user.phone!,
      vid,
      origin,
    );
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    const after = await json<Basket>(await call("", { cookie: account.cookie }));
    expect(lineOf(after, a!.id)!.quantity).toBe(3);
    expect(lineOf(after, b!.id)!.quantity).toBe(1);
    expect(lineOf(after, scarce.id)).toMatchObject({ quantity: scarce.stock, capReason: "stock" });
    expect(after.version).toBeGreaterThan(before.version);
    // The browser's visitor basket is empty now.
    expect((await json<Basket>(await call("", { cookie: vid }))).count).toBe(0);
  });
});
