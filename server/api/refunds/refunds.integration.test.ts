import { describe, expect, it } from "vitest";
import type { Order } from "#contract/orders.ts";
import type { ReturnRequest } from "#contract/returns.ts";
import { createBonusRepository } from "#server/domain/bonus/repository.ts";
import { standInReceipts } from "#tests/fixtures/acquirer-stand-in.ts";
import { deliverOrder, setCashbackDue } from "#tests/fixtures/after-sale-data.ts";
import { pointsOf, refundsOf } from "#tests/fixtures/cancellation-data.ts";
import {
  checkoutKey,
  expectedLinesOf,
  paymentsOf,
  scratchProduct,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { orderOf, paidTwoParcels, type PaymentApp, paymentApp } from "#tests/fixtures/payment-app.ts";
import { operatorSession, returnRow, returnSmsOf, returnsApi } from "#tests/fixtures/returns-data.ts";
import { auditRowsOf } from "#tests/fixtures/staff-data.ts";
import { uploadRow } from "#tests/fixtures/upload-data.ts";

// Returns of delivered goods (issue 21, point 2; ADR 059): only delivered units within their window,
// never more than was bought or paid; each decision and its money exactly once, through the durable jobs.

const DAY = 86_400_000;

/** A paid two-parcel order (3,000 ₽ + 1,000 ₽, 200 points spent: 150 + 50; cashback 120 + 40), delivered. */
async function deliveredTwoParcels(env: PaymentApp, deliveredAt = new Date()) {
  const paid = await paidTwoParcels(env);
  await deliverOrder(env.database.db, paid.order.id, deliveredAt);
  const api = returnsApi(env);
  const returnable = await api.returnable(paid.shopper.cookie, paid.order.id);
  const lineOf = (productId: number) => returnable.lines.find((l) => l.productId === productId)!;
  return {
    ...paid,
    api,
    returnable,
    bigLine: lineOf(paid.products[0]!.id),
    smallLine: lineOf(paid.products[1]!.id),
  };
}

const sent = async (res: Response) => {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as ReturnRequest;
};

describe("a return of a delivered unit", () => {
  it("goes sent → approved → refunded: its points at once, its money by one partial Cancel, its cashback back", async () => {
    const env = await paymentApp();
    const db = env.database.db;
    const { shopper, order, api, smallLine, returnable } = await deliveredTwoParcels(env);
    expect(returnable.lines.map((l) => l.returnable)).toEqual([1, 1]);
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 800, pending: 160 });

    const request = await sent(
      await api.create(shopper.cookie, {
        orderId: order.id,
        lines: [{ lineId: smallLine.lineId, quantity: 1 }],
        reason: "changed_mind",
        comment: "Не подошёл по цвету",
      }),
    );
    expect(request).toMatchObject({
      status: "sent",
      statusText: "На рассмотрении",
      amount: 95_000,
      points: 50,
      cancellable: true,
      money: null,
      lines: [{ lineId: smallLine.lineId, quantity: 1 }],
    });
    // Nothing moves before a decision; the unit is spoken for.
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 800, pending: 160 });
    expect((await api.returnable(shopper.cookie, order.id)).lines.map((l) => l.returnable)).toEqual([1, 0]);

    const staff = await operatorSession(db);
    const approved = await api.approve(staff.cookie, request.id);
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect(await approved.json()).toMatchObject({ status: "approved", amount: 95_000, points: 50 });
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 850, pending: 120 });
    const [refund] = await refundsOf(db, order.id);
    expect(refund).toMatchObject({ returnId: request.id, amount: 95_000, points: 50, status: "pending" });
    expect((await api.view(shopper.cookie, request.id)).money).toEqual({
      status: "pending",
      error: null,
      notice: null,
    });

    await env.runRefunds(order.id);
    const done = await api.view(shopper.cookie, request.id);
    expect(done).toMatchObject({ status: "refunded", statusText: "Деньги возвращены", cancellable: false });
    expect(done.timeline.map((e) => e.status)).toEqual(["sent", "approved", "refunded"]);
    const [payment] = await paymentsOf(db, order.id);
    expect(payment).toMatchObject({ status: "partially_refunded", refundedAmount: 95_000 });
    const receipts = await standInReceipts(db, payment!.externalId!);
    const items = (receipts.refunds[0] as { Items: { Amount: number; Quantity: number }[] }).Items;
    expect(items.reduce((sum, i) => sum + i.Amount, 0)).toBe(95_000);
    expect(items).toHaveLength(1);
    expect((await orderOf(env, shopper.cookie, order.id)).refundedTotal).toBe(95_000);

    // Approving again answers as it is: one refund, one SMS, one audit row, the points once.
    expect((await api.approve(staff.cookie, request.id)).status).toBe(200);
    expect(await refundsOf(db, order.id)).toHaveLength(1);
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 850, pending: 120 });
    expect(await returnSmsOf(db, order.id)).toEqual([
      {
        key: `return:${request.id}:approved`,
        text: `Возврат № ${request.id} одобрен. 950\u00a0₽ вернутся на карту в течение 10 дней, 50 баллов уже на счёте. Витрина`,
      },
    ]);
    expect(await auditRowsOf(db, `return:${request.id}`)).toEqual([
      expect.objectContaining({ action: "return.approve", actorUserId: staff.userId }),
    ]);
    const sums = await createBonusRepository(db).ledgerSums(shopper.userId);
    expect(sums).toEqual({ balance: 850, pending: 120 });
  });

  it("the rest of the order returned later gives back exactly what is left: never above what was paid", async () => {
    const env = await paymentApp();
    const db = env.database.db;
    const { shopper, order, api, smallLine, bigLine } = await deliveredTwoParcels(env);
    const staff = await operatorSession(db);
    for (const line of [smallLine, bigLine]) {
      const request = await sent(
        await api.create(shopper.cookie, {
          orderId: order.id,
          lines: [{ lineId: line.lineId, quantity: 1 }],
          reason: "not_fit",
        }),
      );
      expect((await api.approve(staff.cookie, request.id)).status).toBe(200);
    }
    await env.runRefunds(order.id);
    const [payment] = await paymentsOf(db, order.id);
    expect(payment).toMatchObject({ status: "refunded", refundedAmount: payment!.amount });
    expect((await refundsOf(db, order.id)).reduce((s, r) => s + r.amount, 0)).toBe(380_000);
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 1_000, pending: 0 });
    // Nothing is left to return.
    expect((await api.returnable(shopper.cookie, order.id)).lines.map((l) => l.returnable)).toEqual([0, 0]);
    const again = await api.create(shopper.cookie, {
      orderId: order.id,
      lines: [{ lineId: smallLine.lineId, quantity: 1 }],
      reason: "defect",
      photoIds: [await api.photo(shopper.cookie)],
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "return_quantity_exceeded" });
  });

  it("a claim about the goods needs a photo; the photo is attached and seen by the shopper and operators only", async () => {
    const env = await paymentApp();
    const db = env.database.db;
    const { shopper, order, api, smallLine } = await deliveredTwoParcels(env);
    const body = { orderId: order.id, lines: [{ lineId: smallLine.lineId, quantity: 1 }], reason: "defect" };
    const bare = await api.create(shopper.cookie, body);
    expect(bare.status).toBe(400);
    expect(JSON.stringify(await bare.json())).toContain("Приложите хотя бы одно фото");

    const photo = await api.photo(shopper.cookie);
    const request = await sent(await api.create(shopper.cookie, { ...body, photoIds: [photo] }));
    expect(request.photos).toEqual([
      { id: photo, url: `/api/v1/uploads/${photo}`, thumbUrl: `/api/v1/uploads/${photo}?w=160` },
    ]);
    expect((await uploadRow(db, photo))!.attachedTo).toBe(`refund:${request.id}`);
    const staff = await operatorSession(db);
    expect((await api.card(staff.cookie, request.id)).photos.map((p) => p.id)).toEqual([photo]);
    expect((await env.call(`/api/v1/uploads/${photo}`, { cookie: staff.cookie })).status).toBe(200);
    const stranger = await shopperWithBasket(db, []);
    expect((await env.call(`/api/v1/uploads/${photo}`, { cookie: stranger.cookie })).status).toBe(404);
  });
});

