import { afterAll, describe, expect, it } from "vitest";
import { addDays, localDateTime } from "#contract/delivery-dates.ts";
import type { Order } from "#contract/orders.ts";
import type { AcquirerOptions } from "#server/composition/acquirer.ts";
import { createBonusRepository } from "#server/domain/bonus/repository.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { standInReceipts } from "#tests/fixtures/acquirer-stand-in.ts";
import { pointsOf, refundsOf, setShipment } from "#tests/fixtures/cancellation-data.ts";
import {
  checkoutKey,
  expectedLinesOf,
  ledgerRowsOf,
  orderRow,
  paymentProblemsOf,
  paymentsOf,
  removeOrderData,
  scratchProduct,
  shopperWithBasket,
  slotBooked,
  stockOf,
} from "#tests/fixtures/order-data.ts";
import {
  orderOf,
  type PaymentApp,
  paidTwoParcels,
  paymentApp,
  placedOrder,
} from "#tests/fixtures/payment-app.ts";
import { auditRowsOf } from "#tests/fixtures/staff-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

// Calling parcels off (issue 20, points 2 and 3; ADR 054): the shopper or an operator cancels an order or
// one shipment, a parcel not collected goes back; stock, points, cashback, the courier window and the
// money each come back exactly once.

afterAll(async () => {
  const { database } = await getTestContext();
  await removeOrderData(database.db);
});

const cancel = (env: PaymentApp, cookie: string, orderId: number, body: object) =>
  env.call(`/api/v1/orders/${orderId}/cancel`, { method: "POST", cookie, body });

