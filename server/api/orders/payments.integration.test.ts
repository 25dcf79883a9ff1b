import { afterAll, describe, expect, it } from "vitest";
import type { Order } from "#contract/orders.ts";
import type { AcquirerOptions } from "#server/composition/acquirer.ts";
import { createBonusRepository } from "#server/domain/bonus/repository.ts";
import { returnPaymentJob } from "#server/domain/orders/payment-jobs.ts";
import { RECONCILE_GRACE_MS } from "#server/domain/orders/service.ts";
import { signed } from "#server/domain/payments/tbank-token.ts";
import { THREE_DS_CODE } from "#server/stand-ins/acquirer/cards.ts";
import { payBySbp, payWithCard, STAND_IN_CARDS } from "#tests/fixtures/acquirer-stand-in.ts";
import {
  acquirerPagesOf,
  expectedLinesOf,
  ledgerRowsOf,
  orderRow,
  passDeadline,
  paymentProblemsOf,
  paymentsOf,
  removeOrderData,
  setOrderStatus,
  setPaymentStatus,
  stockOf,
} from "#tests/fixtures/order-data.ts";
import {
  ORIGIN,
  orderOf,
  type PaymentApp,
  paymentApp,
  placedOrder,
  startPaying,
} from "#tests/fixtures/payment-app.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

afterAll(async () => {
  const { database } = await getTestContext();
  await removeOrderData(database.db);
});

/**
 * The CONFIRMED notification the acquirer would send for the order's first payment: its fields, the
 * terminal's password to sign them with, and a ready function to post a body.
 */
async function confirmedNotification(env: PaymentApp, order: Order) {
  const [payment] = await paymentsOf(env.database.db, order.id);
  const { terminalKey, password } = await env.services.acquirerStandIn!.credentials();
  const fields = {
    TerminalKey: terminalKey,
    OrderId: `${order.number}-1`,
    Success: true,
    Status: "CONFIRMED",
    PaymentId: Number(payment!.externalId),
    ErrorCode: "0",
    Amount: order.toPay,
  };
  const post = (body: unknown) =>
    env.call("/api/v1/payments/notification", { method: "POST", body, origin: null });
  return { payment: payment!, fields, password, post };
}

