import { afterAll, describe, expect, it } from "vitest";
import type {
  BonusAccount,
  BonusHistory,
  PurchaseDates,
  Purchases,
  RepeatResult,
} from "#contract/after-sale.ts";
import type { Basket } from "#contract/basket.ts";
import type { Order, orderListItemSchema } from "#contract/orders.ts";
import { createUnitOfWork } from "#server/db/unit-of-work.ts";
import { createBasketRepository } from "#server/domain/basket/repository.ts";
import { createBasketService } from "#server/domain/basket/service.ts";
import { createPurchasesRepository } from "#server/domain/purchases/repository.ts";
import { createPurchasesService } from "#server/domain/purchases/service.ts";
import { callApi, readJson } from "#tests/fixtures/api-call.ts";
import { deliverOrder, recordLedger, setCashbackDue } from "#tests/fixtures/after-sale-data.ts";
import {
  changeProduct,
  checkoutKey,
  expectedLinesOf,
  removeOrderData,
  scratchProduct,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

// The shopper's side after the sale (issue 20, points 4–6): «Купить снова», purchases, the points account.

afterAll(async () => {
  const { database } = await getTestContext();
  await removeOrderData(database.db);
});

type OrderListItem = import("zod").infer<typeof orderListItemSchema>;
type Shopper = Awaited<ReturnType<typeof shopperWithBasket>>;

/** An order of the given lines placed for pickup and paid fully with points (no acquirer needed). */
async function paidOrder(lines: { productId: number; quantity: number }[], shopper?: Shopper) {
  const { database } = await getTestContext();
  const who = shopper ?? (await shopperWithBasket(database.db, lines, { points: 50_000 }));
  if (shopper) {
    for (const line of lines) {
      await callApi("/api/v1/basket/lines", {
        method: "POST",
        cookie: who.cookie,
        body: { intent: "add", ...line },
      });
    }
  }
  const order = await readJson<Order>(
    await callApi("/api/v1/orders", {
      method: "POST",
      cookie: who.cookie,
      body: {
        checkoutKey: checkoutKey(),
        ...(await expectedLinesOf(database.db, who.userId)),
        deliveryType: "pickup",
        addressId: who.pickupAddressId,
      },
    }),
    201,
  );
  const paid = await callApi(`/api/v1/orders/${order.id}/payments`, {
    method: "POST",
    cookie: who.cookie,
    body: { method: "card", bonusPoints: order.goodsTotal / 100 },
  });
  expect(await readJson(paid)).toMatchObject({ kind: "paid" });
  return { shopper: who, order };
}

const basketOf = async (cookie: string) => readJson<Basket>(await callApi("/api/v1/basket", { cookie }));

const quantities = (basket: Basket) =>
  Object.fromEntries(basket.shipments.flatMap((s) => s.lines.map((l) => [l.productId, l.quantity])));

describe("«Купить снова» on an order", () => {
  it("puts back the lines that can be bought now and names the sold-out one", async () => {
    const { database } = await getTestContext();
    const a = await scratchProduct(database.db, { stock: 10, price: 50_000 });
    const b = await scratchProduct(database.db, { stock: 10, price: 70_000 });
    const { shopper, order } = await paidOrder([
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ]);
    await deliverOrder(database.db, order.id);
    await changeProduct(database.db, b.id, { stock: 0 });
    // Payment emptied the basket of the order's lines.
    expect(quantities(await basketOf(shopper.cookie))).toEqual({});

    const result = await readJson<RepeatResult>(
      await callApi(`/api/v1/orders/${order.id}/repeat`, { method: "POST", cookie: shopper.cookie }),
    );
    expect(result.added).toEqual([{ productId: a.id, name: expect.any(String), quantity: 2 }]);
    expect(result.skipped).toEqual([
      { productId: b.id, name: expect.any(String), reason: "sold_out", reasonText: "закончился" },
    ]);
    expect(result.basketCount).toBe(2);
    expect(quantities(await basketOf(shopper.cookie))).toEqual({ [a.id]: 2 });
  });

  it("adds no more than the stock, and nothing twice for a retried request with the same key", async () => {
    const { database } = await getTestContext();
    // 5 on hand, 3 bought: 2 left for the repeat.
    const a = await scratchProduct(database.db, { stock: 5 });
    const { shopper, order } = await paidOrder([{ productId: a.id, quantity: 3 }]);
    const repeat = async (key?: string) => {
      const { app } = await getTestContext();
      const headers: Record<string, string> = { cookie: shopper.cookie, origin: "http://localhost" };
      if (key) headers["idempotency-key"] = key;
      return app.request(`http://localhost/api/v1/orders/${order.id}/repeat`, { method: "POST", headers });
    };
    const first = await readJson<RepeatResult>(await repeat("repeat-key-1"));
    expect(first.added).toEqual([{ productId: a.id, name: expect.any(String), quantity: 2 }]);
    const again = await readJson<RepeatResult>(await repeat("repeat-key-1"));
    expect(again.added).toEqual([]);
    expect(quantities(await basketOf(shopper.cookie))).toEqual({ [a.id]: 2 });
    // Without a key, a second press is a second request: the line is at its stock, so it says so.
    const third = await readJson<RepeatResult>(await repeat());
    expect(third.skipped).toEqual([expect.objectContaining({ productId: a.id, reason: "at_limit" })]);
  });

  it("stops at basket_max_items and says the basket is full", async () => {
    const { database } = await getTestContext();
    const products = await Promise.all([1, 2, 3].map(() => scratchProduct(database.db, { stock: 5 })));
    const { shopper, order } = await paidOrder(products.map((p) => ({ productId: p.id, quantity: 1 })));
    const city = {
      id: 1,
      name: "Москва",
      region: "Москва",
      latitude: 55.75,
      longitude: 37.62,
      timezone: "Europe/Moscow",
    };
    // The same services with the option set to two lines.
    const basket = createBasketService(createUnitOfWork(database.db, createBasketRepository), {
      maxItems: async () => 2,
      currentCity: async () => city,
      defaultCity: async () => city,
    });
    const purchases = createPurchasesService(createPurchasesRepository(database.db), basket);
    const owner = {
      kind: "user" as const,
      userId: shopper.userId,
      sessionId: "test",
      roles: ["shopper"],
      visitorId: "test-visitor",
    };
    const result = await purchases.repeatOrder(owner, order.id);
    const lines = order.shipments.flatMap((s) => s.lines);
    expect(result.added.map((l) => l.productId)).toEqual(lines.slice(0, 2).map((l) => l.productId));
    expect(result.skipped).toEqual([
      {
        productId: lines[2]!.productId,
        name: lines[2]!.name,
        reason: "basket_full",
        reasonText: "корзина заполнена",
      },
    ]);
  });

  it("answers 404 for another shopper's order and 401 signed out", async () => {
    const { database } = await getTestContext();
    const a = await scratchProduct(database.db, { stock: 5 });
    const { order } = await paidOrder([{ productId: a.id, quantity: 1 }]);
    const other = await shopperWithBasket(database.db, []);
    const foreign = await callApi(`/api/v1/orders/${order.id}/repeat`, {
      method: "POST",
      cookie: other.cookie,
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "order_not_found", message: "Заказ не найден" });
    expect(quantities(await basketOf(other.cookie))).toEqual({});
    expect((await callApi(`/api/v1/orders/${order.id}/repeat`, { method: "POST" })).status).toBe(401);
    expect(
      (await callApi("/api/v1/orders/999999999/repeat", { method: "POST", cookie: other.cookie })).status,
    ).toBe(404);
  });
});

describe("purchases", () => {
  it("lists only products of parcels that reached the shopper, newest first, once each", async () => {
    const { database } = await getTestContext();
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(() => scratchProduct(database.db, { stock: 20, price: 40_000 })),
    );
    const first = await paidOrder([
      { productId: a!.id, quantity: 1 },
      { productId: b!.id, quantity: 1 },
    ]);
    const { shopper } = first;
    const second = await paidOrder([{ productId: a!.id, quantity: 1 }], shopper);
    // A paid order still on its way: its product is not a purchase yet.
    await paidOrder([{ productId: c!.id, quantity: 1 }], shopper);
    await deliverOrder(database.db, first.order.id, new Date("2026-10-01T10:00:00Z"));
    await deliverOrder(database.db, second.order.id, new Date("2026-11-02T10:00:00Z"));

    const page = await readJson<Purchases>(await callApi("/api/v1/purchases", { cookie: shopper.cookie }));
    expect(page.items.map((i) => [i.product.id, i.purchasedAt, i.orderId])).toEqual([
      [a!.id, "2026-11-02T10:00:00.000Z", second.order.id],
      [b!.id, "2026-10-01T10:00:00.000Z", first.order.id],
    ]);
    expect(page.next).toBeNull();

    // The orders' tabs: received ones under «Завершённые», each parcel with its status and day.
    const completed = await readJson<{ items: OrderListItem[] }>(
      await callApi("/api/v1/orders?tab=completed", { cookie: shopper.cookie }),
    );
    expect(completed.items.map((o) => o.id)).toEqual([second.order.id, first.order.id]);
    expect(completed.items[0]!.shipments).toEqual([
      expect.objectContaining({
        status: "delivered",
        statusText: "Получен",
        deliveredAt: "2026-11-02T10:00:00.000Z",
      }),
    ]);
    const active = await readJson<{ items: OrderListItem[] }>(
      await callApi("/api/v1/orders?tab=active", { cookie: shopper.cookie }),
    );
    expect(active.items).toHaveLength(1);
    expect(active.items[0]!.shipments).toEqual([
      expect.objectContaining({ status: "paid", deliveredAt: null, storageUntil: null }),
    ]);

    const dates = await readJson<PurchaseDates>(
      await callApi(`/api/v1/purchases/products?ids=${a!.id},${b!.id},${c!.id}`, { cookie: shopper.cookie }),
    );
    expect(dates.items.sort((x, y) => x.productId - y.productId)).toEqual(
      [
        { productId: a!.id, purchasedAt: "2026-11-02T10:00:00.000Z" },
        { productId: b!.id, purchasedAt: "2026-10-01T10:00:00.000Z" },
      ].sort((x, y) => x.productId - y.productId),
    );

    // Another shopper has received nothing of these.
    const other = await shopperWithBasket(database.db, []);
    const none = await readJson<PurchaseDates>(
      await callApi(`/api/v1/purchases/products?ids=${a!.id}`, { cookie: other.cookie }),
    );
    expect(none.items).toEqual([]);
    expect((await callApi(`/api/v1/purchases/products?ids=${a!.id}`)).status).toBe(401);
    // Not a list of ids, or one past a product id's integer (a 500 from the database before).
    for (const ids of ["1;drop", `${a!.id},2147483648`, "0"]) {
      const bad = await callApi(`/api/v1/purchases/products?ids=${ids}`, { cookie: other.cookie });
      expect(bad.status, ids).toBe(400);
      expect(JSON.stringify(await bad.json()), ids).toMatch(/через запятую/);
    }
  });

  it("pages by date and product, and «Купить снова» adds one unit of a received product only", async () => {
    const { database } = await getTestContext();
    const products = await Promise.all(
      Array.from({ length: 22 }, () => scratchProduct(database.db, { stock: 5, price: 10_000 })),
    );
    const { shopper, order } = await paidOrder(products.map((p) => ({ productId: p.id, quantity: 1 })));
    await deliverOrder(database.db, order.id);
    const first = await readJson<Purchases>(await callApi("/api/v1/purchases", { cookie: shopper.cookie }));
    expect(first.items).toHaveLength(20);
    expect(first.next).toMatch(/^\d+_\d+$/);
    const second = await readJson<Purchases>(
      await callApi(`/api/v1/purchases?before=${first.next}`, { cookie: shopper.cookie }),
    );
    expect(second.items).toHaveLength(2);
    expect(second.next).toBeNull();
    const ids = [...first.items, ...second.items].map((i) => i.product.id);
    // The same delivery time for all: ties go by product id, descending, none lost or repeated.
    expect(ids).toEqual(products.map((p) => p.id).sort((x, y) => y - x));

    const added = await readJson<RepeatResult>(
      await callApi(`/api/v1/purchases/${products[0]!.id}/repeat`, {
        method: "POST",
        cookie: shopper.cookie,
      }),
    );
    expect(added.added).toEqual([{ productId: products[0]!.id, name: expect.any(String), quantity: 1 }]);
    const stranger = await shopperWithBasket(database.db, []);
    const refused = await callApi(`/api/v1/purchases/${products[0]!.id}/repeat`, {
      method: "POST",
      cookie: stranger.cookie,
    });
    expect(refused.status).toBe(404);
  });
});