describe("a shopper cancels one parcel, then the rest", () => {
  it("gives back the parcel's stock, points share, cashback and money once, with a partial Cancel and its receipt", async () => {
    const env = await paymentApp();
    const { shopper, order, products, small } = await paidTwoParcels(env);
    const db = env.database.db;
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 800, pending: 160 });
    expect(small.cancellable).toBe(true);

    // The small parcel: 1,000 ₽ of goods bore 50 of the 200 points, so 950 ₽ go back to the card.
    const res = await cancel(env, shopper.cookie, order.id, { reason: "changed_mind", shipmentId: small.id });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await res.json()) as Order;
    expect(after.status).toBe("paid");
    expect(after.shipments.find((s) => s.id === small.id)).toMatchObject({
      status: "cancelled",
      cancellable: false,
      cancelReason: "Передумал покупать",
    });
    expect(after.refunds).toEqual([
      expect.objectContaining({ amount: 95_000, points: 50, status: "pending", shipmentIds: [small.id] }),
    ]);
    expect(await stockOf(db, products[1]!.id)).toBe(5);
    expect(await stockOf(db, products[0]!.id)).toBe(4);
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 850, pending: 120 });

    await env.runRefunds(order.id);
    // A second run, and the acquirer's notification of the refund, change nothing.
    await env.runRefunds(order.id);
    await env.deliverNotifications();
    const [payment] = await paymentsOf(db, order.id);
    expect(payment).toMatchObject({ status: "partially_refunded", refundedAmount: 95_000 });
    expect(await paymentProblemsOf(db, payment!.id)).toEqual([]);
    const receipts = await standInReceipts(db, payment!.externalId!);
    expect(receipts.refunds).toHaveLength(1);
    const items = (receipts.refunds[0] as { Items: { Amount: number; Name: string }[] }).Items;
    expect(items.reduce((sum, i) => sum + i.Amount, 0)).toBe(95_000);
    expect(items.every((i) => !i.Name.includes("3000"))).toBe(true);
    const paid = await orderOf(env, shopper.cookie, order.id);
    expect(paid.refunds[0]).toMatchObject({ status: "done", statusText: "Деньги возвращены" });
    expect(paid.refundedTotal).toBe(95_000);

    // The rest: the order is cancelled, and everything the card paid is back.
    const rest = await cancel(env, shopper.cookie, order.id, { reason: "found_cheaper" });
    expect(((await rest.json()) as Order).status).toBe("cancelled");
    await env.runRefunds(order.id);
    await env.deliverNotifications();
    const [done] = await paymentsOf(db, order.id);
    expect(done).toMatchObject({ status: "refunded", refundedAmount: done!.amount });
    expect((await orderRow(db, order.id))!.refundedTotal).toBe(done!.amount);
    expect(await stockOf(db, products[0]!.id)).toBe(5);
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 1_000, pending: 0 });
    expect(await createBonusRepository(db).ledgerSums(shopper.userId)).toEqual({
      balance: 1_000,
      pending: 0,
    });
    const timeline = (await orderOf(env, shopper.cookie, order.id)).timeline.map((e) => e.status);
    expect(timeline.filter((s) => s === "cancelled")).toHaveLength(3);
    expect(timeline.at(-1)).toBe("cancelled");
  });

  it("is refused once a parcel is on its way, for another's order and for a reason outside the dictionary", async () => {
    const env = await paymentApp();
    const { shopper, order, big } = await paidTwoParcels(env);
    const db = env.database.db;
    await setShipment(db, big.id, "in_delivery");
    const late = await cancel(env, shopper.cookie, order.id, { reason: "changed_mind", shipmentId: big.id });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: "cancel_not_allowed" });
    const whole = await cancel(env, shopper.cookie, order.id, { reason: "changed_mind" });
    expect(whole.status).toBe(409);
    expect((await orderOf(env, shopper.cookie, order.id)).cancellable).toBe(false);

    const stranger = await createSession(db);
    const theirs = await cancel(env, stranger.cookie, order.id, { reason: "changed_mind" });
    expect(theirs.status).toBe(404);
    const odd = await cancel(env, shopper.cookie, order.id, { reason: "because" });
    expect(odd.status).toBe(400);
    expect(JSON.stringify(await odd.json())).toContain("Выберите причину отмены");
    expect(await refundsOf(db, order.id)).toEqual([]);
  });

  it("cancels an unpaid order whole, returning stock and points without any refund; a parcel alone is refused", async () => {
    const env = await paymentApp();
    const { shopper, order, product } = await placedOrder(env, { points: 500, bonusPoints: 100 });
    const db = env.database.db;
    const one = await cancel(env, shopper.cookie, order.id, {
      reason: "changed_mind",
      shipmentId: order.shipments[0]!.id,
    });
    expect(one.status).toBe(409);
    const res = await cancel(env, shopper.cookie, order.id, { reason: "wrong_details" });
    expect(((await res.json()) as Order).status).toBe("cancelled");
    expect(await stockOf(db, product.id)).toBe(5);
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 500, pending: 0 });
    expect(await refundsOf(db, order.id)).toEqual([]);
    // Again: answered as it is.
    const again = await cancel(env, shopper.cookie, order.id, { reason: "wrong_details" });
    expect(again.status).toBe(200);
    expect((await ledgerRowsOf(db, order.id)).filter((r) => r.kind === "spend_return")).toHaveLength(1);
  });

  it("a courier order paid with points: its window is released once, its points come back, no card refund", async () => {
    const env = await paymentApp();
    const db = env.database.db;
    const product = await scratchProduct(db, { stock: 2, price: 150_000 });
    const shopper = await shopperWithBasket(db, [{ productId: product.id, quantity: 1 }], { points: 5_000 });
    const placed = await env.call("/api/v1/orders", {
      method: "POST",
      cookie: shopper.cookie,
      body: {
        checkoutKey: checkoutKey(),
        ...(await expectedLinesOf(db, shopper.userId)),
        deliveryType: "courier",
        addressId: shopper.courierAddressId,
        slot: { date: addDays(localDateTime(new Date(), "Europe/Moscow").date, 6), startsHour: 12 },
      },
    });
    const order = (await placed.json()) as Order;
    expect(placed.status, JSON.stringify(order)).toBe(201);
    const pay = await env.call(`/api/v1/orders/${order.id}/payments`, {
      method: "POST",
      cookie: shopper.cookie,
      body: { method: "card", bonusPoints: order.goodsTotal / 100 },
    });
    expect(await pay.json()).toMatchObject({ kind: "paid" });
    const slotId = (await orderRow(db, order.id))!.slotId!;
    const booked = await slotBooked(db, slotId);
    const answers = await Promise.all(
      [1, 2, 3].map(() => cancel(env, shopper.cookie, order.id, { reason: "delivery_too_long" })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await slotBooked(db, slotId)).toBe(booked - 1);
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 5_000, pending: 0 });
    expect(await refundsOf(db, order.id)).toEqual([
      expect.objectContaining({ amount: 0, points: 1_500, status: "done", paymentId: null }),
    ]);
    expect(await stockOf(db, product.id)).toBe(2);
  });

  it("50 shoppers cancelling orders of one product at once, each twice: stock and points back exactly once each", async () => {
    const env = await paymentApp();
    const db = env.database.db;
    const product = await scratchProduct(db, { stock: 50, price: 100_000 });
    const shoppers = [];
    for (let i = 0; i < 50; i += 1) {
      const shopper = await shopperWithBasket(db, [{ productId: product.id, quantity: 1 }], {
        points: 2_000,
      });
      const placed = await env.call("/api/v1/orders", {
        method: "POST",
        cookie: shopper.cookie,
        body: {
          checkoutKey: checkoutKey(),
          ...(await expectedLinesOf(db, shopper.userId)),
          deliveryType: "pickup",
          addressId: shopper.pickupAddressId,
        },
      });
      const order = (await placed.json()) as Order;
      const pay = await env.call(`/api/v1/orders/${order.id}/payments`, {
        method: "POST",
        cookie: shopper.cookie,
        body: { method: "card", bonusPoints: 1_000 },
      });
      expect(await pay.json()).toMatchObject({ kind: "paid" });
      shoppers.push({ shopper, order });
    }
    expect(await stockOf(db, product.id)).toBe(0);
    const calls = shoppers.flatMap(({ shopper, order }) =>
      [1, 2].map(() => () => cancel(env, shopper.cookie, order.id, { reason: "changed_mind" })),
    );
    const answers = await Promise.all(calls.map((call) => call()));
    // On a starved machine a cancel may wait on the product's stock row past the statement timeout: its
    // 503 changed nothing (the transaction rolled back), and the shopper's retry is what a client does.
    const busy = answers.flatMap((a, i) => (a.status === 200 ? [] : [i]));
    for (const i of busy) expect(answers[i]!.status, await answers[i]!.text()).toBe(503);
    for (const i of busy) expect((await calls[i]!()).status).toBe(200);
    expect(await stockOf(db, product.id)).toBe(50);
    for (const { shopper, order } of shoppers) {
      expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 2_000, pending: 0 });
      expect(await refundsOf(db, order.id)).toEqual([expect.objectContaining({ amount: 0, points: 1_000 })]);
    }
  });

  it("ten cancels of the same parcel at once give back one parcel's worth", async () => {
    const env = await paymentApp();
    const { shopper, order, small, products } = await paidTwoParcels(env);
    const db = env.database.db;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        cancel(env, shopper.cookie, order.id, { reason: "changed_mind", shipmentId: small.id }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await refundsOf(db, order.id)).toHaveLength(1);
    expect(await stockOf(db, products[1]!.id)).toBe(5);
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 850, pending: 120 });
  });
});