describe("paying at the acquirer", () => {
  it("is paid by the check on return (GetState), once, and the basket keeps only what was not bought", async () => {
    const env = await paymentApp();
    const { shopper, order } = await placedOrder(env, { points: 1_000, bonusPoints: 300 });
    const paymentUrl = await startPaying(env, shopper.cookie, order.id, 300);
    expect(new URL(paymentUrl).pathname).toMatch(/^\/acquirer\//);

    const paid = await payWithCard(paymentUrl, STAND_IN_CARDS.success, { send: env.send });
    expect(paid.location).toBe(`${ORIGIN}/thank-you?orderId=${order.id}`);
    // The redirect proves nothing: the order is paid when the acquirer says so.
    expect((await orderOf(env, shopper.cookie, order.id)).status).toBe("awaiting_payment");

    const checks = await Promise.all(
      Array.from({ length: 5 }, () =>
        env.call(`/api/v1/orders/${order.id}/payments/check`, { method: "POST", cookie: shopper.cookie }),
      ),
    );
    for (const check of checks) expect(await check.json()).toMatchObject({ orderId: order.id, paid: true });
    const after = await orderOf(env, shopper.cookie, order.id);
    expect(after.status).toBe("paid");
    expect(after.paidByCard).toBe(250_000 - 300 * 100);
    expect(after.paidWith).toBe("card");
    expect(after.bonusSpent).toBe(300);
    const bonus = createBonusRepository(env.database.db);
    expect(await bonus.balance(shopper.userId)).toEqual({ balance: 700, pending: 100 });
    expect(await bonus.ledgerSums(shopper.userId)).toEqual({ balance: 700, pending: 100 });
    expect((await expectedLinesOf(env.database.db, shopper.userId)).expectedLines).toEqual([]);

    // The notification comes later and changes nothing.
    await env.deliverNotifications();
    expect(env.deliveries.some((d) => d.status === 200 && d.body === "OK")).toBe(true);
    expect(await bonus.ledgerSums(shopper.userId)).toEqual({ balance: 700, pending: 100 });
  });

  it("is paid by the signed notification; a repeated one changes nothing", async () => {
    const env = await paymentApp();
    const { shopper, order, product } = await placedOrder(env);
    const paymentUrl = await startPaying(env, shopper.cookie, order.id);
    await payWithCard(paymentUrl, STAND_IN_CARDS.threeDs, { send: env.send });
    await env.deliverNotifications();
    expect((await orderOf(env, shopper.cookie, order.id)).status).toBe("paid");

    // The same notification again (the acquirer repeats until it hears OK).
    const { fields, password, post } = await confirmedNotification(env, order);
    const again = signed(fields, password);
    for (let i = 0; i < 3; i += 1) {
      const res = await post(again);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("OK");
    }
    const cashback = await ledgerRowsOf(env.database.db, order.id);
    expect(cashback.filter((r) => r.kind === "cashback")).toHaveLength(1);
    expect(await stockOf(env.database.db, product.id)).toBe(4);
  });

  it("refuses a forged or amount-mismatched notification, and the order stays unpaid", async () => {
    const env = await paymentApp();
    const { shopper, order } = await placedOrder(env);
    await startPaying(env, shopper.cookie, order.id);
    const { fields, password, post } = await confirmedNotification(env, order);
    expect((await post(signed(fields, "not-the-terminal-password"))).status).toBe(403);
    expect((await post({ ...signed(fields, password), Amount: 100 })).status).toBe(403);
    // Signed with the right password, but not what this payment is for.
    expect((await post(signed({ ...fields, Amount: order.toPay - 100 }, password))).status).toBe(400);
    expect((await post(signed({ ...fields, OrderId: "0000-0000-1" }, password))).status).toBe(400);
    expect((await orderOf(env, shopper.cookie, order.id)).status).toBe("awaiting_payment");
  });

  it("says an SBP payment was made through SBP, not by card", async () => {
    const env = await paymentApp();
    const { shopper, order } = await placedOrder(env);
    const paymentUrl = await startPaying(env, shopper.cookie, order.id, 0, "sbp");
    await payBySbp(paymentUrl, "success", { send: env.send });
    await env.call(`/api/v1/orders/${order.id}/payments/check`, { method: "POST", cookie: shopper.cookie });
    expect(await orderOf(env, shopper.cookie, order.id)).toMatchObject({ status: "paid", paidWith: "sbp" });
  });

  it("a declined SBP payment sends the shopper to /fail with its method, to pay again the same way", async () => {
    const env = await paymentApp();
    const { shopper, order } = await placedOrder(env);
    const paymentUrl = await startPaying(env, shopper.cookie, order.id, 0, "sbp");
    const declined = await payBySbp(paymentUrl, "decline", { send: env.send });
    expect(declined.location).toBe(`${ORIGIN}/fail?orderId=${order.id}&method=sbp`);
  });

  it("after a declined card, pays again with a new payment of the same order", async () => {
    const env = await paymentApp();
    const { shopper, order } = await placedOrder(env);
    const first = await startPaying(env, shopper.cookie, order.id);
    const declined = await payWithCard(first, STAND_IN_CARDS.declined, { send: env.send });
    expect(declined.location).toBe(`${ORIGIN}/fail?orderId=${order.id}&method=card`);
    const check = await env.call(`/api/v1/orders/${order.id}/payments/check`, {
      method: "POST",
      cookie: shopper.cookie,
    });
    expect(await check.json()).toMatchObject({ status: "awaiting_payment", paid: false });

    const second = await startPaying(env, shopper.cookie, order.id);
    expect(second).not.toBe(first);
    const paid = await payWithCard(second, STAND_IN_CARDS.success, { send: env.send });
    expect(paid.location).toBe(`${ORIGIN}/thank-you?orderId=${order.id}`);
    await env.call(`/api/v1/orders/${order.id}/payments/check`, { method: "POST", cookie: shopper.cookie });
    const rows = await paymentsOf(env.database.db, order.id);
    expect(rows.map((p) => [p.attempt, p.status]).sort()).toEqual([
      [1, "rejected"],
      [2, "confirmed"],
    ]);
  });

  it("cancels an earlier open payment before opening another for another sum, so one order is never paid twice", async () => {
    const env = await paymentApp();
    const { shopper, order } = await placedOrder(env, { points: 1_000 });
    const first = await startPaying(env, shopper.cookie, order.id);
    // Points changed: the first page's sum is no longer the order's.
    const second = await startPaying(env, shopper.cookie, order.id, 100);
    expect(second).not.toBe(first);
    // The first page no longer takes money.
    const late = await payWithCard(first, STAND_IN_CARDS.success, { send: env.send });
    expect(late.location).not.toBe(`${ORIGIN}/thank-you?orderId=${order.id}`);
    const [firstRow] = await paymentsOf(env.database.db, order.id);
    expect(firstRow!.status).toBe("cancelled");
    // The acquirer's own word of the cancellation (and any late one) leaves it so.
    await env.deliverNotifications();
    const [still] = await paymentsOf(env.database.db, order.id);
    expect(still!.status).toBe("cancelled");
  });

  it("gives the money back when the payment is confirmed after the order was cancelled", async () => {
    const env = await paymentApp();
    const { shopper, order, product } = await placedOrder(env);
    const paymentUrl = await startPaying(env, shopper.cookie, order.id);
    // The order times out while the shopper is still on the card page…
    await passDeadline(env.database.db, order.id);
    await env.services.orders.expire(order.id);
    expect(await stockOf(env.database.db, product.id)).toBe(5);
    // …and the card is charged anyway: the acquirer is told to give it back.
    const { payment, fields, password, post } = await confirmedNotification(env, order);
    await setPaymentStatus(env.database.db, payment.id, "pending");
    await payWithCard(paymentUrl, STAND_IN_CARDS.success, { send: env.send }).catch(() => undefined);
    const res = await post(signed(fields, password));
    expect(await res.text()).toBe("OK");
    expect((await orderOf(env, shopper.cookie, order.id)).status).toBe("cancelled");
    // Recorded refunded only when the acquirer says so: its job asks.
    expect((await paymentsOf(env.database.db, order.id))[0]!.status).toBe("returning");
    await env.runReturns([payment.id]);
    const [after] = await paymentsOf(env.database.db, order.id);
    expect(after!.status).toBe("refunded");
    expect(await acquirerPagesOf(env.database.db, order.number)).toMatchObject({ charged: 0, refunded: 1 });
    expect(await stockOf(env.database.db, product.id)).toBe(5);
  });
});

describe("one charge per order, however the shopper clicks (ADR 042)", () => {
  const start = (env: PaymentApp, cookie: string, orderId: number, bonusPoints: number) =>
    env.call(`/api/v1/orders/${orderId}/payments`, {
      method: "POST",
      cookie,
      body: { method: "card", bonusPoints },
    });

  it("50 shoppers at once, each starting two or three payments together and paying every page offered: each order charged once", async () => {
    const env = await paymentApp();
    const rounds = await Promise.all(
      Array.from({ length: 50 }, async (_, round) => {
        const { shopper, order } = await placedOrder(env, { points: 1_000 });
        // Two or three taps or tabs; in every other round they ask for different sums (points), and in
        // every fourth a page is paid while the other starts are still going.
        const taps = round % 2 === 0 ? 3 : 2;
        const points = (tap: number) => (round % 4 >= 2 ? tap * 100 : 0);
        const offered = new Set<string>();
        const pay = async (res: Response) => {
          const body = (await res.json()) as { kind?: string; paymentUrl?: string; code?: string };
          expect([200, 409], JSON.stringify(body)).toContain(res.status);
          // A start that comes after another tab's page was paid finds the order paid.
          if (res.status === 409) expect(["payment_in_progress", "order_not_payable"]).toContain(body.code);
          if (body.paymentUrl && !offered.has(body.paymentUrl)) {
            offered.add(body.paymentUrl);
            await payWithCard(body.paymentUrl, STAND_IN_CARDS.success, { send: env.send });
          }
        };
        const starts = Array.from({ length: taps }, (_, tap) =>
          start(env, shopper.cookie, order.id, points(tap)),
        );
        if (round % 4 === 3) await Promise.all(starts.map(async (s) => pay(await s)));
        else for (const res of await Promise.all(starts)) await pay(res);
        return { shopper, order, taps, offered: offered.size };
      }),
    );
    // The money the acquirer kept, whatever the shop has heard of yet.
    const pages = await Promise.all(
      rounds.map(({ order }) => acquirerPagesOf(env.database.db, order.number)),
    );
    expect(pages.filter((p) => p.charged !== 1)).toEqual([]);
    await env.deliverNotifications();
    const statuses = await Promise.all(
      rounds.map(async ({ shopper, order }) => (await orderOf(env, shopper.cookie, order.id)).status),
    );
    expect(statuses.every((s) => s === "paid")).toBe(true);
    // Some tabs were sent to a page another tab had open already.
    expect(rounds.some((r) => r.offered < r.taps)).toBe(true);
  });

  it("a pay-again while the first payment's confirmation is on its way: one charge, the order paid", async () => {
    const env = await paymentApp();
    for (const bonusPoints of [0, 100]) {
      const { shopper, order } = await placedOrder(env, { points: 1_000 });
      const first = await startPaying(env, shopper.cookie, order.id);
      // Paid at the acquirer; its notification has not reached the shop yet.
      await payWithCard(first, STAND_IN_CARDS.success, { send: env.send });
      // «Оплатить ещё раз» (the same sum, or with points): the shop learns of the payment, cancels nothing.
      const again = await start(env, shopper.cookie, order.id, bonusPoints);
      expect(await again.json()).toEqual({ kind: "paid", orderId: order.id });
      await env.deliverNotifications();
      expect((await orderOf(env, shopper.cookie, order.id)).status).toBe("paid");
      expect(await acquirerPagesOf(env.database.db, order.number)).toMatchObject({ charged: 1, refunded: 0 });
      expect((await paymentsOf(env.database.db, order.id)).map((p) => p.status)).toEqual(["confirmed"]);
    }
  });

  it("waits for a payment under way on the open page instead of cancelling it", async () => {
    const env = await paymentApp();
    const { shopper, order } = await placedOrder(env, { points: 1_000 });
    const first = await startPaying(env, shopper.cookie, order.id);
    // The card needs 3-D Secure, and the shopper has not typed the right code yet.
    await payWithCard(first, STAND_IN_CARDS.threeDs, { send: env.send, threeDsCode: "0000" });
    const other = await start(env, shopper.cookie, order.id, 100);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({
      code: "payment_in_progress",
      message: "Предыдущая оплата ещё идёт — дождитесь её результата",
    });
    // The same request again leads back to that page, where the payment completes.
    expect(await startPaying(env, shopper.cookie, order.id)).toBe(first);
    const done = await env.send(
      new Request(`${first}/3ds`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
        body: new URLSearchParams({ code: THREE_DS_CODE }).toString(),
        redirect: "manual",
      }),
    );
    expect(done.headers.get("location")).toBe(`${ORIGIN}/thank-you?orderId=${order.id}`);
    await env.deliverNotifications();
    expect((await orderOf(env, shopper.cookie, order.id)).status).toBe("paid");
    expect(await acquirerPagesOf(env.database.db, order.number)).toMatchObject({ charged: 1, refunded: 0 });
  });
});

