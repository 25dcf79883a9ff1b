import { afterAll, describe, expect, it } from "vitest";
import { addDays, localDateTime } from "#contract/delivery-dates.ts";
import type { Order } from "#contract/orders.ts";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { ordersJobs } from "#server/domain/orders/jobs.ts";
import { returnPaymentJob } from "#server/domain/orders/payment-jobs.ts";
import { signed } from "#server/domain/payments/tbank-token.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { payWithCard, STAND_IN_CARDS, standInReceipts } from "#tests/fixtures/acquirer-stand-in.ts";
import {
  checkoutKey,
  expectedLinesOf,
  openJobCount,
  passDeadline,
  paymentsOf,
  removeOrderData,
  scratchProduct,
  setPaymentStatus,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

// The 54-FZ receipts the orders send with their payments (ADR 050), as the stand-in acquirer took them.

afterAll(async () => {
  const { database } = await getTestContext();
  await removeOrderData(database.db);
});

const ORIGIN = "http://localhost";
type Items = { Name: string; Price: number; Quantity: number; Amount: number; PaymentObject: string }[];

async function receiptApp() {
  const { database } = await getTestContext();
  const logger = createLogger("silent");
  // Notifications are posted by the test itself, so the stand-in's deliveries go nowhere.
  const services = createServices(database.db, {
    acquirer: { standIn: { deliver: async () => new Response("OK") } },
  });
  const app = createApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    services,
    logger,
    checks: {},
  });
  const call = (
    path: string,
    init: { method?: string; cookie?: string; body?: unknown; origin?: string | null } = {},
  ) =>
    app.request(`${ORIGIN}${path}`, {
      method: init.method ?? "GET",
      headers: {
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(init.method && init.method !== "GET" && init.origin !== null ? { origin: ORIGIN } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  const returns = createJobRunner({
    db: database.db,
    logger,
    handlers: ordersJobs(services, { returnBackoff: { baseMs: 5, maxMs: 5 } }).filter(
      (h) => h.type.name === returnPaymentJob.name,
    ),
  });
  const runReturn = async (paymentId: number) => {
    for (let round = 0; round < 200; round += 1) {
      await returns.poll();
      await returns.idle();
      if ((await openJobCount(database.db, returnPaymentJob.name, [`payment:${paymentId}`])) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("the return job is still open after 200 polls");
  };
  return { app, services, db: database.db, call, send: (r: Request) => app.request(r), runReturn };
}

/**
 * A courier order of three mugs at an odd price and a kettle, 333 points spent on it: the points' discount
 * cannot fall on whole kopecks per unit, and under 1 000 ₽ of goods the courier charges for delivery.
 */
async function placedOrder(env: Awaited<ReturnType<typeof receiptApp>>) {
  const mug = await scratchProduct(env.db, { stock: 10, price: 9_999 });
  const kettle = await scratchProduct(env.db, { stock: 10, price: 49_990 });
  const shopper = await shopperWithBasket(
    env.db,
    [
      { productId: mug.id, quantity: 3 },
      { productId: kettle.id, quantity: 1 },
    ],
    { points: 1_000 },
  );
  const placed = await env.call("/api/v1/orders", {
    method: "POST",
    cookie: shopper.cookie,
    body: {
      checkoutKey: checkoutKey(),
      ...(await expectedLinesOf(env.db, shopper.userId)),
      deliveryType: "courier",
      addressId: shopper.courierAddressId,
      slot: { date: addDays(localDateTime(new Date(), "Europe/Moscow").date, 6), startsHour: 12 },
      bonusPoints: 333,
    },
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const order = (await placed.json()) as Order;
  const started = await env.call(`/api/v1/orders/${order.id}/payments`, {
    method: "POST",
    cookie: shopper.cookie,
    body: { method: "card", bonusPoints: 333 },
  });
  expect(started.status, await started.clone().text()).toBe(200);
  const { paymentUrl } = (await started.json()) as { paymentUrl: string };
  const [payment] = await paymentsOf(env.db, order.id);
  return {
    shopper,
    order: (await (await env.call(`/api/v1/orders/${order.id}`, { cookie: shopper.cookie })).json()) as Order,
    paymentUrl,
    payment: payment!,
  };
}

describe("the receipt a payment carries (54-FZ)", () => {
  it("goes with Init: the goods less the points, the delivery as a service, adding up to the amount", async () => {
    const env = await receiptApp();
    const { order, paymentUrl, payment } = await placedOrder(env);
    expect(order.bonusSpent).toBe(333);
    expect(order.deliveryTotal).toBeGreaterThan(0);

    const { init } = await standInReceipts(env.db, payment.externalId!);
    const items = (init as { Items: Items }).Items;
    expect(items.reduce((sum, i) => sum + i.Amount, 0)).toBe(order.toPay);
    expect(order.toPay).toBe(3 * 9_999 + 49_990 + order.deliveryTotal - 33_300);
    for (const item of items) expect(item.Amount).toBe(item.Price * item.Quantity);
    expect(items.filter((i) => i.PaymentObject === "service")).toEqual([
      expect.objectContaining({ Name: "Доставка", Amount: order.deliveryTotal, Quantity: 1 }),
    ]);
    // The goods carry the points' discount: 33 300 kopecks off 79 987 of goods, in proportion.
    const goods = items.filter((i) => i.PaymentObject === "commodity");
    expect(goods.reduce((sum, i) => sum + i.Amount, 0)).toBe(3 * 9_999 + 49_990 - 33_300);
    expect(goods.reduce((sum, i) => sum + i.Quantity, 0)).toBe(4);
    // To the shopper's e-mail, or their phone when they have none.
    const { Taxation, Email, Phone } = init as { Taxation: string; Email?: string; Phone?: string };
    expect(Taxation).toBe("osn");
    expect(Email ?? Phone).toMatch(/@|^\+7\d{10}$/);

    // The payment goes through with it.
    const paid = await payWithCard(paymentUrl, STAND_IN_CARDS.success, { send: env.send });
    expect(paid.location).toBe(`${ORIGIN}/thank-you?orderId=${order.id}`);
  });

  it("goes back with the refund: money taken for a cancelled order is returned with the same items", async () => {
    const env = await receiptApp();
    const { order, paymentUrl, payment } = await placedOrder(env);
    // The order times out while the shopper is still on the card page, and the card is charged anyway.
    await passDeadline(env.db, order.id);
    await env.services.orders.expire(order.id);
    await setPaymentStatus(env.db, payment.id, "pending");
    await payWithCard(paymentUrl, STAND_IN_CARDS.success, { send: env.send }).catch(() => undefined);
    const { terminalKey, password } = await env.services.acquirerStandIn!.credentials();
    const notified = await env.call("/api/v1/payments/notification", {
      method: "POST",
      origin: null,
      body: signed(
        {
          TerminalKey: terminalKey,
          OrderId: `${order.number}-1`,
          Success: true,
          Status: "CONFIRMED",
          PaymentId: Number(payment.externalId),
          ErrorCode: "0",
          Amount: order.toPay,
        },
        password,
      ),
    });
    expect(await notified.text()).toBe("OK");
    await env.runReturn(payment.id);
    expect((await paymentsOf(env.db, order.id))[0]!.status).toBe("refunded");

    const receipts = await standInReceipts(env.db, payment.externalId!);
    expect(receipts.refunds).toEqual([receipts.init]);
  });
});