describe("the money of a cancelled parcel reaches the card exactly once (the refund-order job)", () => {
  it("an answer lost after the acquirer refunded: the retry's ExternalRequestId refunds nothing more", async () => {
    const calls = { cancel: 0 };
    const intercept: AcquirerOptions["intercept"] = async (request, next) => {
      if (!request.url.endsWith("/v2/Cancel")) return next(request);
      calls.cancel += 1;
      const answer = await next(request);
      // The first answer is lost on the way back.
      return calls.cancel === 1 ? new Response("Bad Gateway", { status: 502 }) : answer;
    };
    const env = await paymentApp({ intercept });
    const { shopper, order, small } = await paidTwoParcels(env);
    await cancel(env, shopper.cookie, order.id, { reason: "changed_mind", shipmentId: small.id });
    await env.runRefunds(order.id);
    expect(calls.cancel).toBe(2);
    const [payment] = await paymentsOf(env.database.db, order.id);
    expect(payment).toMatchObject({ status: "partially_refunded", refundedAmount: 95_000 });
    expect((await standInReceipts(env.database.db, payment!.externalId!)).refunds).toHaveLength(1);
  });

  it("an acquirer that never answers: the refund fails after the last try and waits for an operator", async () => {
    const env = await paymentApp({
      intercept: async (request, next) =>
        request.url.endsWith("/v2/Cancel") ? new Response("Unavailable", { status: 503 }) : next(request),
    });
    const { shopper, order, small } = await paidTwoParcels(env);
    await cancel(env, shopper.cookie, order.id, { reason: "changed_mind", shipmentId: small.id });
    await env.runRefunds(order.id);
    const [refund] = await refundsOf(env.database.db, order.id);
    expect(refund).toMatchObject({ status: "failed" });
    const [payment] = await paymentsOf(env.database.db, order.id);
    expect(payment).toMatchObject({ status: "confirmed", refundedAmount: 0 });
    expect(await paymentProblemsOf(env.database.db, payment!.id)).toEqual([
      expect.objectContaining({ kind: "refund_failed" }),
    ]);
    expect((await orderOf(env, shopper.cookie, order.id)).refunds[0]!.statusText).toBe(
      "Возврат задерживается",
    );
  });
});