describe("what may be returned", () => {
  it("only delivered units, within the window of the reason; claims about defects run two years", async () => {
    const env = await paymentApp();
    const db = env.database.db;
    const paid = await paidTwoParcels(env);
    const api = returnsApi(env);
    const returnable = await api.returnable(paid.shopper.cookie, paid.order.id);
    expect(returnable.lines).toEqual([]);
    // Not delivered yet: even a line id of the order is refused.
    const lines = await env.database.db.query.orderLines.findMany({
      where: (l, { eq }) => eq(l.orderId, paid.order.id),
    });
    const early = await api.create(paid.shopper.cookie, {
      orderId: paid.order.id,
      lines: [{ lineId: lines[0]!.id, quantity: 1 }],
      reason: "changed_mind",
    });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: "return_not_delivered" });

    // Delivered 20 days ago: past the 14 days for goods of proper quality, within a claim's two years.
    await deliverOrder(db, paid.order.id, new Date(Date.now() - 20 * DAY));
    const late = await api.create(paid.shopper.cookie, {
      orderId: paid.order.id,
      lines: [{ lineId: lines[0]!.id, quantity: 1 }],
      reason: "changed_mind",
    });
    expect(late.status).toBe(409);
    const refused = (await late.json()) as { code: string; message: string };
    expect(refused.code).toBe("return_window_closed");
    expect(refused.message).toContain("Брак");
    const claim = await api.create(paid.shopper.cookie, {
      orderId: paid.order.id,
      lines: [{ lineId: lines[0]!.id, quantity: 1 }],
      reason: "defect",
      photoIds: [await api.photo(paid.shopper.cookie)],
    });
    expect(claim.status).toBe(200);

    // Three years on, not even a claim.
    await deliverOrder(db, paid.order.id, new Date(Date.now() - 3 * 365 * DAY));
    const ancient = await api.create(paid.shopper.cookie, {
      orderId: paid.order.id,
      lines: [{ lineId: lines[1]!.id, quantity: 1 }],
      reason: "defect",
      photoIds: [await api.photo(paid.shopper.cookie)],
    });
    expect(ancient.status).toBe(409);
    expect(await ancient.json()).toMatchObject({ code: "return_window_closed" });
  });

  it("a unit in a request under consideration cannot be asked for twice; withdrawn, it can again", async () => {
    const env = await paymentApp();
    const { shopper, order, api, smallLine } = await deliveredTwoParcels(env);
    const body = {
      orderId: order.id,
      lines: [{ lineId: smallLine.lineId, quantity: 1 }],
      reason: "changed_mind",
    };
    const first = await sent(await api.create(shopper.cookie, body));
    const second = await api.create(shopper.cookie, body);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: "return_quantity_exceeded" });
    const withdrawn = await sent(await api.cancel(shopper.cookie, first.id));
    expect(withdrawn).toMatchObject({ status: "cancelled", cancellable: false });
    expect(withdrawn.timeline.map((e) => e.status)).toEqual(["sent", "cancelled"]);
    expect((await api.cancel(shopper.cookie, first.id)).status).toBe(200);
    expect((await api.create(shopper.cookie, body)).status).toBe(200);
    // More units than bought.
    const greedy = await api.create(shopper.cookie, {
      ...body,
      lines: [{ lineId: smallLine.lineId, quantity: 3 }],
    });
    expect(greedy.status).toBe(409);
  });

  it("two requests for the same unit at once: one is taken", async () => {
    const env = await paymentApp();
    const { shopper, order, api, smallLine } = await deliveredTwoParcels(env);
    const body = {
      orderId: order.id,
      lines: [{ lineId: smallLine.lineId, quantity: 1 }],
      reason: "changed_mind",
    };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => api.create(shopper.cookie, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });
});

