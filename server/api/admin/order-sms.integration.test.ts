import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "#contract/orders.ts";
import { cashbackAvailableAt } from "#contract/return-window.ts";
import { createServices, type Services } from "#server/composition/services.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { runInTransaction } from "#server/db/unit-of-work.ts";
import { orderSmsJob } from "#server/domain/order-sms/job.ts";
import { createOrderNotificationsRepository } from "#server/domain/order-sms/repository.ts";
import { type OrderSmsEvent, orderSmsJobs, queueOrderSms } from "#server/domain/order-sms/sms.ts";
import { smsDate } from "#server/domain/order-sms/texts.ts";
import { createOrdersRepository } from "#server/domain/orders/repository.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { dueJobCount, orderRow, removeOrderData } from "#tests/fixtures/order-data.ts";
import {
  deliveredAtOf,
  notificationsOf,
  paidPointsOrder,
  secondInstanceDatabase,
  textsTo,
} from "#tests/fixtures/order-sms-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { createSession } from "#tests/factories/sessions.ts";

// SMS about the order (issue 20, point 7; ADR 055): one message per event, however often the event's code
// or the sending job runs, through the stand-in gateway's outbox.

let database: DatabaseHandle;
let second: DatabaseHandle;
/** Two app instances' services over the same database (on PostgreSQL, two connection pools). */
let services: Services;
let otherInstance: Services;

beforeAll(async () => {
  database = (await getTestContext()).database;
  second = await secondInstanceDatabase(database);
  services = createServices(database.db);
  otherInstance = createServices(second.db);
});

afterAll(async () => {
  await second.close();
  await removeOrderData(database.db);
});

/** Runs the due `order-sms` jobs, on two runners (two instances) polling at once, until none is due. */
async function sendQueuedSms(): Promise<void> {
  const logger = createLogger("silent");
  const runners = [services, otherInstance].map((s, i) =>
    createJobRunner({
      db: i === 0 ? database.db : second.db,
      logger,
      handlers: orderSmsJobs(s),
      concurrency: 4,
    }),
  );
  for (let round = 0; round < 50; round += 1) {
    await Promise.all(runners.map((r) => r.poll()));
    await Promise.all(runners.map((r) => r.idle()));
    if ((await dueJobCount(database.db, [orderSmsJob.name])) === 0) return;
  }
  throw new Error("order SMS jobs still due after 50 rounds");
}

const paidOrder = (deliveryType: "pickup" | "courier") => paidPointsOrder(database.db, deliveryType);

const operator = () => createSession(database.db, { user: { roles: ["shopper", "operator"] } });

/** An operator's move of the parcel (the back office's `moves` operation calls the same service). */
async function move(
  staffUserId: number,
  shopper: number,
  orderId: number,
  shipmentId: number,
  to: OrderStatus,
) {
  await services.orders.moveShipment({ userId: staffUserId, address: null }, orderId, shipmentId, to);
  return services.orders.get(shopper, orderId);
}

/** Runs the event's code again, in a transaction of its own, as a retried job or a repeated call would. */
function queueAgain(orderId: number, event: OrderSmsEvent) {
  return runInTransaction(database.db, async (tx) => {
    const orders = createOrdersRepository(tx);
    const order = (await orders.order(orderId))!;
    return queueOrderSms({ orders, notifications: createOrderNotificationsRepository(tx) }, order, event);
  });
}

describe("SMS about a pickup order", () => {
  it("texts paid, handed to delivery, ready for pickup (point, code, last day) and received, once each", async () => {
    const staff = await operator();
    const { shopper, order, shipmentId, phone } = await paidOrder("pickup");
    await sendQueuedSms();
    expect(await textsTo(database.db, phone)).toEqual([
      `Заказ ${order.number} оплачен. Сообщим, когда передадим в доставку. Витрина`,
    ]);

    await move(staff.userId, shopper.userId, order.id, shipmentId, "assembling");
    await move(staff.userId, shopper.userId, order.id, shipmentId, "in_delivery");
    // Sent before the next event is queued: the jobs of two events run in parallel, in any order.
    await sendQueuedSms();
    const waiting = await move(staff.userId, shopper.userId, order.id, shipmentId, "ready_for_pickup");
    const { pickupCode, storageUntil } = waiting.shipments[0]!;
    expect(pickupCode).toMatch(/^\d{6}$/);
    await sendQueuedSms();
    // The events' code runs again (a retried job, a repeated call): nothing more is queued…
    expect(await queueAgain(order.id, { kind: "paid" })).toBeUndefined();
    expect(await queueAgain(order.id, { kind: "ready_for_pickup", shipmentId })).toBeUndefined();
    // …and the jobs running again send nothing more.
    await sendQueuedSms();
    for (const n of await notificationsOf(database.db, order.id)) {
      expect(await services.orderSms.send(n.id)).toBe("taken");
    }
    await move(staff.userId, shopper.userId, order.id, shipmentId, "delivered");
    await sendQueuedSms();

    const point = order.delivery;
    const texts = await textsTo(database.db, phone);
    expect(texts).toHaveLength(4);
    expect(texts[1]).toMatch(
      new RegExp(`^Заказ ${order.number} передан в доставку\\.( Ожидайте \\d\\d\\.\\d\\d\\.)? Витрина$`),
    );
    expect(texts[2]).toBe(
      `Заказ ${order.number} ждёт вас: ${point.pointName}, ${point.address}. ` +
        `Код получения ${pickupCode}, заберите до ${smsDate(storageUntil!)}. Витрина`,
    );
    expect(texts[3]).toBe(`Заказ ${order.number} получен. Спасибо за покупку! Витрина`);
    const rows = await notificationsOf(database.db, order.id);
    expect(rows.map((r) => [r.key, r.kind, r.status])).toEqual([
      [`order:${order.id}:paid`, "paid", "sent"],
      [`shipment:${shipmentId}:in_delivery`, "in_delivery", "sent"],
      [`shipment:${shipmentId}:ready_for_pickup`, "ready_for_pickup", "sent"],
      [`shipment:${shipmentId}:delivered`, "delivered", "sent"],
    ]);
    expect(rows.every((r) => r.sentAt !== null && r.phone === phone)).toBe(true);
  });
});