describe("money the order cannot take goes back, whatever the acquirer does (ADR 043)", () => {
  /** An acquirer whose `Cancel` fails `times` times (a 503, as a T-Bank outage answers), then works. */
  const failingCancel = (times: number) => {
    const calls = { failed: 0, passed: 0 };
    const intercept: AcquirerOptions["intercept"] = async (request, next) => {
      if (!request.url.endsWith("/v2/Cancel")) return next(request);
      if (calls.failed < times) {
        calls.failed += 1;
        return new Response("Service Unavailable", { status: 503 });
      }
      calls.passed += 1;
      return next(request);
    };
    return { calls, intercept };
  };

  /** An order that timed out with its page open, then the page paid: money the order cannot take. */
  async function paidAfterExpiry(env: PaymentApp) {
    const { shopper, order } = await placedOrder(env);
    const paymentUrl = await startPaying(env, shopper.cookie, order.id);
    await passDeadline(env.database.db, order.id);
    expect(await env.services.orders.expire(order.id)).toBe(true);
    // The page's Cancel is queued, not yet sent: the shopper pays it meanwhile.
    await payWithCard(paymentUrl, STAND_IN_CARDS.success, { send: env.send });
    await env.deliverNotifications();
    const [payment] = await paymentsOf(env.database.db, order.id);
    expect(payment!.status).toBe("returning");
    return { shopper, order, payment: payment! };
  }

  it("refunds once, exactly once, when Cancel fails three times first", async () => {
    const { calls, intercept } = failingCancel(3);
    const env = await paymentApp({ intercept });
    const { shopper, order, payment } = await paidAfterExpiry(env);
    await env.runReturns([payment.id]);
    expect(calls).toEqual({ failed: 3, passed: 1 });
    expect((await paymentsOf(env.database.db, order.id))[0]).toMatchObject({
      status: "refunded",
      acquirerStatus: "REFUNDED",
    });
    expect(await acquirerPagesOf(env.database.db, order.number)).toMatchObject({ charged: 0, refunded: 1 });
    expect((await orderOf(env, shopper.cookie, order.id)).status).toBe("cancelled");
    expect(await paymentProblemsOf(env.database.db, payment.id)).toEqual([]);
    // A repeated job or a late notification changes nothing: no second Cancel.
    await env.services.orders.returnPayment(payment.id, { last: false });
    await env.deliverNotifications();
    expect(calls.passed).toBe(1);
  });

  it("closes an expired order's open page through the same job, retried", async () => {
    const { calls, intercept } = failingCancel(1);
    const env = await paymentApp({ intercept });
    const { shopper, order } = await placedOrder(env);
    const paymentUrl = await startPaying(env, shopper.cookie, order.id);
    await passDeadline(env.database.db, order.id);
    expect(await env.services.orders.expire(order.id)).toBe(true);
    const [payment] = await paymentsOf(env.database.db, order.id);
    expect(payment!.status).toBe("returning");
    await env.runReturns([payment!.id]);
    expect(calls).toEqual({ failed: 1, passed: 1 });
    expect((await paymentsOf(env.database.db, order.id))[0]).toMatchObject({
      status: "cancelled",
      acquirerStatus: "CANCELED",
    });
    // The page takes no money any more.
    const late = await payWithCard(paymentUrl, STAND_IN_CARDS.success, { send: env.send });
    expect(late.location).toBeUndefined();
    expect(await acquirerPagesOf(env.database.db, order.number)).toMatchObject({ charged: 0 });
  });

  it("lists the payment for an operator after the last retry, its money still recorded as not given back", async () => {
    const { calls, intercept } = failingCancel(Number.POSITIVE_INFINITY);
    const env = await paymentApp({ intercept });
    const { order, payment } = await paidAfterExpiry(env);
    await env.runReturns([payment.id]);
    expect(calls.failed).toBe(returnPaymentJob.maxAttempts);
    expect((await paymentsOf(env.database.db, order.id))[0]!.status).toBe("returning");
    expect(await acquirerPagesOf(env.database.db, order.number)).toMatchObject({ charged: 1, refunded: 0 });
    const problems = await paymentProblemsOf(env.database.db, payment.id);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ kind: "return_failed", orderId: order.id, resolvedAt: null });
  });
});

