import { afterAll, describe, expect, it } from "vitest";
import type { PaymentProblemView, StockItemView } from "#contract/admin-operations.ts";
import type { ProductDetail } from "#contract/catalog.ts";
import type { Order } from "#contract/orders.ts";
import {
  jobsOf,
  paymentProblemRow,
  refundOf,
  refundRow,
  paymentWithProblem,
  recordOutbox,
  removeOutbox,
  setShipmentsStatus,
} from "#tests/fixtures/admin-operations-data.ts";
import { callApi, readJson } from "#tests/fixtures/api-call.ts";
import { eventually } from "#tests/fixtures/eventually.ts";
import {
  checkoutKey,
  expectedLinesOf,
  removeOrderData,
  scratchProduct,
  shopperWithBasket,
  stockOf,
} from "#tests/fixtures/order-data.ts";
import { auditRowsOf } from "#tests/fixtures/staff-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { createSession } from "#tests/factories/sessions.ts";

// The back office's operations (issue 20, points 7, 9, 10): the payment problems queue, stock by hand and
// the SMS outbox. The gate (401 / 403 for every operation) is walked in admin.integration.test.ts.

/** The first field's message of a 400 (the API's validation answer lists each field's). */
const fieldMessage = async (res: Response) =>
  ((await res.json()) as { fields?: { message: string }[] }).fields?.[0]?.message;

const db = async () => (await getTestContext()).database.db;
const operator = async () => createSession(await db(), { user: { roles: ["shopper", "operator"] } });

afterAll(async () => {
  await removeOrderData(await db());
});

/** A shopper's order of `quantity` units of the product, placed through the API (awaiting payment). */
async function placeOrder(productId: number, quantity: number): Promise<Order> {
  const database = await db();
  const shopper = await shopperWithBasket(database, [{ productId, quantity }]);
  const body = {
    checkoutKey: checkoutKey(),
    ...(await expectedLinesOf(database, shopper.userId)),
    deliveryType: "pickup",
    addressId: shopper.pickupAddressId,
  };
  return readJson<Order>(
    await callApi("/api/v1/orders", { method: "POST", cookie: shopper.cookie, body }),
    201,
  );
}