describe("the points account", () => {
  it("shows the balance, the cashback waiting per order with its date, and the ledger page by page", async () => {
    const { database } = await getTestContext();
    const p = await scratchProduct(database.db, { stock: 10, price: 100_000, cashbackPercent: 5 });
    const { shopper, order: onTheWay } = await paidOrder([{ productId: p.id, quantity: 1 }]);
    const { order: received } = await paidOrder([{ productId: p.id, quantity: 2 }], shopper);
    await deliverOrder(database.db, received.id);
    const due = new Date("2026-12-12T09:00:00Z");
    await setCashbackDue(database.db, received.id, due);

    const account = await readJson<BonusAccount>(await callApi("/api/v1/bonus", { cookie: shopper.cookie }));
    expect(account.balance).toBe(50_000 - 1_000 - 2_000);
    expect(account.pending).toBe(onTheWay.cashbackPoints + received.cashbackPoints);
    expect(account.pendingOrders).toEqual([
      {
        orderId: received.id,
        number: received.number,
        status: "delivered",
        points: received.cashbackPoints,
        availableAt: due.toISOString(),
      },
      {
        orderId: onTheWay.id,
        number: onTheWay.number,
        status: "paid",
        points: onTheWay.cashbackPoints,
        availableAt: null,
      },
    ]);

    // 25 more entries: the history has 30 (welcome, two spends, two cashbacks and these) over two pages.
    await recordLedger(
      database.db,
      Array.from({ length: 25 }, (_, i) => ({
        userId: shopper.userId,
        operationKey: `after-sale-test:${shopper.userId}:${i}`,
        kind: "welcome" as const,
        bucket: "available" as const,
        amount: 1,
      })),
    );
    const first = await readJson<BonusHistory>(
      await callApi("/api/v1/bonus/history", { cookie: shopper.cookie }),
    );
    expect(first.items).toHaveLength(20);
    expect(first.next).toBe(first.items.at(-1)!.id);
    const second = await readJson<BonusHistory>(
      await callApi(`/api/v1/bonus/history?before=${first.next}`, { cookie: shopper.cookie }),
    );
    expect(second.items).toHaveLength(10);
    expect(second.next).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((e) => e.id)).size).toBe(30);
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((x, y) => y - x));
    const oldest = second.items.slice(-5);
    expect(oldest.map((e) => [e.kind, e.kindText, e.amount, e.order?.number ?? null])).toEqual([
      ["cashback", "Кешбэк за заказ", received.cashbackPoints, received.number],
      ["spend", "Оплата заказа баллами", -2_000, received.number],
      ["cashback", "Кешбэк за заказ", onTheWay.cashbackPoints, onTheWay.number],
      ["spend", "Оплата заказа баллами", -1_000, onTheWay.number],
      ["welcome", "Приветственные баллы", 50_000, null],
    ]);

    // The cashback matures (the release job's two entries): it leaves the waiting list and shows once.
    await recordLedger(database.db, [
      {
        userId: shopper.userId,
        operationKey: `after-sale-test:${received.id}:release:pending`,
        kind: "cashback_release",
        bucket: "pending",
        amount: -received.cashbackPoints,
        orderId: received.id,
      },
      {
        userId: shopper.userId,
        operationKey: `after-sale-test:${received.id}:release:available`,
        kind: "cashback_release",
        bucket: "available",
        amount: received.cashbackPoints,
        orderId: received.id,
      },
    ]);
    const matured = await readJson<BonusAccount>(await callApi("/api/v1/bonus", { cookie: shopper.cookie }));
    expect(matured.balance).toBe(account.balance + 25 + received.cashbackPoints);
    expect(matured.pendingOrders.map((p) => p.orderId)).toEqual([onTheWay.id]);
    const latest = await readJson<BonusHistory>(
      await callApi("/api/v1/bonus/history", { cookie: shopper.cookie }),
    );
    expect(latest.items[0]).toMatchObject({
      kind: "cashback_release",
      kindText: "Кешбэк начислен",
      bucket: "available",
      amount: received.cashbackPoints,
      order: { id: received.id, number: received.number },
    });
    expect(latest.items.filter((e) => e.kind === "cashback_release")).toHaveLength(1);

    // Someone else sees none of it.
    const other = await shopperWithBasket(database.db, []);
    const theirs = await readJson<BonusHistory>(
      await callApi("/api/v1/bonus/history", { cookie: other.cookie }),
    );
    expect(theirs.items).toEqual([]);
    expect((await callApi("/api/v1/bonus")).status).toBe(401);
  });
});
