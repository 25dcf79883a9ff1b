import { afterAll, describe, expect, it } from "vitest";
import { addressProblemMessages } from "#contract/address-messages.ts";
import { addDays, localDateTime } from "#contract/delivery-dates.ts";
import type { Order } from "#contract/orders.ts";
import { createServices } from "#server/composition/services.ts";
import { createBonusRepository } from "#server/domain/bonus/repository.ts";
import { expireDueOrders } from "#server/domain/orders/jobs.ts";
import { callApi, readJson } from "#tests/fixtures/api-call.ts";
import {
  bumpBasketVersion,
  changeProduct,
  checkoutKey,
  expectedLinesOf,
  fullSlot,
  moveAddress,
  orderRow,
  passDeadline,
  removeOrderData,
  scratchProduct,
  shopperWithBasket,
  slotBooked,
  stockOf,
} from "#tests/fixtures/order-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

afterAll(async () => {
  const { database } = await getTestContext();
  await removeOrderData(database.db);
});

type Shopper = Awaited<ReturnType<typeof shopperWithBasket>>;

/** A courier window far enough ahead for any seller's date (7 days of windows from the latest date). */
function aSlot(daysAhead = 6) {
  return { date: addDays(localDateTime(new Date(), "Europe/Moscow").date, daysAhead), startsHour: 12 };
}

async function placeBody(shopper: Shopper, extra: Record<string, unknown> = {}) {
  const { database } = await getTestContext();
  return {
    checkoutKey: checkoutKey(),
    ...(await expectedLinesOf(database.db, shopper.userId)),
    deliveryType: "courier",
    addressId: shopper.courierAddressId,
    slot: aSlot(),
    ...extra,
  };
}

const place = (shopper: Shopper, body: unknown) =>
  callApi("/api/v1/orders", { method: "POST", cookie: shopper.cookie, body });