describe("the payment problems queue", () => {
  type Page = { items: PaymentProblemView[]; open: number; next: string | null };

  it("lists open problems first with the order's number and the payment, then settles one with a note, audited", async () => {
    const database = await db();
    const staff = await operator();
    const product = await scratchProduct(database, { stock: 10 });
    const order = await placeOrder(product.id, 1);
    const partial = await paymentWithProblem(database, order.id, {
      kind: "partial_refund",
      status: "partially_refunded",
      amount: 250_000,
    });
    const failed = await paymentWithProblem(database, order.id, {
      kind: "return_failed",
      status: "returning",
      job: "failed",
    });

    const open = await readJson<Page>(
      await callApi("/api/v1/admin/payment-problems", { cookie: staff.cookie }),
    );
    const mine = open.items.filter((p) => p.order.id === order.id);
    // Newest first.
    expect(mine.map((p) => p.id)).toEqual([failed.problemId, partial.problemId]);
    expect(mine[0]).toMatchObject({
      kind: "return_failed",
      kindText: "Не удалось вернуть платёж",
      order: { number: order.number },
      payment: { id: failed.paymentId, amount: 150_000, status: "returning", statusText: "Возвращается" },
      job: { state: "failed", attempts: 8 },
      canRetry: true,
      resolved: null,
    });
    expect(mine[1]).toMatchObject({
      kind: "partial_refund",
      payment: { amount: 250_000, status: "partially_refunded" },
      job: null,
      canRetry: false,
    });
    expect(open.open).toBeGreaterThanOrEqual(2);

    // A note is required, and at most 500 characters.
    for (const note of ["", "   ", "я".repeat(501)]) {
      const bad = await callApi(`/api/v1/admin/payment-problems/${partial.problemId}/resolve`, {
        method: "POST",
        cookie: staff.cookie,
        body: { note },
      });
      expect(bad.status, JSON.stringify(note)).toBe(400);
      expect(await fieldMessage(bad)).toMatch(/Напишите, как решили проблему|Не длиннее 500 символов/);
    }

    const settled = await readJson<PaymentProblemView>(
      await callApi(`/api/v1/admin/payment-problems/${partial.problemId}/resolve`, {
        method: "POST",
        cookie: staff.cookie,
        body: { note: "  Остаток вернули вручную в кабинете банка  " },
      }),
    );
    expect(settled.resolved).toMatchObject({
      byUserId: staff.userId,
      note: "Остаток вернули вручную в кабинете банка",
    });
    const row = await paymentProblemRow(database, partial.problemId);
    expect(row.resolvedAt).not.toBeNull();
    expect(row.resolvedBy).toBe(staff.userId);
    expect(await auditRowsOf(database, `payment_problem:${partial.problemId}`)).toMatchObject([
      {
        actorUserId: staff.userId,
        action: "payment_problem.resolve",
        details: { orderId: order.id, paymentId: partial.paymentId, kind: "partial_refund" },
      },
    ]);

    // Twice is a conflict, not a second record; an unknown problem is 404.
    const again = await callApi(`/api/v1/admin/payment-problems/${partial.problemId}/resolve`, {
      method: "POST",
      cookie: staff.cookie,
      body: { note: "ещё раз" },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "already_resolved" });
    expect(await auditRowsOf(database, `payment_problem:${partial.problemId}`)).toHaveLength(1);
    const missing = await callApi("/api/v1/admin/payment-problems/999999999/resolve", {
      method: "POST",
      cookie: staff.cookie,
      body: { note: "нет такой" },
    });
    expect(missing.status).toBe(404);

    // Settled ones leave the open list and show under resolved; `all` puts the open ones first.
    const after = await readJson<Page>(
      await callApi("/api/v1/admin/payment-problems", { cookie: staff.cookie }),
    );
    expect(after.items.map((p) => p.id)).not.toContain(partial.problemId);
    expect(after.open).toBe(open.open - 1);
    const resolved = await readJson<Page>(
      await callApi("/api/v1/admin/payment-problems?state=resolved", { cookie: staff.cookie }),
    );
    expect(resolved.items[0]!.id).toBe(partial.problemId);
    const all = await readJson<Page>(
      await callApi("/api/v1/admin/payment-problems?state=all&limit=100", { cookie: staff.cookie }),
    );
    const firstResolved = all.items.findIndex((p) => p.resolved !== null);
    expect(all.items.slice(firstResolved).every((p) => p.resolved !== null)).toBe(true);
    expect(all.items.slice(0, firstResolved).map((p) => p.id)).toContain(failed.problemId);
  });

  it("pages the open list by the cursor, each problem once", async () => {
    const database = await db();
    const staff = await operator();
    const order = await placeOrder((await scratchProduct(database, { stock: 5 })).id, 1);
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        (
          await paymentWithProblem(database, order.id, {
            kind: "partial_refund",
            status: "partially_refunded",
          })
        ).problemId,
      );
    }
    const seen: number[] = [];
    let before: string | null = null;
    do {
      const query: string = before ? `&before=${before}` : "";
      const page: Page = await readJson<Page>(
        await callApi(`/api/v1/admin/payment-problems?state=all&limit=2${query}`, { cookie: staff.cookie }),
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((p) => p.id));
      before = page.next;
    } while (before);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(made));
    const bad = await callApi("/api/v1/admin/payment-problems?before=12", { cookie: staff.cookie });
    expect(bad.status).toBe(400);
    expect(await fieldMessage(bad)).toBe("Курсор — из поля next предыдущей страницы");
  });

  it("retries a failed return by re-arming its one job with all its attempts, audited; not while it runs", async () => {
    const database = await db();
    const staff = await operator();
    const order = await placeOrder((await scratchProduct(database, { stock: 5 })).id, 1);
    const { paymentId, problemId } = await paymentWithProblem(database, order.id, {
      kind: "return_failed",
      status: "returning",
      job: "failed",
    });

    const retried = await readJson<PaymentProblemView>(
      await callApi(`/api/v1/admin/payment-problems/${problemId}/retry`, {
        method: "POST",
        cookie: staff.cookie,
      }),
    );
    expect(retried).toMatchObject({ job: { state: "queued", attempts: 0 }, canRetry: false, resolved: null });
    const jobs = await jobsOf(database, "return-payment", `payment:${paymentId}`);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ state: "queued", attempts: 0, finishedAt: null, payload: { paymentId } });
    expect(jobs[0]!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(await auditRowsOf(database, `payment_problem:${problemId}`)).toMatchObject([
      {
        actorUserId: staff.userId,
        action: "payment_problem.retry",
        details: { paymentId, kind: "return_failed", job: "return-payment", jobId: jobs[0]!.id },
      },
    ]);

    // The job is queued: a second click does not start a second one.
    const twice = await callApi(`/api/v1/admin/payment-problems/${problemId}/retry`, {
      method: "POST",
      cookie: staff.cookie,
    });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ code: "retry_in_progress" });
    expect(await jobsOf(database, "return-payment", `payment:${paymentId}`)).toHaveLength(1);
    expect(await auditRowsOf(database, `payment_problem:${problemId}`)).toHaveLength(1);
  });

  it("makes the return job anew when housekeeping purged the failed one", async () => {
    const database = await db();
    const staff = await operator();
    const order = await placeOrder((await scratchProduct(database, { stock: 5 })).id, 1);
    const { paymentId, problemId } = await paymentWithProblem(database, order.id, {
      kind: "return_failed",
      status: "returning",
    });
    await readJson(
      await callApi(`/api/v1/admin/payment-problems/${problemId}/retry`, {
        method: "POST",
        cookie: staff.cookie,
      }),
    );
    expect(await jobsOf(database, "return-payment", `payment:${paymentId}`)).toMatchObject([
      { state: "queued", attempts: 0, maxAttempts: 8 },
    ]);
  });

  it("retries failed refunds: pending again, each one's job re-armed, the refund sent is not sent twice", async () => {
    const database = await db();
    const staff = await operator();
    const order = await placeOrder((await scratchProduct(database, { stock: 5 })).id, 1);
    const { paymentId, problemId } = await paymentWithProblem(database, order.id, {
      kind: "refund_failed",
      status: "confirmed",
    });
    const failed = await refundOf(database, order.id, paymentId, { amount: 40_000, status: "failed" });
    const sent = await refundOf(database, order.id, paymentId, { amount: 10_000, status: "done" });

    const before = await readJson<Page>(
      await callApi("/api/v1/admin/payment-problems", { cookie: staff.cookie }),
    );
    expect(before.items.find((p) => p.id === problemId)).toMatchObject({ failedRefunds: 1, canRetry: true });
    const retried = await readJson<PaymentProblemView>(
      await callApi(`/api/v1/admin/payment-problems/${problemId}/retry`, {
        method: "POST",
        cookie: staff.cookie,
      }),
    );
    expect(retried).toMatchObject({ failedRefunds: 0, canRetry: false, resolved: null });
    expect(await refundRow(database, failed)).toMatchObject({ status: "pending" });
    expect(await refundRow(database, sent)).toMatchObject({ status: "done" });
    expect(await jobsOf(database, "refund-order", `refund:${failed}`)).toMatchObject([
      { state: "queued", attempts: 0, finishedAt: null },
    ]);
    expect(await jobsOf(database, "refund-order", `refund:${sent}`)).toMatchObject([{ state: "done" }]);
    expect(await auditRowsOf(database, `payment_problem:${problemId}`)).toMatchObject([
      {
        action: "payment_problem.retry",
        details: {
          kind: "refund_failed",
          job: "refund-order",
          refunds: [{ refundId: failed, amount: 40_000 }],
        },
      },
    ]);
    const twice = await callApi(`/api/v1/admin/payment-problems/${problemId}/retry`, {
      method: "POST",
      cookie: staff.cookie,
    });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ code: "retry_in_progress" });
  });

  it("refuses a retry that has nothing to run, saying why", async () => {
    const database = await db();
    const staff = await operator();
    const order = await placeOrder((await scratchProduct(database, { stock: 5 })).id, 1);
    const cases = [
      // The money went back after all (the acquirer answered a later GetState): nothing to retry.
      [{ kind: "return_failed", status: "refunded", job: "failed" }, "payment_not_returning", /«Возвращён»/],
      // Every refund of the payment went through (or none failed): nothing to send again.
      [{ kind: "refund_failed", status: "partially_refunded" }, "nothing_to_retry", /Неудавшихся возвратов/],
      [{ kind: "partial_refund", status: "partially_refunded" }, "retry_not_applicable", /нечего повторять/],
      [{ kind: "refund_after_handover", status: "refunded" }, "retry_not_applicable", /нечего повторять/],
    ] as const;
    for (const [problem, code, message] of cases) {
      const { problemId, paymentId } = await paymentWithProblem(database, order.id, problem);
      const res = await callApi(`/api/v1/admin/payment-problems/${problemId}/retry`, {
        method: "POST",
        cookie: staff.cookie,
      });
      expect(res.status, code).toBe(409);
      const body = await res.json();
      expect(body, code).toMatchObject({ code });
      expect(body.message).toMatch(message);
      expect(await auditRowsOf(database, `payment_problem:${problemId}`)).toEqual([]);
      if (problem.kind === "return_failed") {
        expect(await jobsOf(database, "return-payment", `payment:${paymentId}`)).toMatchObject([
          { state: "failed" },
        ]);
      }
    }
    // A settled problem is not retried.
    const { problemId } = await paymentWithProblem(database, order.id, {
      kind: "return_failed",
      status: "returning",
      job: "failed",
    });
    await readJson(
      await callApi(`/api/v1/admin/payment-problems/${problemId}/resolve`, {
        method: "POST",
        cookie: staff.cookie,
        body: { note: "Вернули вручную" },
      }),
    );
    const late = await callApi(`/api/v1/admin/payment-problems/${problemId}/retry`, {
      method: "POST",
      cookie: staff.cookie,
    });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: "already_resolved" });
  });
});