describe("an operator cancels", () => {
  const operator = async (env: PaymentApp) =>
    createSession(env.database.db, { user: { roles: ["shopper", "operator"] } });

  it("a parcel already in delivery, audited with the refund; a delivered one is refused", async () => {
    const env = await paymentApp();
    const { order, big, small } = await paidTwoParcels(env);
    const db = env.database.db;
    const staff = await operator(env);
    await setShipment(db, big.id, "in_delivery");
    await setShipment(db, small.id, "delivered");
    const refused = await env.call(`/api/v1/admin/orders/${order.id}/cancel`, {
      method: "POST",
      cookie: staff.cookie,
      body: { reason: "damaged", shipmentId: small.id },
    });
    expect(refused.status).toBe(409);
    const res = await env.call(`/api/v1/admin/orders/${order.id}/cancel`, {
      method: "POST",
      cookie: staff.cookie,
      body: { reason: "damaged", shipmentId: big.id },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const card = (await res.json()) as { order: Order };
    expect(card.order.status).toBe("delivered");
    expect(card.order.refunds).toEqual([expect.objectContaining({ amount: 285_000, points: 150 })]);
    const [audit] = await auditRowsOf(db, `order:${order.id}`);
    expect(audit).toMatchObject({
      action: "order.cancel",
      actorUserId: staff.userId,
      details: expect.objectContaining({ shipmentIds: [big.id], reason: "damaged" }),
    });
    const shopperReason = await env.call(`/api/v1/admin/orders/${order.id}/cancel`, {
      method: "POST",
      cookie: staff.cookie,
      body: { reason: "changed_mind" },
    });
    expect(shopperReason.status).toBe(400);
  });
});

describe("a parcel not collected from its point (the return-not-collected job)", () => {
  it("goes back after its storage deadline: stock, points, money; once however often the job runs", async () => {
    const env = await paymentApp();
    const { shopper, order, big, small, products } = await paidTwoParcels(env);
    const db = env.database.db;
    await setShipment(db, big.id, "ready_for_pickup", "2020-01-01");
    await setShipment(db, small.id, "ready_for_pickup", "2999-01-01");
    const moved = await Promise.all([
      env.services.orders.returnNotCollected(),
      env.services.orders.returnNotCollected(),
    ]);
    expect(moved.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await env.services.orders.returnNotCollected()).toBe(0);
    await env.runRefunds(order.id);
    const after = await orderOf(env, shopper.cookie, order.id);
    expect(after.shipments.find((s) => s.id === big.id)).toMatchObject({
      status: "not_collected",
      cancelReason: "Срок хранения в пункте выдачи истёк",
    });
    expect(after.status).toBe("ready_for_pickup");
    expect(after.refunds).toEqual([
      expect.objectContaining({ amount: 285_000, points: 150, status: "done" }),
    ]);
    expect(await stockOf(db, products[0]!.id)).toBe(5);
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 950, pending: 40 });
  });
});