describe("placing an order", () => {
  it("re-prices from the catalogue, takes the stock, books the window and waits for payment", async () => {
    const { database } = await getTestContext();
    const a = await scratchProduct(database.db, { stock: 5, price: 120_000, oldPrice: 150_000 });
    const b = await scratchProduct(database.db, { stock: 5, price: 30_000 });
    const shopper = await shopperWithBasket(database.db, [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ]);
    const body = await placeBody(shopper);
    const order = await readJson<Order>(await place(shopper, body), 201);
    expect(order.status).toBe("awaiting_payment");
    expect(order.goodsTotal).toBe(2 * 120_000 + 30_000);
    expect(order.discountTotal).toBe(2 * 30_000);
    expect(order.toPay).toBe(order.goodsTotal + order.deliveryTotal);
    expect(order.number).toMatch(/^\d{4}-\d{4}$/);
    expect(order.delivery.slot).toMatchObject({ date: body.slot.date, startsHour: 12, endsHour: 15 });
    expect(order.shipments.flatMap((s) => s.lines.map((l) => [l.productId, l.quantity]))).toEqual(
      expect.arrayContaining([
        [a.id, 2],
        [b.id, 1],
      ]),
    );
    const deadline = Date.parse(order.paymentDeadline) - Date.parse(order.createdAt);
    expect(deadline).toBeGreaterThan(19 * 60_000);
    expect(deadline).toBeLessThanOrEqual(20 * 60_000 + 1_000);
    expect(await stockOf(database.db, a.id)).toBe(3);
    expect(await stockOf(database.db, b.id)).toBe(4);
    const row = await orderRow(database.db, order.id);
    expect(await slotBooked(database.db, row.slotId!)).toBeGreaterThanOrEqual(1);

    // Until paid, the basket keeps its lines.
    const again = await expectedLinesOf(database.db, shopper.userId);
    expect(again.expectedLines).toHaveLength(2);
  });

  it("returns the same order for a retried placement, however many arrive at once", async () => {
    const { database } = await getTestContext();
    const p = await scratchProduct(database.db, { stock: 10 });
    const shopper = await shopperWithBasket(database.db, [{ productId: p.id, quantity: 2 }]);
    const body = await placeBody(shopper);
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(shopper, body)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as Order).id)));
    expect(ids.size).toBe(1);
    expect(await stockOf(database.db, p.id)).toBe(8);
  });

  it("makes one order of one basket placed from four tabs at once, each with its own checkout key", async () => {
    const { database } = await getTestContext();
    const p = await scratchProduct(database.db, { stock: 10 });
    const shopper = await shopperWithBasket(database.db, [{ productId: p.id, quantity: 2 }]);
    const bodies = await Promise.all(Array.from({ length: 4 }, () => placeBody(shopper)));
    const answers = await Promise.all(bodies.map((body) => place(shopper, body)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as Order).id)));
    expect(ids.size).toBe(1);
    expect(await stockOf(database.db, p.id)).toBe(8);
  });

  it("holds an account to MAX_UNPAID_ORDERS orders awaiting payment, with a message that leads to them", async () => {
    const { database } = await getTestContext();
    const p = await scratchProduct(database.db, { stock: 20 });
    const shopper = await shopperWithBasket(database.db, [{ productId: p.id, quantity: 1 }]);
    const placed: Order[] = [];
    for (let i = 0; i < 3; i++) {
      placed.push(await readJson<Order>(await place(shopper, await placeBody(shopper)), 201));
      // The shopper changes the basket (a new version) and checks out again.
      await bumpBasketVersion(database.db, shopper.userId);
    }
    const refused = await place(shopper, await placeBody(shopper));
    const body = await readJson<{ code: string; message: string }>(refused, 409);
    expect(body).toEqual(
      expect.objectContaining({
        code: "too_many_unpaid_orders",
        message:
          "Одновременно можно держать не больше 3 неоплаченных заказов. Оплатите их или дождитесь отмены в разделе «Мои заказы» и оформите новый",
      }),
    );
    expect(await stockOf(database.db, p.id)).toBe(17);
    // One of them runs out of time: a new one can be placed.
    await passDeadline(database.db, placed[0]!.id);
    await expireDueOrders(createServices(database.db).orders);
    await readJson<Order>(await place(shopper, await placeBody(shopper)), 201);
  });

  it("numbers orders so that two numbers say nothing of how many orders lie between them", async () => {
    const { database } = await getTestContext();
    const placed: { id: bigint; number: bigint }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const product = await scratchProduct(database.db, { stock: 1 });
      const shopper = await shopperWithBasket(database.db, [{ productId: product.id, quantity: 1 }]);
      const res = await place(shopper, await placeBody(shopper));
      const order = await readJson<Order>(res, 201);
      expect(order.number).toMatch(/^\d{4}-\d{4}$/);
      placed.push({ id: BigInt(order.id), number: BigInt(order.number.replace("-", "")) });
    }
    // Any map number = a·id + b (mod 10⁸), the old numbering among them, makes the steps between numbers
    // proportional to the steps between ids: (n₂−n₁)(i₃−i₂) ≡ (n₃−n₂)(i₂−i₁) for every three orders.
    const mod = (x: bigint) => ((x % 100_000_000n) + 100_000_000n) % 100_000_000n;
    const proportional = placed.slice(2).map((c, k) => {
      const [a, b] = [placed[k]!, placed[k + 1]!];
      return mod((b.number - a.number) * (c.id - b.id)) === mod((c.number - b.number) * (b.id - a.id));
    });
    expect(proportional).toContain(false);
    expect(new Set(placed.map((p) => p.number)).size).toBe(placed.length);
  });

  it("gives 50 shoppers racing for the last unit exactly one order, and stock never below zero", async () => {
    const { database } = await getTestContext();
    const last = await scratchProduct(database.db, { stock: 1 });
    const shoppers = await Promise.all(
      Array.from({ length: 50 }, () => shopperWithBasket(database.db, [{ productId: last.id, quantity: 1 }])),
    );
    const bodies = await Promise.all(shoppers.map((s) => placeBody(s)));
    const answers = await Promise.all(shoppers.map((s, i) => place(s, bodies[i])));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const refused = (await answers.find((r) => r.status === 409)!.json()) as {
      code: string;
      lines: { productId: number; code: string; message: string }[];
    };
    expect(refused.code).toBe("order_lines_changed");
    expect(refused.lines).toEqual([
      { productId: last.id, code: "out_of_stock", message: "Товар закончился", available: 0 },
    ]);
    expect(await stockOf(database.db, last.id)).toBe(0);
  });

  it("refuses a basket that changed since it was shown, and prices that changed, line by line", async () => {
    const { database } = await getTestContext();
    const p = await scratchProduct(database.db, { stock: 3, price: 100_000 });
    const q = await scratchProduct(database.db, { stock: 3, price: 50_000 });
    const shopper = await shopperWithBasket(database.db, [
      { productId: p.id, quantity: 1 },
      { productId: q.id, quantity: 3 },
    ]);
    const body = await placeBody(shopper);

    const stale = await place(shopper, { ...body, basketVersion: body.basketVersion + 1 });
    expect((await readJson<{ code: string }>(stale, 409)).code).toBe("basket_changed");

    // The catalogue moves after the delivery step showed the basket.
    await changeProduct(database.db, p.id, { price: 120_000 });
    await changeProduct(database.db, q.id, { stock: 2 });
    const changed = await readJson<{ code: string; lines: { message: string }[] }>(
      await place(shopper, body),
      409,
    );
    expect(changed.code).toBe("order_lines_changed");
    // Prices are printed with no-break spaces, as everywhere in the shop.
    const lines = changed.lines.map((l) => ({ ...l, message: l.message.replace(/\s/g, " ") }));
    expect(lines).toEqual(
      expect.arrayContaining([
        {
          productId: p.id,
          code: "price_changed",
          message: "Цена выросла: 1 200 ₽ вместо 1 000 ₽",
          price: 120_000,
        },
        { productId: q.id, code: "not_enough_stock", message: "Осталось только 2 шт.", available: 2 },
      ]),
    );
    // Nothing was taken.
    expect(await stockOf(database.db, q.id)).toBe(2);
  });

  it("refuses a courier address outside the city's delivery zone", async () => {
    const { database } = await getTestContext();
    const p = await scratchProduct(database.db, { stock: 3 });
    const shopper = await shopperWithBasket(database.db, [{ productId: p.id, quantity: 1 }]);
    // Saint Petersburg's centre, saved as a Moscow address.
    await moveAddress(database.db, shopper.courierAddressId, { latitude: 59.9386, longitude: 30.3141 });
    const res = await readJson<{ code: string; message: string }>(
      await place(shopper, await placeBody(shopper)),
      400,
    );
    expect(res).toMatchObject({ code: "address_out_of_range", message: addressProblemMessages.outOfRange });
    expect(await stockOf(database.db, p.id)).toBe(3);
  });

  it("takes only the shopper's own address of that type and recipient, and the profile when none is chosen", async () => {
    const { database } = await getTestContext();
    const p = await scratchProduct(database.db, { stock: 3 });
    const shopper = await shopperWithBasket(database.db, [{ productId: p.id, quantity: 1 }]);
    const stranger = await shopperWithBasket(database.db, [{ productId: p.id, quantity: 1 }]);
    const recipient = async (cookie: string, surname: string) =>
      readJson<{ id: number }>(
        await callApi("/api/v1/user/recipients", {
          method: "POST",
          cookie,
          body: { fullName: `${surname} Анна`, phone: "+79161234567" },
        }),
        201,
      );
    const theirs = await recipient(stranger.cookie, "Чужая");
    const mine = await recipient(shopper.cookie, "Своя");
    const refused = async (extra: Record<string, unknown>, status: number) =>
      (await readJson<{ code: string }>(await place(shopper, await placeBody(shopper, extra)), status)).code;

    expect(await refused({ addressId: stranger.courierAddressId }, 404)).toBe("address_not_found");
    // A pickup point's address is not a courier address, however much it is the shopper's.
    expect(await refused({ addressId: shopper.pickupAddressId }, 404)).toBe("address_not_found");
    expect(await refused({ recipientId: theirs.id }, 404)).toBe("recipient_not_found");
    expect(await stockOf(database.db, p.id)).toBe(3);

    const order = await readJson<Order>(
      await place(shopper, await placeBody(shopper, { recipientId: mine.id })),
      201,
    );
    expect(order.recipient).toMatchObject({ surname: "Своя", name: "Анна" });
  });

  it("needs a window for the courier and refuses a full one", async () => {
    const { database } = await getTestContext();
    const p = await scratchProduct(database.db, { stock: 3 });
    const shopper = await shopperWithBasket(database.db, [{ productId: p.id, quantity: 1 }]);
    const body = await placeBody(shopper);
    const noSlot = await readJson<{ code: string }>(await place(shopper, { ...body, slot: undefined }), 400);
    expect(noSlot.code).toBe("slot_required");

    const slot = aSlot(5);
    await fullSlot(database.db, { cityId: shopper.cityId, date: slot.date, startsHour: 18, endsHour: 21 });
    const full = await place(shopper, { ...body, slot: { date: slot.date, startsHour: 18 } });
    expect((await readJson<{ code: string }>(full, 409)).code).toBe("slot_full");
    expect(await stockOf(database.db, p.id)).toBe(3);
  });

  it("shows an order to its owner only", async () => {
    const { database } = await getTestContext();
    const p = await scratchProduct(database.db, { stock: 3 });
    const owner = await shopperWithBasket(database.db, [{ productId: p.id, quantity: 1 }]);
    const stranger = await shopperWithBasket(database.db, []);
    const order = await readJson<Order>(await place(owner, await placeBody(owner)), 201);

    expect((await callApi(`/api/v1/orders/${order.id}`, { cookie: owner.cookie })).status).toBe(200);
    for (const path of [`/api/v1/orders/${order.id}`, `/api/v1/orders/${order.id}/bonus`]) {
      const res = await callApi(path, { cookie: stranger.cookie });
      expect((await readJson<{ code: string }>(res, 404)).code).toBe("order_not_found");
    }
    const pay = await callApi(`/api/v1/orders/${order.id}/payments`, {
      method: "POST",
      cookie: stranger.cookie,
      body: { method: "card", bonusPoints: 0 },
    });
    expect(pay.status).toBe(404);
    const list = await readJson<{ items: { id: number }[] }>(
      await callApi("/api/v1/orders?tab=active", { cookie: stranger.cookie }),
    );
    expect(list.items.map((o) => o.id)).not.toContain(order.id);
    const mine = await readJson<{ items: { id: number; itemsCount: number }[] }>(
      await callApi("/api/v1/orders?tab=active", { cookie: owner.cookie }),
    );
    expect(mine.items.find((o) => o.id === order.id)?.itemsCount).toBe(1);
    expect((await callApi("/api/v1/orders", {})).status).toBe(401);
  });
});