describe("stock by hand", () => {
  const productState = async (id: number) =>
    (await readJson<ProductDetail>(await callApi(`/api/v1/products/${id}`))).state;
  const adjust = async (cookie: string, productId: number, body: unknown) =>
    callApi(`/api/v1/admin/stock/${productId}`, { method: "POST", cookie, body });

  it("finds a product by id or name with what is for sale, reserved by orders and on the shelf", async () => {
    const database = await db();
    const staff = await operator();
    const product = await scratchProduct(database, { stock: 7 });
    const order = await placeOrder(product.id, 2);
    const byId = await readJson<{ items: StockItemView[] }>(
      await callApi(`/api/v1/admin/stock?q=${product.id}`, { cookie: staff.cookie }),
    );
    expect(byId.items[0]).toMatchObject({
      productId: product.id,
      available: 5,
      reserved: 2,
      onHand: 7,
      hasStock: true,
    });
    const name = byId.items[0]!.name;
    const byName = await readJson<{ items: StockItemView[] }>(
      await callApi(`/api/v1/admin/stock?q=${encodeURIComponent(name.toUpperCase())}`, {
        cookie: staff.cookie,
      }),
    );
    expect(byName.items.map((i) => i.productId)).toContain(product.id);
    // Handed to delivery, the units have left the shelf: no longer reserved.
    await setShipmentsStatus(database, order.id, "in_delivery");
    expect(
      await readJson<StockItemView>(
        await callApi(`/api/v1/admin/stock/${product.id}`, { cookie: staff.cookie }),
      ),
    ).toMatchObject({ available: 5, reserved: 0, onHand: 5 });
    const empty = await callApi("/api/v1/admin/stock?q=%20", { cookie: staff.cookie });
    expect(empty.status).toBe(400);
    expect(await fieldMessage(empty)).toBe("Введите номер или название товара");
    expect((await callApi("/api/v1/admin/stock/999999999", { cookie: staff.cookie })).status).toBe(404);
    // Past a product id's integer: the field's message, not the database's overflow as a 500.
    for (const method of ["GET", "POST"] as const) {
      const beyond = await callApi("/api/v1/admin/stock/2147483648", {
        method,
        cookie: staff.cookie,
        ...(method === "POST" ? { body: { delta: 1, reason: "Пересчёт" } } : {}),
      });
      expect(beyond.status, method).toBe(400);
      expect(await fieldMessage(beyond), method).toBe("Товар не найден");
    }
  });

  it("sets the shelf's count never below the reserved units; the storefront goes sold out and back; each change audited", async () => {
    const database = await db();
    const staff = await operator();
    const product = await scratchProduct(database, { stock: 4 });
    await placeOrder(product.id, 1);
    expect(await productState(product.id)).toBe("in_stock");

    const below = await adjust(staff.cookie, product.id, { onHand: 0, reason: "Пересчёт" });
    expect(below.status).toBe(409);
    expect(await below.json()).toMatchObject({
      code: "below_reserved",
      message: "Нельзя меньше, чем в резерве заказов: 1\u00a0шт. На складе сейчас 4\u00a0шт.",
    });
    expect((await adjust(staff.cookie, product.id, { delta: -4, reason: "Списание" })).status).toBe(409);
    expect(await stockOf(database, product.id)).toBe(3);

    // The shelf holds only the reserved unit: nothing for sale, the storefront says sold out.
    const emptied = await readJson<StockItemView>(
      await adjust(staff.cookie, product.id, { onHand: 1, reason: "Пересчёт: три штуки брак" }),
    );
    expect(emptied).toMatchObject({ available: 0, reserved: 1, onHand: 1, hasStock: false });
    expect(await stockOf(database, product.id)).toBe(0);
    expect(
      await eventually(
        () => productState(product.id),
        (s) => s === "sold_out",
      ),
    ).toBe("sold_out");

    // Five arrive: for sale again.
    const restocked = await readJson<StockItemView>(
      await adjust(staff.cookie, product.id, { delta: 5, reason: "Поставка от продавца" }),
    );
    expect(restocked).toMatchObject({ available: 5, reserved: 1, onHand: 6, hasStock: true });
    expect(
      await eventually(
        () => productState(product.id),
        (s) => s === "in_stock",
      ),
    ).toBe("in_stock");
    const detail = await readJson<ProductDetail>(await callApi(`/api/v1/products/${product.id}`));
    expect(detail.stock).toBe(5);

    expect(await auditRowsOf(database, `product:${product.id}`)).toMatchObject([
      {
        actorUserId: staff.userId,
        action: "stock.adjust",
        details: {
          before: { onHand: 4, reserved: 1, available: 3 },
          after: { onHand: 1, reserved: 1, available: 0 },
          set: 1,
          reason: "Пересчёт: три штуки брак",
        },
      },
      {
        action: "stock.adjust",
        details: {
          before: { onHand: 1, available: 0 },
          after: { onHand: 6, available: 5 },
          delta: 5,
          reason: "Поставка от продавца",
        },
      },
    ]);
    // The same count again changes nothing and records nothing.
    await readJson(await adjust(staff.cookie, product.id, { onHand: 6, reason: "Пересчёт" }));
    expect(await auditRowsOf(database, `product:${product.id}`)).toHaveLength(2);
  });

  it("refuses a change without a reason, with a long one, with both or neither count, in Russian", async () => {
    const database = await db();
    const staff = await operator();
    const product = await scratchProduct(database, { stock: 2 });
    const cases: [unknown, string][] = [
      [{ onHand: 3 }, "Укажите причину"],
      [{ onHand: 3, reason: "  " }, "Укажите причину"],
      [{ onHand: 3, reason: "я".repeat(501) }, "Причина — не длиннее 500 символов"],
      [{ reason: "Пересчёт" }, "Укажите либо новое количество, либо изменение"],
      [{ onHand: 3, delta: 1, reason: "Пересчёт" }, "Укажите либо новое количество, либо изменение"],
      [{ onHand: -1, reason: "Пересчёт" }, "Количество — целое число от 0 до 1 000 000"],
      [{ onHand: 1.5, reason: "Пересчёт" }, "Количество — целое число от 0 до 1 000 000"],
      [{ delta: 0, reason: "Пересчёт" }, "Изменение не может быть нулевым"],
    ];
    for (const [body, message] of cases) {
      const res = await adjust(staff.cookie, product.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await fieldMessage(res), JSON.stringify(body)).toBe(message);
    }
    // Exactly 500 characters is fine.
    await readJson(await adjust(staff.cookie, product.id, { onHand: 3, reason: "я".repeat(500) }));
    expect((await adjust(staff.cookie, 999_999_999, { onHand: 1, reason: "Пересчёт" })).status).toBe(404);
    expect(await stockOf(database, product.id)).toBe(3);
  });
});