describe("an operator decides", () => {
  it("rejects with a reason the shopper reads; the SMS and the audit row once; nothing is given back", async () => {
    const env = await paymentApp();
    const db = env.database.db;
    const { shopper, order, api, smallLine } = await deliveredTwoParcels(env);
    const request = await sent(
      await api.create(shopper.cookie, {
        orderId: order.id,
        lines: [{ lineId: smallLine.lineId, quantity: 1 }],
        reason: "changed_mind",
      }),
    );
    const staff = await operatorSession(db);
    const blank = await api.reject(staff.cookie, request.id, "  ");
    expect(blank.status).toBe(400);
    const rejected = await api.reject(staff.cookie, request.id, "Товар был в употреблении: следы носки");
    expect(rejected.status).toBe(200);
    // The same rejection again (a double click) is answered as it is; another reason is refused, not lost.
    expect((await api.reject(staff.cookie, request.id, "Товар был в употреблении: следы носки")).status).toBe(
      200,
    );
    const other = await api.reject(staff.cookie, request.id, "Другая причина");
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: "return_decided", message: "Заявка уже рассмотрена" });
    const view = await api.view(shopper.cookie, request.id);
    expect(view).toMatchObject({
      status: "rejected",
      decisionReason: "Товар был в употреблении: следы носки",
      cancellable: false,
    });
    expect(view.timeline.at(-1)).toMatchObject({
      status: "rejected",
      note: "Товар был в употреблении: следы носки",
    });
    expect(await returnSmsOf(db, order.id)).toEqual([
      expect.objectContaining({ key: `return:${request.id}:rejected` }),
    ]);
    expect(await auditRowsOf(db, `return:${request.id}`)).toHaveLength(1);
    expect(await refundsOf(db, order.id)).toEqual([]);
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 800, pending: 160 });
    // Decided: neither approval nor withdrawal moves it.
    const late = await api.approve(staff.cookie, request.id);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: "return_decided" });
    expect((await api.cancel(shopper.cookie, request.id)).status).toBe(409);
    // The unit is free again.
    expect((await api.returnable(shopper.cookie, order.id)).lines.map((l) => l.returnable)).toEqual([1, 1]);
  });

  it("ten operators approving one request at once: one refund, the points once", async () => {
    const env = await paymentApp();
    const db = env.database.db;
    const { shopper, order, api, bigLine } = await deliveredTwoParcels(env);
    const request = await sent(
      await api.create(shopper.cookie, {
        orderId: order.id,
        lines: [{ lineId: bigLine.lineId, quantity: 1 }],
        reason: "changed_mind",
      }),
    );
    const staff = await Promise.all(Array.from({ length: 10 }, () => operatorSession(db)));
    const answers = await Promise.all(staff.map((s) => api.approve(s.cookie, request.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await refundsOf(db, order.id)).toEqual([
      expect.objectContaining({ returnId: request.id, amount: 285_000, points: 150 }),
    ]);
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 950, pending: 40 });
    expect(await returnSmsOf(db, order.id)).toHaveLength(1);
    expect(await auditRowsOf(db, `return:${request.id}`)).toHaveLength(1);
  });

  it("matured cashback is taken back from the balance when the claim comes after the window", async () => {
    const env = await paymentApp();
    const db = env.database.db;
    const { shopper, order, api, smallLine } = await deliveredTwoParcels(
      env,
      new Date(Date.now() - 30 * DAY),
    );
    await setCashbackDue(db, order.id, new Date(Date.now() - 15 * DAY));
    await env.services.cashback.releaseDue();
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 960, pending: 0 });
    const request = await sent(
      await api.create(shopper.cookie, {
        orderId: order.id,
        lines: [{ lineId: smallLine.lineId, quantity: 1 }],
        reason: "defect",
        photoIds: [await api.photo(shopper.cookie)],
      }),
    );
    expect((await api.approve((await operatorSession(db)).cookie, request.id)).status).toBe(200);
    // +50 points spent on the parcel, −40 of its matured cashback.
    expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 970, pending: 0 });
    expect(await createBonusRepository(db).ledgerSums(shopper.userId)).toEqual({ balance: 970, pending: 0 });
  });
});

