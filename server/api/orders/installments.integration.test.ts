import { afterAll, describe, expect, it } from "vitest";
import type { ProductDetail } from "#contract/catalog.ts";
import type { Order } from "#contract/orders.ts";
import { decideInstallment } from "#tests/fixtures/acquirer-stand-in.ts";
import { pointsOf } from "#tests/fixtures/cancellation-data.ts";
import { foodCategoryId, standInPaymentOf } from "#tests/fixtures/installments-data.ts";
import { paymentsOf, removeOrderData } from "#tests/fixtures/order-data.ts";
import { ORIGIN, orderOf, type PaymentApp, paymentApp, placedOrder } from "#tests/fixtures/payment-app.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

// «Оплата частями» (issue 22, point 2; ADR 062): an installment payment through the stand-in acquirer's
// application page, the bank approving or declining, the shop's rules checked before anything moves.

afterAll(async () => {
  const { database } = await getTestContext();
  await removeOrderData(database.db);
});

const nb = "\u00a0";

const pay = (env: PaymentApp, cookie: string, orderId: number, body: object) =>
  env.call(`/api/v1/orders/${orderId}/payments`, { method: "POST", cookie, body });

async function installmentPage(
  env: PaymentApp,
  cookie: string,
  orderId: number,
  months: number,
  bonusPoints = 0,
) {
  const res = await pay(env, cookie, orderId, {
    method: "installments",
    installmentMonths: months,
    bonusPoints,
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as { paymentUrl: string }).paymentUrl;
}

const check = (env: PaymentApp, cookie: string, orderId: number) =>
  env.call(`/api/v1/orders/${orderId}/payments/check`, { method: "POST", cookie });

describe("paying in installments", () => {
  it("opens the bank's application with the plan; approved, the order is paid and says how", async () => {
    const env = await paymentApp();
    // 11 940 ₽ by pickup (free): 6 × 1 990 ₽.
    const { shopper, order } = await placedOrder(env, { price: 1_194_000 });
    const paymentUrl = await installmentPage(env, shopper.cookie, order.id, 6);
    const page = await env.send(new Request(paymentUrl));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("<h1>Оплата частями</h1>");
    expect(html).toContain(`6 × 1${nb}990${nb}₽`);
    // Nobody pays an application by card.
    expect(html).not.toContain('name="pan"');

    const approved = await decideInstallment(paymentUrl, "approve", { send: env.send });
    expect(approved.location).toBe(`${ORIGIN}/thank-you?orderId=${order.id}`);
    expect(await (await check(env, shopper.cookie, order.id)).json()).toMatchObject({ paid: true });
    const paid = await orderOf(env, shopper.cookie, order.id);
    expect(paid).toMatchObject({
      status: "paid",
      paidWith: "installments",
      installmentMonths: 6,
      paidByCard: 1_194_000,
    });
    const [payment] = await paymentsOf(env.database.db, order.id);
    expect(payment).toMatchObject({ method: "installments", installmentMonths: 6, status: "confirmed" });
    const standIn = await standInPaymentOf(env.database.db, payment!.externalId!);
    expect(standIn).toMatchObject({ status: "CONFIRMED", amount: 1_194_000 });
    expect((standIn!.data as { installmentMonths?: number }).installmentMonths).toBe(6);
    // The notification that follows changes nothing.
    await env.deliverNotifications();
    expect((await orderOf(env, shopper.cookie, order.id)).status).toBe("paid");
  });

  it("declined, the order keeps waiting for payment; /fail knows it was installments; a card still pays", async () => {
    const env = await paymentApp();
    const { shopper, order } = await placedOrder(env, { price: 1_000_000 });
    const paymentUrl = await installmentPage(env, shopper.cookie, order.id, 10);
    const declined = await decideInstallment(paymentUrl, "decline", { send: env.send });
    expect(declined.location).toBe(`${ORIGIN}/fail?orderId=${order.id}&method=installments`);
    expect(await (await check(env, shopper.cookie, order.id)).json()).toMatchObject({
      paid: false,
      status: "awaiting_payment",
    });
    await env.deliverNotifications();
    const after = await orderOf(env, shopper.cookie, order.id);
    expect(after).toMatchObject({ status: "awaiting_payment", paidWith: null, installmentMonths: null });
    expect((await paymentsOf(env.database.db, order.id))[0]).toMatchObject({ status: "rejected" });
    // The declined application's page says so, and takes nothing more.
    const again = await env.send(new Request(paymentUrl, { redirect: "manual" }));
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Банк не одобрил рассрочку.");

    const card = await pay(env, shopper.cookie, order.id, { method: "card", bonusPoints: 0 });
    expect(card.status).toBe(200);
    expect(await card.json()).toMatchObject({ kind: "redirect" });
  });

  it("refuses with 422 and a code a sum out of limits, a term not offered, or goods not sold so; nothing moves", async () => {
    const env = await paymentApp();
    const small = await placedOrder(env, { price: 250_000, points: 1_000 });
    const tooSmall = await pay(env, small.shopper.cookie, small.order.id, {
      method: "installments",
      installmentMonths: 3,
      bonusPoints: 0,
    });
    expect(tooSmall.status).toBe(422);
    expect(await tooSmall.json()).toMatchObject({
      code: "installment_sum_out_of_range",
      type: "unprocessable",
      message: `Оплата частями доступна для заказов от 3${nb}000${nb}₽`,
    });

    // 3 100 ₽ is enough, but not after 200 points: the bank finances what is left.
    const withPoints = await placedOrder(env, { price: 310_000, points: 1_000 });
    const afterPoints = await pay(env, withPoints.shopper.cookie, withPoints.order.id, {
      method: "installments",
      installmentMonths: 3,
      bonusPoints: 200,
    });
    expect(afterPoints.status).toBe(422);
    expect(await afterPoints.json()).toMatchObject({ code: "installment_sum_out_of_range" });
    expect(await pointsOf(env.database.db, withPoints.shopper.userId)).toMatchObject({ balance: 1_000 });
    // Points may be spent beside installments when enough is left: 3 100 − 100 = 3 000 ₽.
    await installmentPage(env, withPoints.shopper.cookie, withPoints.order.id, 3, 100);

    const big = await placedOrder(env, { price: 1_194_000 });
    for (const body of [
      { method: "installments", installmentMonths: 24, bonusPoints: 0 },
      { method: "installments", installmentMonths: 5, bonusPoints: 0 },
      { method: "installments", bonusPoints: 0 },
    ]) {
      const res = await pay(env, big.shopper.cookie, big.order.id, body);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({
        code: "installment_term_invalid",
        message: "Выберите срок рассрочки из предложенных",
      });
    }

    const food = await foodCategoryId(env.database.db);
    const mixed = await placedOrder(env, {
      goods: [{ price: 1_000_000 }, { price: 50_000, categoryId: food }],
    });
    const ineligible = await pay(env, mixed.shopper.cookie, mixed.order.id, {
      method: "installments",
      installmentMonths: 6,
      bonusPoints: 0,
    });
    expect(ineligible.status).toBe(422);
    const body = (await ineligible.json()) as { code: string; message: string };
    expect(body.code).toBe("installment_lines_ineligible");
    const foodLine = mixed.order.shipments
      .flatMap((s) => s.lines)
      .find((l) => l.productId === mixed.products[1]!.id);
    expect(body.message).toContain(foodLine!.name);

    for (const o of [small.order, withPoints.order, big.order, mixed.order].filter(
      (o) => o !== withPoints.order,
    )) {
      expect(await paymentsOf(env.database.db, o.id)).toEqual([]);
    }
  });

  it("cards say which goods are sold in installments", async () => {
    const env = await paymentApp();
    const food = await foodCategoryId(env.database.db);
    const { products } = await placedOrder(env, {
      goods: [{ price: 500_000 }, { price: 500_000, categoryId: food }],
    });
    const detail = async (id: number) =>
      (await (await env.call(`/api/v1/products/${id}`)).json()) as ProductDetail;
    expect((await detail(products[0]!.id)).installments).toBe(true);
    expect((await detail(products[1]!.id)).installments).toBe(false);
  });

  it("two identical starts at once open one application", async () => {
    const env = await paymentApp();
    const { shopper, order } = await placedOrder(env, { price: 1_194_000 });
    const body = { method: "installments", installmentMonths: 6, bonusPoints: 0 };
    const answers = await Promise.all([
      pay(env, shopper.cookie, order.id, body),
      pay(env, shopper.cookie, order.id, body),
    ]);
    const urls = [];
    for (const res of answers) {
      expect(res.status).toBe(200);
      urls.push(((await res.json()) as { paymentUrl: string }).paymentUrl);
    }
    expect(urls[0]).toBe(urls[1]);
    const payments = await paymentsOf(env.database.db, order.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: "pending", installmentMonths: 6 });
    // Another term is another request: the open application is closed first, never two open.
    await installmentPage(env, shopper.cookie, order.id, 3);
    const after = await paymentsOf(env.database.db, order.id);
    expect(after.map((p) => [p.status, p.installmentMonths])).toEqual([
      ["cancelled", 6],
      ["pending", 3],
    ]);
  });

  it("a cancelled order paid in installments gets its money back through Cancel", async () => {
    const env = await paymentApp();
    const { shopper, order } = await placedOrder(env, { price: 1_194_000 });
    const paymentUrl = await installmentPage(env, shopper.cookie, order.id, 6);
    await decideInstallment(paymentUrl, "approve", { send: env.send });
    await env.deliverNotifications();
    expect((await orderOf(env, shopper.cookie, order.id)).status).toBe("paid");

    const res = await env.call(`/api/v1/orders/${order.id}/cancel`, {
      method: "POST",
      cookie: shopper.cookie,
      body: { reason: "changed_mind" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as Order).status).toBe("cancelled");
    await env.runRefunds(order.id);
    await env.deliverNotifications();
    const [payment] = await paymentsOf(env.database.db, order.id);
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: 1_194_000, method: "installments" });
    expect((await standInPaymentOf(env.database.db, payment!.externalId!))!.status).toBe("REFUNDED");
    const cancelled = await orderOf(env, shopper.cookie, order.id);
    expect(cancelled.refundedTotal).toBe(1_194_000);
    expect(cancelled.refunds[0]).toMatchObject({ status: "done" });
  });
});