describe("points", () => {
  it("spends between the minimum and the share of the goods, and pays a pickup order fully with points", async () => {
    const { database } = await getTestContext();
    const p = await scratchProduct(database.db, { stock: 3, price: 150_000, cashbackPercent: 10 });
    const shopper = await shopperWithBasket(database.db, [{ productId: p.id, quantity: 1 }], {
      points: 5_000,
    });
    const body = await placeBody(shopper, {
      deliveryType: "pickup",
      addressId: shopper.pickupAddressId,
      slot: undefined,
    });
    const tooMany = await readJson<{ code: string; message: string }>(
      await place(shopper, { ...body, bonusPoints: 1_501 }),
      400,
    );
    expect(tooMany.message).toBe("Можно списать не больше 1\u00a0500 баллов");
    const tooFew = await readJson<{ message: string }>(
      await place(shopper, { ...body, bonusPoints: 50 }),
      400,
    );
    expect(tooFew.message).toBe("Списать можно от 100 баллов");

    const order = await readJson<Order>(await place(shopper, { ...body, bonusPoints: 500 }), 201);
    expect(order.bonusSpent).toBe(500);
    expect(order.deliveryTotal).toBe(0);
    expect(order.toPay).toBe(150_000 - 500 * 100);
    const options = await readJson<{ balance: number; min: number; max: number; applied: number }>(
      await callApi(`/api/v1/orders/${order.id}/bonus`, { cookie: shopper.cookie }),
    );
    expect(options).toEqual({ balance: 4_500, min: 100, max: 1_500, applied: 500 });

    // Points cover the whole order: no card, paid at once, cashback pending, the line leaves the basket.
    const paid = await readJson<{ kind: string }>(
      await callApi(`/api/v1/orders/${order.id}/payments`, {
        method: "POST",
        cookie: shopper.cookie,
        body: { method: "card", bonusPoints: 1_500 },
      }),
    );
    expect(paid).toEqual({ kind: "paid", orderId: order.id });
    const after = await readJson<Order>(
      await callApi(`/api/v1/orders/${order.id}`, { cookie: shopper.cookie }),
    );
    expect(after.status).toBe("paid");
    expect(after.toPay).toBe(0);
    expect(after.bonusSpent).toBe(1_500);
    const balance = await readJson<{ balance: number; pending: number }>(
      await callApi("/api/v1/user/bonus", { cookie: shopper.cookie }),
    );
    expect(balance).toEqual({ balance: 3_500, pending: 150 });
    expect((await expectedLinesOf(database.db, shopper.userId)).expectedLines).toEqual([]);
    expect(await createBonusRepository(database.db).ledgerSums(shopper.userId)).toEqual(balance);

    const again = await callApi(`/api/v1/orders/${order.id}/payments`, {
      method: "POST",
      cookie: shopper.cookie,
      body: { method: "card", bonusPoints: 1_500 },
    });
    expect((await readJson<{ code: string }>(again, 409)).code).toBe("order_not_payable");
  });
});