describe("the money's way back", () => {
  it("a slow acquirer: the request says the bank did not answer in time, then refunded once it does", async () => {
    let slow = true;
    const env = await paymentApp({
      timeoutMs: 200,
      intercept: async (request, next) => {
        if (slow && request.url.endsWith("/v2/Cancel")) {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
        return next(request);
      },
    });
    const db = env.database.db;
    const { shopper, order, api, smallLine } = await deliveredTwoParcels(env);
    const request = await sent(
      await api.create(shopper.cookie, {
        orderId: order.id,
        lines: [{ lineId: smallLine.lineId, quantity: 1 }],
        reason: "changed_mind",
      }),
    );
    expect((await api.approve((await operatorSession(db)).cookie, request.id)).status).toBe(200);
    await env.runRefundOnce(order.id);
    const waiting = await api.view(shopper.cookie, request.id);
    expect(waiting.status).toBe("approved");
    expect(waiting.money).toEqual({
      status: "pending",
      error: "timeout",
      notice: expect.stringContaining("Банк не ответил на запрос о возврате вовремя"),
    });
    slow = false;
    await env.runRefunds(order.id);
    const done = await api.view(shopper.cookie, request.id);
    expect(done).toMatchObject({ status: "refunded", money: { status: "done", error: null, notice: null } });
    // The late answer to the timed-out Cancel and the retry refunded once (ExternalRequestId).
    const [payment] = await paymentsOf(db, order.id);
    expect(payment!.refundedAmount).toBe(95_000);
  });

  it("an acquirer that refuses: the unexpected-error text, and an operator's problem", async () => {
    const env = await paymentApp({
      intercept: async (request, next) =>
        request.url.endsWith("/v2/Cancel") ? new Response("down", { status: 502 }) : next(request),
    });
    const db = env.database.db;
    const { shopper, order, api, smallLine } = await deliveredTwoParcels(env);
    const request = await sent(
      await api.create(shopper.cookie, {
        orderId: order.id,
        lines: [{ lineId: smallLine.lineId, quantity: 1 }],
        reason: "changed_mind",
      }),
    );
    expect((await api.approve((await operatorSession(db)).cookie, request.id)).status).toBe(200);
    await env.runRefundOnce(order.id);
    expect((await api.view(shopper.cookie, request.id)).money).toMatchObject({
      status: "pending",
      error: "error",
      notice: expect.stringContaining("непредвиденная ошибка"),
    });
    await env.runRefunds(order.id);
    const failed = await api.view(shopper.cookie, request.id);
    expect(failed).toMatchObject({ status: "approved", money: { status: "failed" } });
    expect(failed.money!.notice).toContain("непредвиденная ошибка");
    expect((await returnRow(db, request.id))!.status).toBe("approved");
  });
});

describe("ownership", () => {
  it("another shopper's order, request or photo: 404, nothing changed", async () => {
    const env = await paymentApp();
    const db = env.database.db;
    const { shopper, order, api, smallLine } = await deliveredTwoParcels(env);
    const other = await shopperWithBasket(db, []);
    const body = {
      orderId: order.id,
      lines: [{ lineId: smallLine.lineId, quantity: 1 }],
      reason: "changed_mind",
    };
    expect((await api.create(other.cookie, body)).status).toBe(404);
    expect(
      (await env.call(`/api/v1/refunds/returnable?orderId=${order.id}`, { cookie: other.cookie })).status,
    ).toBe(404);
    const request = await sent(await api.create(shopper.cookie, body));
    expect((await api.get(other.cookie, request.id)).status).toBe(404);
    expect((await api.cancel(other.cookie, request.id)).status).toBe(404);
    expect((await returnRow(db, request.id))!.status).toBe("sent");
    // Another's photo: refused, and no request is left behind.
    const theirs = await api.photo(other.cookie);
    const withTheirs = await api.create(shopper.cookie, {
      ...body,
      lines: [{ lineId: (await api.returnable(shopper.cookie, order.id)).lines[0]!.lineId, quantity: 1 }],
      photoIds: [theirs],
    });
    expect(withTheirs.status).toBe(404);
    expect(await withTheirs.json()).toMatchObject({ code: "upload_not_found" });
    expect((await api.returnable(shopper.cookie, order.id)).lines.map((l) => l.returnable)).toEqual([1, 0]);
    expect((await uploadRow(db, theirs))!.attachedTo).toBeNull();
    // The queue is the operators': a shopper gets 403, nobody signed in 401.
    expect((await api.approve(shopper.cookie, request.id)).status).toBe(403);
    expect((await env.call("/api/v1/admin/refunds")).status).toBe(401);
    expect((await env.call("/api/v1/refunds")).status).toBe(401);
  });

  it("a comment is bounded and kept as text", async () => {
    const env = await paymentApp();
    const { shopper, order, api, smallLine } = await deliveredTwoParcels(env);
    const body = {
      orderId: order.id,
      lines: [{ lineId: smallLine.lineId, quantity: 1 }],
      reason: "changed_mind",
    };
    expect((await api.create(shopper.cookie, { ...body, comment: "я".repeat(1001) })).status).toBe(400);
    const markup = '<img src=x onerror="alert(1)">';
    expect((await sent(await api.create(shopper.cookie, { ...body, comment: markup }))).comment).toBe(markup);
  });
});

describe("fifty shoppers at once", () => {
  it("each sends the same request twice and has it approved twice: points back exactly once each", async () => {
    const env = await paymentApp();
    const db = env.database.db;
    const api = returnsApi(env);
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
      await deliverOrder(db, order.id);
      const [line] = (await api.returnable(shopper.cookie, order.id)).lines;
      shoppers.push({ shopper, order, lineId: line!.lineId });
    }
    const created = await Promise.all(
      shoppers.flatMap(({ shopper, order, lineId }) =>
        [1, 2].map(() =>
          api.create(shopper.cookie, {
            orderId: order.id,
            lines: [{ lineId, quantity: 1 }],
            reason: "not_fit",
          }),
        ),
      ),
    );
    expect(created.filter((r) => r.status === 200)).toHaveLength(50);
    expect(created.filter((r) => r.status === 409)).toHaveLength(50);
    const ids = await Promise.all(
      created.filter((r) => r.status === 200).map(async (r) => (await r.json()).id),
    );
    const staff = await operatorSession(db);
    const approved = await Promise.all(ids.flatMap((id) => [1, 2].map(() => api.approve(staff.cookie, id))));
    expect(approved.every((r) => r.status === 200)).toBe(true);
    for (const { shopper, order } of shoppers) {
      expect(await pointsOf(db, shopper.userId)).toEqual({ balance: 2_000, pending: 0 });
      expect(await refundsOf(db, order.id)).toEqual([expect.objectContaining({ amount: 0, points: 1_000 })]);
    }
    for (const id of ids) expect((await returnRow(db, id))!.status).toBe("refunded");
  });
});