describe("SMS about a courier order", () => {
  it("says «доставлен», and the delivery dates the parcel and the cashback's maturity", async () => {
    const staff = await operator();
    const { shopper, order, shipmentId, phone } = await paidOrder("courier");
    await sendQueuedSms();
    for (const to of ["assembling", "in_delivery", "delivered"] as const) {
      await move(staff.userId, shopper.userId, order.id, shipmentId, to);
      await sendQueuedSms();
    }
    const texts = await textsTo(database.db, phone);
    expect(texts[0]).toContain("оплачен");
    // The promised date is still ahead (six days from placement): the SMS says it.
    const promised = order.shipments[0]!.deliveryDate;
    expect(texts[1]).toBe(`Заказ ${order.number} передан в доставку. Ожидайте ${smsDate(promised)}. Витрина`);
    expect(texts[2]).toBe(`Заказ ${order.number} доставлен. Спасибо за покупку! Витрина`);
    expect(texts).toHaveLength(3);

    const row = await orderRow(database.db, order.id);
    expect(row.status).toBe("delivered");
    expect(row.cashbackPoints).toBe(75);
    const deliveredAt = await deliveredAtOf(database.db, shipmentId);
    expect(Date.now() - deliveredAt!.getTime()).toBeLessThan(60_000);
    expect(row.cashbackDueAt?.toISOString()).toBe(cashbackAvailableAt(deliveredAt!).toISOString());
  });
});

describe("sending an order SMS", () => {
  it("sends once when two instances run the same job at the same moment", async () => {
    const { order, phone } = await paidOrder("pickup");
    const [paid] = await notificationsOf(database.db, order.id);
    const outcomes = await Promise.all([
      services.orderSms.send(paid!.id),
      otherInstance.orderSms.send(paid!.id),
    ]);
    expect(outcomes.sort()).toEqual(["sent", "taken"]);
    await sendQueuedSms();
    expect(await textsTo(database.db, phone)).toHaveLength(1);
  });

  it("marks a message the gateway refused as failed and never sends it again", async () => {
    const { order, phone } = await paidOrder("pickup");
    const refusing = createServices(database.db, {
      phoneSignIn: {
        gateway: {
          provider: "refusing",
          send: async () => {
            throw new Error("the gateway is down");
          },
        },
      },
    });
    const [paid] = await notificationsOf(database.db, order.id);
    expect(await refusing.orderSms.send(paid!.id)).toBe("failed");
    await sendQueuedSms();
    expect(await textsTo(database.db, phone)).toEqual([]);
    expect((await notificationsOf(database.db, order.id)).map((n) => n.status)).toEqual(["failed"]);
  });

  it("texts a cancellation with the money and points coming back, once per cancelled part", async () => {
    const { order, shipmentId, phone } = await paidOrder("pickup");
    await sendQueuedSms();
    const cancelled = { kind: "cancelled", shipmentIds: [shipmentId], amount: 0, points: 1_500 } as const;
    expect(await queueAgain(order.id, cancelled)).toBeGreaterThan(0);
    expect(await queueAgain(order.id, cancelled)).toBeUndefined();
    await sendQueuedSms();
    expect(await textsTo(database.db, phone)).toEqual([
      `Заказ ${order.number} оплачен. Сообщим, когда передадим в доставку. Витрина`,
      `Заказ ${order.number} отменён. 1\u00a0500 баллов уже на счёте. Витрина`,
    ]);
    expect((await notificationsOf(database.db, order.id)).map((n) => n.key)).toEqual([
      `order:${order.id}:paid`,
      `order:${order.id}:cancelled`,
    ]);
  });
});