describe("the SMS outbox", () => {
  type Page = { items: { id: number; phone: string; text: string }[]; next: number | null };

  it("reads what shoppers received, newest first, by phone, page by page", async () => {
    const database = await db();
    const staff = await operator();
    const phone = `+7999${String(Date.now()).slice(-7)}`;
    const ids = await recordOutbox(database, [
      { phone, text: "Код для входа: 123456" },
      { phone: "+79990000000", text: "Чужое сообщение" },
      { phone, text: "Заказ 1234-5678 оплачен" },
      { phone, text: "Заказ 1234-5678 ждёт вас в пункте выдачи" },
    ]);
    try {
      const first = await readJson<Page>(
        await callApi(`/api/v1/admin/sms?phone=${encodeURIComponent(phone)}&limit=2`, {
          cookie: staff.cookie,
        }),
      );
      expect(first.items.map((m) => m.text)).toEqual([
        "Заказ 1234-5678 ждёт вас в пункте выдачи",
        "Заказ 1234-5678 оплачен",
      ]);
      expect(first.next).toBe(ids[2]);
      const second = await readJson<Page>(
        await callApi(`/api/v1/admin/sms?phone=${encodeURIComponent(phone)}&limit=2&before=${first.next}`, {
          cookie: staff.cookie,
        }),
      );
      expect(second).toEqual({
        items: [expect.objectContaining({ phone, text: "Код для входа: 123456", provider: "stand-in" })],
        next: null,
      });
      // The mask's spelling of the phone works too; everyone's messages without a filter, newest first.
      const masked = `+7 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`;
      const byMask = await readJson<Page>(
        await callApi(`/api/v1/admin/sms?phone=${encodeURIComponent(masked)}`, { cookie: staff.cookie }),
      );
      expect(byMask.items).toHaveLength(3);
      const all = await readJson<Page>(
        await callApi("/api/v1/admin/sms?limit=100", { cookie: staff.cookie }),
      );
      expect(all.items.slice(0, 4).map((m) => m.id)).toEqual([...ids].reverse());
      const bad = await callApi("/api/v1/admin/sms?phone=123", { cookie: staff.cookie });
      expect(bad.status).toBe(400);
      expect(await fieldMessage(bad)).toBe("Заполните номер телефона полностью");
    } finally {
      await removeOutbox(database, ids);
    }
  });
});