describe("the acquirer's own refunds and lost notifications, reconciled (point 3)", () => {
  /** A placed order with 300 points spent, paid by card at the stand-in and confirmed by its notification. */
  async function paidOrder(env: PaymentApp) {
    const placed = await placedOrder(env, { points: 1_000, bonusPoints: 300 });
    const paymentUrl = await startPaying(env, placed.shopper.cookie, placed.order.id, 300);
    await payWithCard(paymentUrl, STAND_IN_CARDS.success, { send: env.send });
    await env.deliverNotifications();
    expect((await orderOf(env, placed.shopper.cookie, placed.order.id)).status).toBe("paid");
    const [payment] = await paymentsOf(env.database.db, placed.order.id);
    return { ...placed, payment: payment! };
  }
  const bonusOf = (env: PaymentApp, userId: number) => createBonusRepository(env.database.db).balance(userId);

  it("cancels an order refunded in full at the acquirer before handover, giving back stock, points and cashback", async () => {
    const env = await paymentApp();
    const { shopper, product, order, payment } = await paidOrder(env);
    expect(await stockOf(env.database.db, product.id)).toBe(4);
    expect(await bonusOf(env, shopper.userId)).toEqual({ balance: 700, pending: 100 });

    // The shop's staff refund the whole payment in the acquirer's own account.
    await env.services.acquirer!.cancel(payment.externalId!);
    await env.deliverNotifications();

    const after = await orderOf(env, shopper.cookie, order.id);
    expect(after.status).toBe("cancelled");
    expect((await orderRow(env.database.db, order.id)).refundedTotal).toBe(payment.amount);
    expect((await paymentsOf(env.database.db, order.id))[0]).toMatchObject({
      status: "refunded",
      acquirerStatus: "REFUNDED",
      refundedAmount: payment.amount,
    });
    expect(await stockOf(env.database.db, product.id)).toBe(5);
    expect(await bonusOf(env, shopper.userId)).toEqual({ balance: 1_000, pending: 0 });
    const kinds = (await ledgerRowsOf(env.database.db, order.id)).map((r) => r.kind).sort();
    expect(kinds).toEqual(["cashback", "cashback_reversal", "spend", "spend_return"]);

    // The same word again (a repeated notification, a GetState) changes nothing.
    await env.services.orders.checkPayment(shopper.userId, order.id);
    await env.services.orders.acceptNotification(await signedNotification(env, order, payment, "REFUNDED"));
    expect(await stockOf(env.database.db, product.id)).toBe(5);
    expect(await bonusOf(env, shopper.userId)).toEqual({ balance: 1_000, pending: 0 });
    expect(await ledgerRowsOf(env.database.db, order.id)).toHaveLength(4);
  });

  it("records a partial refund on the order and lists it for an operator, the order kept", async () => {
    const env = await paymentApp();
    const { shopper, product, order, payment } = await paidOrder(env);
    await env.services.acquirer!.cancel(payment.externalId!, 50_000);
    await env.deliverNotifications();
    expect((await orderOf(env, shopper.cookie, order.id)).status).toBe("paid");
    expect((await paymentsOf(env.database.db, order.id))[0]).toMatchObject({
      status: "partially_refunded",
      acquirerStatus: "PARTIAL_REFUNDED",
    });
    expect(await paymentProblemsOf(env.database.db, payment.id)).toMatchObject([
      { kind: "partial_refund", orderId: order.id, resolvedAt: null },
    ]);
    expect(await stockOf(env.database.db, product.id)).toBe(4);
    expect(await bonusOf(env, shopper.userId)).toEqual({ balance: 700, pending: 100 });

    // The rest refunded later: now the whole payment went back, and the order not yet handed over ends.
    await env.services.acquirer!.cancel(payment.externalId!);
    await env.deliverNotifications();
    expect((await orderOf(env, shopper.cookie, order.id)).status).toBe("cancelled");
    expect(await stockOf(env.database.db, product.id)).toBe(5);
  });

  it("keeps a delivered order delivered when the acquirer refunds it, listed for an operator", async () => {
    const env = await paymentApp();
    const { shopper, product, order, payment } = await paidOrder(env);
    await setOrderStatus(env.database.db, order.id, "delivered");
    await env.services.acquirer!.cancel(payment.externalId!);
    await env.deliverNotifications();
    expect((await orderOf(env, shopper.cookie, order.id)).status).toBe("delivered");
    expect((await paymentsOf(env.database.db, order.id))[0]!.status).toBe("refunded");
    expect(await paymentProblemsOf(env.database.db, payment.id)).toMatchObject([
      { kind: "refund_after_handover" },
    ]);
    // The goods are with the shopper: nothing goes back to stock.
    expect(await stockOf(env.database.db, product.id)).toBe(4);
  });

  it("pays, rather than cancels, an order whose payment notification was lost, when it expires", async () => {
    const env = await paymentApp({ loseNotifications: true });
    const { shopper, product, order } = await placedOrder(env);
    const paymentUrl = await startPaying(env, shopper.cookie, order.id);
    await payWithCard(paymentUrl, STAND_IN_CARDS.success, { send: env.send });
    await env.deliverNotifications();
    expect((await orderOf(env, shopper.cookie, order.id)).status).toBe("awaiting_payment");

    await passDeadline(env.database.db, order.id);
    expect(await env.services.orders.expire(order.id)).toBe(false);
    expect((await orderOf(env, shopper.cookie, order.id)).status).toBe("paid");
    expect(await stockOf(env.database.db, product.id)).toBe(4);
    expect(await acquirerPagesOf(env.database.db, order.number)).toMatchObject({ charged: 1, refunded: 0 });
  });

  it("cancels on time when the acquirer fails: one GetState, not one per expiring order", async () => {
    const calls = { getState: 0 };
    const env = await paymentApp({
      intercept: async (request, next) => {
        if (!request.url.endsWith("/v2/GetState")) return next(request);
        calls.getState += 1;
        return new Response("Service Unavailable", { status: 503 });
      },
    });
    const orders = [await placedOrder(env), await placedOrder(env), await placedOrder(env)];
    for (const { shopper, order } of orders) {
      await startPaying(env, shopper.cookie, order.id);
      await passDeadline(env.database.db, order.id);
    }
    for (const { order } of orders) expect(await env.services.orders.expire(order.id)).toBe(true);
    expect(calls.getState).toBe(1);
    // Their pages go back through the return job, which asks the acquirer again in its own time.
    for (const { order } of orders) {
      expect((await paymentsOf(env.database.db, order.id))[0]!.status).toBe("returning");
    }
  });

  it("asks the acquirer about pages open past their lifetime, on its own (the reconciliation job)", async () => {
    const env = await paymentApp({ loseNotifications: true });
    const paid = await placedOrder(env);
    await payWithCard(await startPaying(env, paid.shopper.cookie, paid.order.id), STAND_IN_CARDS.success, {
      send: env.send,
    });
    const declined = await placedOrder(env);
    await payWithCard(
      await startPaying(env, declined.shopper.cookie, declined.order.id),
      STAND_IN_CARDS.declined,
      {
        send: env.send,
      },
    );
    const fresh = await placedOrder(env);
    await payWithCard(await startPaying(env, fresh.shopper.cookie, fresh.order.id), STAND_IN_CARDS.success, {
      send: env.send,
    });
    await env.deliverNotifications();
    // Two pages past their lifetime and the grace; the third still within it, left to its notification.
    const longAgo = new Date(Date.now() - RECONCILE_GRACE_MS - 60_000);
    await passDeadline(env.database.db, paid.order.id, longAgo);
    await passDeadline(env.database.db, declined.order.id, longAgo);

    expect(await env.services.orders.reconcileOpenPayments()).toBeGreaterThanOrEqual(2);
    expect((await orderOf(env, paid.shopper.cookie, paid.order.id)).status).toBe("paid");
    expect((await paymentsOf(env.database.db, declined.order.id))[0]).toMatchObject({
      status: "rejected",
      acquirerStatus: "REJECTED",
    });
    expect((await orderOf(env, fresh.shopper.cookie, fresh.order.id)).status).toBe("awaiting_payment");
    // Nothing is left open past its lifetime for the next round.
    const again = await env.services.orders.reconcileOpenPayments();
    expect((await paymentsOf(env.database.db, paid.order.id))[0]!.status).toBe("confirmed");
    expect(again).toBe(0);
  });
});

/** A notification the acquirer would sign for this payment, with this status word. */
async function signedNotification(
  env: PaymentApp,
  order: Order,
  payment: { externalId: string | null; amount: number },
  status: string,
) {
  const { terminalKey, password } = await env.services.acquirerStandIn!.credentials();
  return signed(
    {
      TerminalKey: terminalKey,
      OrderId: `${order.number}-1`,
      Success: true,
      Status: status,
      PaymentId: Number(payment.externalId),
      ErrorCode: "0",
      Amount: payment.amount,
    },
    password,
  );
}
