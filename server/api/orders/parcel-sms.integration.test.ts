import { afterAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "#contract/order-states.ts";
import { cashbackAvailableAt } from "#contract/return-window.ts";
import { orderSmsJobs } from "#server/domain/order-sms/sms.ts";
import { smsDate } from "#server/domain/order-sms/texts.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { setShipment } from "#tests/fixtures/cancellation-data.ts";
import { orderRow, removeOrderData } from "#tests/fixtures/order-data.ts";
import { deliveredAtOf, notificationsOf, textsTo } from "#tests/fixtures/order-sms-data.ts";
import { orderOf, type PaymentApp, paidTwoParcels, paymentApp } from "#tests/fixtures/payment-app.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

// SMS about an order of two parcels (issue 20, point 7; ADR 055): each parcel's moves, a cancellation (the
// cancel paths of ADR 054), and the cashback of an order that ends delivered because its last parcel was
// not collected (point 6).

afterAll(async () => {
  const { database } = await getTestContext();
  await removeOrderData(database.db);
});

const NBSP = "\u00a0";

/** Runs the due `order-sms` jobs until none is due; then each of the order's messages again, which sends nothing. */
async function sendQueuedSms(env: PaymentApp, orderId: number): Promise<void> {
  const runner = createJobRunner({
    db: env.database.db,
    logger: createLogger("silent"),
    handlers: orderSmsJobs(env.services),
  });
  // Until none of the order's messages waits (a job enqueued a moment ago may not be due at the first poll).
  // By the clock, not a count of rounds: the worker's database is shared by the files before this one,
  // whose order-sms jobs nobody ran, and each poll claims a few of them in turn ahead of this order's.
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    await runner.poll();
    await runner.idle();
    const waiting = (await notificationsOf(env.database.db, orderId)).filter((n) => n.status === "pending");
    if (waiting.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  for (const n of await notificationsOf(env.database.db, orderId)) {
    expect(await env.services.orderSms.send(n.id)).toBe("taken");
  }
}

const cancel = (env: PaymentApp, cookie: string, orderId: number, body: object) =>
  env.call(`/api/v1/orders/${orderId}/cancel`, { method: "POST", cookie, body });

describe("SMS about an order of two parcels", () => {
  it("says «Часть заказа» until the last parcel completes the order; each parcel's own code at the point", async () => {
    const env = await paymentApp();
    const { shopper, order, big, small } = await paidTwoParcels(env);
    const staff = await createSession(env.database.db, { user: { roles: ["shopper", "operator"] } });
    const move = async (shipmentId: number, to: OrderStatus) => {
      await env.services.orders.moveShipment(
        { userId: staff.userId, address: null },
        order.id,
        shipmentId,
        to,
      );
      await sendQueuedSms(env, order.id);
    };
    await sendQueuedSms(env, order.id);
    for (const parcel of [big, small]) await move(parcel.id, "assembling");
    for (const parcel of [big, small]) await move(parcel.id, "in_delivery");
    for (const parcel of [big, small]) await move(parcel.id, "ready_for_pickup");
    const waiting = await orderOf(env, shopper.cookie, order.id);
    const atThePoint = [big, small].map((parcel) => {
      const s = waiting.shipments.find((w) => w.id === parcel.id)!;
      expect(s.pickupCode).toMatch(/^\d{6}$/);
      return (
        `Часть заказа ${order.number} ждёт вас: ${order.delivery.pointName}, ${order.delivery.address}. ` +
        `Код получения ${s.pickupCode}, заберите до ${smsDate(s.storageUntil!)}. Витрина`
      );
    });
    for (const parcel of [big, small]) await move(parcel.id, "delivered");
    const texts = (await textsTo(env.database.db, order.recipient.phone)).map((t) =>
      t.replace(/ Ожидайте \d\d\.\d\d\./, ""),
    );
    expect(texts).toEqual([
      `Заказ ${order.number} оплачен. Сообщим, когда передадим в доставку. Витрина`,
      `Часть заказа ${order.number} передана в доставку. Витрина`,
      `Заказ ${order.number} передан в доставку. Витрина`,
      ...atThePoint,
      `Часть заказа ${order.number} получена. Спасибо за покупку! Витрина`,
      `Заказ ${order.number} получен. Спасибо за покупку! Витрина`,
    ]);
  });
});

describe("SMS about a cancellation", () => {
  it("texts each cancelled part once, with the money to the card and the points back", async () => {
    const env = await paymentApp();
    const { shopper, order, small } = await paidTwoParcels(env);
    const db = env.database.db;
    const phone = order.recipient.phone;
    await sendQueuedSms(env, order.id);

    // The small parcel, asked twice (a double click): one cancellation, one message.
    for (let i = 0; i < 2; i += 1) {
      const res = await cancel(env, shopper.cookie, order.id, {
        reason: "changed_mind",
        shipmentId: small.id,
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    await sendQueuedSms(env, order.id);
    // The rest: now the whole order is cancelled.
    expect((await cancel(env, shopper.cookie, order.id, { reason: "found_cheaper" })).status).toBe(200);
    await sendQueuedSms(env, order.id);
    await sendQueuedSms(env, order.id);

    expect(await textsTo(db, phone)).toEqual([
      `Заказ ${order.number} оплачен. Сообщим, когда передадим в доставку. Витрина`,
      `Часть заказа ${order.number} отменена. 950${NBSP}₽ вернутся на карту в течение 10 дней, ` +
        `50 баллов уже на счёте. Витрина`,
      `Заказ ${order.number} отменён. 2${NBSP}850${NBSP}₽ вернутся на карту в течение 10 дней, ` +
        `150 баллов уже на счёте. Витрина`,
    ]);
    expect((await notificationsOf(db, order.id)).map((n) => [n.key, n.status])).toEqual([
      [`order:${order.id}:paid`, "sent"],
      [`shipment:${small.id}:cancelled`, "sent"],
      [`order:${order.id}:cancelled`, "sent"],
    ]);
  });

  it("an operator's cancellation of a parcel in delivery texts the shopper too", async () => {
    const env = await paymentApp();
    const { order, big } = await paidTwoParcels(env);
    const staff = await createSession(env.database.db, { user: { roles: ["shopper", "operator"] } });
    for (const to of ["assembling", "in_delivery"] as const) {
      await env.services.orders.moveShipment({ userId: staff.userId, address: null }, order.id, big.id, to);
    }
    await env.services.orders.cancel({ kind: "staff", userId: staff.userId, address: null }, order.id, {
      reason: "out_of_stock",
      shipmentId: big.id,
    });
    await sendQueuedSms(env, order.id);
    // Queued together, sent by parallel jobs: in any order.
    const texts = await textsTo(env.database.db, order.recipient.phone);
    expect(texts).toHaveLength(3);
    expect(texts).toEqual(
      expect.arrayContaining([
        `Заказ ${order.number} оплачен. Сообщим, когда передадим в доставку. Витрина`,
        expect.stringMatching(
          new RegExp(
            `^Часть заказа ${order.number} передана в доставку\\.( Ожидайте \\d\\d\\.\\d\\d\\.)? Витрина$`,
          ),
        ),
        `Часть заказа ${order.number} отменена. 2${NBSP}850${NBSP}₽ вернутся на карту в течение 10 дней, ` +
          `150 баллов уже на счёте. Витрина`,
      ]),
    );
  });
});

describe("an order that ends delivered because its last parcel was not collected", () => {
  it("texts that the parcel went back, and matures the received parcel's cashback after its window", async () => {
    const env = await paymentApp();
    const { order, big, small } = await paidTwoParcels(env);
    const db = env.database.db;
    const staff = await createSession(db, { user: { roles: ["shopper", "operator"] } });
    for (const to of ["assembling", "in_delivery", "ready_for_pickup", "delivered"] as const) {
      await env.services.orders.moveShipment({ userId: staff.userId, address: null }, order.id, small.id, to);
    }
    expect((await orderRow(db, order.id)).cashbackDueAt).toBeNull();
    await setShipment(db, big.id, "ready_for_pickup", "2020-01-01");
    expect(await env.services.orders.returnNotCollected()).toBe(1);
    expect(await env.services.orders.returnNotCollected()).toBe(0);
    await sendQueuedSms(env, order.id);
    expect((await textsTo(db, order.recipient.phone)).at(-1)).toBe(
      `Срок хранения части заказа ${order.number} истёк. 2${NBSP}850${NBSP}₽ вернутся на карту ` +
        "в течение 10 дней, 150 баллов уже на счёте. Витрина",
    );
    expect((await notificationsOf(db, order.id)).filter((n) => n.kind === "not_collected")).toEqual([
      expect.objectContaining({ key: `shipment:${big.id}:not_collected`, status: "sent" }),
    ]);

    const row = await orderRow(db, order.id);
    expect(row.status).toBe("delivered");
    // The big parcel's 120 points were reversed; the small one's 40 wait for its window.
    expect(row.cashbackPoints).toBe(40);
    const deliveredAt = await deliveredAtOf(db, small.id);
    expect(row.cashbackDueAt?.toISOString()).toBe(cashbackAvailableAt(deliveredAt!).toISOString());
  });
});