describe("an unpaid order past its deadline", () => {
  it("is cancelled once, returning stock, window and points once, however many runs race", async () => {
    const { database } = await getTestContext();
    const p = await scratchProduct(database.db, { stock: 4, price: 200_000 });
    const shopper = await shopperWithBasket(database.db, [{ productId: p.id, quantity: 3 }], {
      points: 1_000,
    });
    const order = await readJson<Order>(
      await place(shopper, await placeBody(shopper, { bonusPoints: 400 })),
      201,
    );
    const row = await orderRow(database.db, order.id);
    const bookedBefore = await slotBooked(database.db, row.slotId!);
    expect(await stockOf(database.db, p.id)).toBe(1);
    const bonus = createBonusRepository(database.db);
    expect((await bonus.balance(shopper.userId)).balance).toBe(600);

    // Not yet due: nothing happens.
    const services = createServices(database.db);
    expect(await services.orders.expire(order.id)).toBe(false);

    await passDeadline(database.db, order.id);
    // Two job runs (as on two instances) and direct calls, all at once.
    const other = createServices(database.db);
    const results = await Promise.all([
      expireDueOrders(services.orders),
      expireDueOrders(other.orders),
      ...Array.from({ length: 8 }, (_, i) => (i % 2 ? services : other).orders.expire(order.id)),
    ]);
    const direct = results.slice(2).filter((r) => r === true).length;
    const byJobs = (results[0] as number) + (results[1] as number);
    expect(direct + byJobs).toBe(1);

    const after = await readJson<Order>(
      await callApi(`/api/v1/orders/${order.id}`, { cookie: shopper.cookie }),
    );
    expect(after.status).toBe("cancelled");
    expect(await stockOf(database.db, p.id)).toBe(4);
    expect(await slotBooked(database.db, row.slotId!)).toBe(bookedBefore - 1);
    expect(await bonus.balance(shopper.userId)).toEqual({ balance: 1_000, pending: 0 });
    expect(await bonus.ledgerSums(shopper.userId)).toEqual({ balance: 1_000, pending: 0 });

    // A later run finds nothing more to return.
    expect(await expireDueOrders(services.orders)).toBe(0);
    expect(await stockOf(database.db, p.id)).toBe(4);
    const pay = await callApi(`/api/v1/orders/${order.id}/payments`, {
      method: "POST",
      cookie: shopper.cookie,
      body: { method: "card", bonusPoints: 0 },
    });
    expect((await readJson<{ code: string; message: string }>(pay, 409)).message).toBe(
      "Заказ отменён: время на оплату вышло",
    );
  });
});
