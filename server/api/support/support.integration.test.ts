import { afterAll, describe, expect, it } from "vitest";
import { recipientMessages } from "#contract/address-book.ts";
import type { Order } from "#contract/orders.ts";
import type { Appeal, AppealList, StaffAppeal, StaffAppealPage } from "#contract/support.ts";
import { SUPPORT_APPEALS_PER_DAY, SUPPORT_MESSAGES_PER_HOUR } from "#contract/support-info.ts";
import { createServices } from "#server/composition/services.ts";
import { supportJobs } from "#server/domain/support/service.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { callApi, readJson, TEST_ORIGIN } from "#tests/fixtures/api-call.ts";
import {
  checkoutKey,
  expectedLinesOf,
  removeOrderData,
  scratchProduct,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { auditRowsOf } from "#tests/fixtures/staff-data.ts";
import { pngImage, uploadRow } from "#tests/fixtures/upload-data.ts";
import {
  ageSupportOf,
  answerSmsJobs,
  appealRow,
  expireAnswerSmsJob,
  messagesOfAppeal,
  phoneOfUser,
  smsTextsTo,
} from "#tests/fixtures/support-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { createSession } from "#tests/factories/sessions.ts";

// Support appeals (issue 21, point 3; ADR 058): the shopper's conversation, the operators' queue, the SMS.

const db = async () => (await getTestContext()).database.db;
const shopper = async () => createSession(await db());
const operator = async () => createSession(await db(), { user: { roles: ["shopper", "operator"] } });

afterAll(async () => {
  await removeOrderData(await db());
});

const fields = async (res: Response) =>
  ((await res.json()) as { fields?: { field: string; message: string }[] }).fields ?? [];

const newAppeal = (body: Record<string, unknown> = {}) => ({
  category: "order_delivery",
  fullName: "Иванова Анна",
  text: "Заказ не пришёл вовремя",
  ...body,
});

async function create(cookie: string, body: Record<string, unknown> = {}) {
  return readJson<Appeal>(
    await callApi("/api/v1/support/appeals", { method: "POST", cookie, body: newAppeal(body) }),
  );
}

/** A photo uploaded by the shopper through the upload pipeline; its id. */
async function uploadPhoto(cookie: string, purpose = "support"): Promise<string> {
  const { app } = await getTestContext();
  const body = await pngImage(120, 80);
  const res = await app.request(`${TEST_ORIGIN}/api/v1/uploads?purpose=${purpose}`, {
    method: "POST",
    headers: {
      origin: TEST_ORIGIN,
      cookie,
      "content-type": "image/png",
      "content-length": String(body.byteLength),
    },
    body: new Uint8Array(body),
  });
  return (await readJson<{ id: string }>(res)).id;
}

async function runSmsJobs() {
  const { database } = await getTestContext();
  const runner = createJobRunner({
    db: database.db,
    logger: createLogger("silent"),
    handlers: supportJobs(createServices(database.db)),
    concurrency: 2,
  });
  await runner.poll();
  await runner.idle();
}

describe("the shopper's appeals", () => {
  it("creates, lists, reads and replies, the conversation in order", async () => {
    const me = await shopper();
    const created = await create(me.cookie, { category: "payment_refund", text: "  Где мои деньги?  " });
    expect(created).toMatchObject({
      category: "payment_refund",
      categoryText: "Оплата и возврат денег",
      status: "open",
      statusText: "Ждёт ответа",
      order: null,
      fullName: "Иванова Анна",
      unread: 0,
    });
    expect(created.messages).toEqual([
      expect.objectContaining({ author: "shopper", text: "Где мои деньги?", unread: false }),
    ]);

    const second = await create(me.cookie);
    const list = await readJson<AppealList>(await callApi("/api/v1/support/appeals", { cookie: me.cookie }));
    expect(list.items.map((a) => a.id)).toEqual([second.id, created.id]);

    const replied = await readJson<Appeal>(
      await callApi(`/api/v1/support/appeals/${created.id}/messages`, {
        method: "POST",
        cookie: me.cookie,
        body: { text: "И ещё вопрос" },
      }),
    );
    expect(replied.messages.map((m) => m.text)).toEqual(["Где мои деньги?", "И ещё вопрос"]);
    // The replied appeal's conversation is now the latest.
    const after = await readJson<AppealList>(await callApi("/api/v1/support/appeals", { cookie: me.cookie }));
    expect(after.items[0]!.id).toBe(created.id);
  });

  it("takes one of the shopper's orders; another's order is a 404 and nothing is made", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 5, price: 10_000 });
    const buyer = await shopperWithBasket(database, [{ productId: product.id, quantity: 1 }]);
    const order = await readJson<Order>(
      await callApi("/api/v1/orders", {
        method: "POST",
        cookie: buyer.cookie,
        body: {
          checkoutKey: checkoutKey(),
          ...(await expectedLinesOf(database, buyer.userId)),
          deliveryType: "pickup",
          addressId: buyer.pickupAddressId,
        },
      }),
      201,
    );
    const mine = await create(buyer.cookie, { orderId: order.id });
    expect(mine.order).toEqual({ id: order.id, number: order.number });

    const other = await shopper();
    const res = await callApi("/api/v1/support/appeals", {
      method: "POST",
      cookie: other.cookie,
      body: newAppeal({ orderId: order.id }),
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe("order_not_found");
    const list = await readJson<AppealList>(
      await callApi("/api/v1/support/appeals", { cookie: other.cookie }),
    );
    expect(list.items).toEqual([]);
  });

  it("refuses bad input with the spec's Russian messages", async () => {
    const me = await shopper();
    const post = (body: unknown) =>
      callApi("/api/v1/support/appeals", { method: "POST", cookie: me.cookie, body });

    let res = await post(newAppeal({ fullName: "Anna Ivanova" }));
    expect(res.status).toBe(400);
    expect(await fields(res)).toContainEqual({
      field: "body.fullName",
      message: "Введите фамилию и имя на русском языке",
    });
    res = await post(newAppeal({ fullName: "Анна" }));
    expect((await fields(res))[0]?.message).toBe("Введите фамилию и имя на русском языке");
    res = await post(newAppeal({ fullName: `Иванова ${"а".repeat(200)}` }));
    expect((await fields(res))[0]?.message).toBe(recipientMessages.fullNameTooLong);
    res = await post(newAppeal({ text: "   " }));
    expect(await fields(res)).toContainEqual({
      field: "body.text",
      message: "Поле обязательно к заполнению",
    });
    res = await post(newAppeal({ text: "я".repeat(2001) }));
    expect(await fields(res)).toContainEqual({
      field: "body.text",
      message: "Сообщение длиннее 2000 символов",
    });
    res = await post(newAppeal({ category: "complaint" }));
    expect(await fields(res)).toContainEqual({ field: "body.category", message: "Выберите тему обращения" });
    // 2000 characters exactly is fine.
    expect((await post(newAppeal({ text: "я".repeat(2000) }))).status).toBe(200);
    // Signed out: 401.
    expect((await callApi("/api/v1/support/appeals")).status).toBe(401);
  });

  it("another shopper's appeal is a 404 for every operation, with nothing changed", async () => {
    const owner = await shopper();
    const appeal = await create(owner.cookie);
    const staff = await operator();
    await callApi(`/api/v1/admin/support/${appeal.id}/answer`, {
      method: "POST",
      cookie: staff.cookie,
      body: { text: "Ответ" },
    });
    const stranger = await shopper();
    const database = await db();
    const before = await messagesOfAppeal(database, appeal.id);

    for (const [path, method, body] of [
      [`/api/v1/support/appeals/${appeal.id}`, "GET", undefined],
      [`/api/v1/support/appeals/${appeal.id}/read`, "POST", undefined],
      [`/api/v1/support/appeals/${appeal.id}/messages`, "POST", { text: "Чужое" }],
    ] as const) {
      const res = await callApi(path, { method, cookie: stranger.cookie, body });
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("appeal_not_found");
    }
    expect(await messagesOfAppeal(database, appeal.id)).toEqual(before);
    expect((await appealRow(database, appeal.id))!.status).toBe("answered");
  });

  it("limits new appeals a day and messages an hour per shopper", async () => {
    const me = await shopper();
    for (let i = 0; i < SUPPORT_APPEALS_PER_DAY; i += 1) await create(me.cookie);
    let res = await callApi("/api/v1/support/appeals", {
      method: "POST",
      cookie: me.cookie,
      body: newAppeal(),
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({
      code: "support_appeals_limit",
      message: "За сутки можно создать не больше 5 обращений. Продолжите переписку в уже открытом",
    });
    // A day later the appeals are within the limit again.
    const database = await db();
    await ageSupportOf(database, me.userId, 25);
    const appeal = await create(me.cookie);
    for (let i = 1; i < SUPPORT_MESSAGES_PER_HOUR; i += 1) {
      const r = await callApi(`/api/v1/support/appeals/${appeal.id}/messages`, {
        method: "POST",
        cookie: me.cookie,
        body: { text: `Сообщение ${i}` },
      });
      expect(r.status).toBe(200);
    }
    res = await callApi(`/api/v1/support/appeals/${appeal.id}/messages`, {
      method: "POST",
      cookie: me.cookie,
      body: { text: "Ещё одно" },
    });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { code: string }).code).toBe("support_messages_limit");
    // Another shopper is not limited by this one.
    await create((await shopper()).cookie);
  });
});

describe("photos of a message", () => {
  it("attaches the shopper's own support photos; the shopper and operators open them, nobody else", async () => {
    const me = await shopper();
    const [a, b] = [await uploadPhoto(me.cookie), await uploadPhoto(me.cookie)];
    const appeal = await create(me.cookie, { photoIds: [a, b] });
    expect(appeal.messages[0]!.photos).toEqual([
      { id: a, url: `/api/v1/uploads/${a}`, thumbUrl: `/api/v1/uploads/${a}?w=160` },
      { id: b, url: `/api/v1/uploads/${b}`, thumbUrl: `/api/v1/uploads/${b}?w=160` },
    ]);
    const database = await db();
    expect((await uploadRow(database, a))!.attachedTo).toBe(`support_message:${appeal.messages[0]!.id}`);
    const staff = await operator();
    const card = await readJson<StaffAppeal>(
      await callApi(`/api/v1/admin/support/${appeal.id}`, { cookie: staff.cookie }),
    );
    expect(card.messages[0]!.photos.map((p) => p.id)).toEqual([a, b]);
    expect((await callApi(`/api/v1/uploads/${a}`, { cookie: staff.cookie })).status).toBe(200);
    expect((await callApi(`/api/v1/uploads/${a}?w=160`, { cookie: me.cookie })).status).toBe(200);
    expect((await callApi(`/api/v1/uploads/${a}`, { cookie: (await shopper()).cookie })).status).toBe(404);

    // A reply takes photos too.
    const c = await uploadPhoto(me.cookie);
    const replied = await readJson<Appeal>(
      await callApi(`/api/v1/support/appeals/${appeal.id}/messages`, {
        method: "POST",
        cookie: me.cookie,
        body: { text: "Ещё фото", photoIds: [c] },
      }),
    );
    expect(replied.messages[1]!.photos.map((p) => p.id)).toEqual([c]);
  });

  it("refuses another's, a used, a refund's or a sixth photo, and keeps nothing of the message", async () => {
    const me = await shopper();
    const other = await shopper();
    const theirs = await uploadPhoto(other.cookie);
    const used = await uploadPhoto(me.cookie);
    await create(me.cookie, { photoIds: [used] });
    const refundPhoto = await uploadPhoto(me.cookie, "refund");
    const fresh = await uploadPhoto(me.cookie);
    const before = await readJson<AppealList>(
      await callApi("/api/v1/support/appeals", { cookie: me.cookie }),
    );

    for (const photoIds of [[fresh, theirs], [fresh, used], [refundPhoto]]) {
      const res = await callApi("/api/v1/support/appeals", {
        method: "POST",
        cookie: me.cookie,
        body: newAppeal({ photoIds }),
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({
        code: "upload_not_found",
        message: "Фото не найдено. Загрузите его ещё раз",
      });
    }
    const after = await readJson<AppealList>(await callApi("/api/v1/support/appeals", { cookie: me.cookie }));
    expect(after.items).toEqual(before.items);
    const database = await db();
    expect((await uploadRow(database, fresh))!.attachedTo).toBeNull();
    expect((await uploadRow(database, theirs))!.attachedTo).toBeNull();

    const six = Array.from({ length: 6 }, (_, i) => `${"a".repeat(21)}${i}`);
    const res = await callApi("/api/v1/support/appeals", {
      method: "POST",
      cookie: me.cookie,
      body: newAppeal({ photoIds: six }),
    });
    expect(res.status).toBe(400);
    expect(await fields(res)).toContainEqual({
      field: "body.photoIds",
      message: "Не больше 5 фото в сообщении",
    });
  });
});

describe("operators and the shopper's unread answers", () => {
  it("assigns, answers (unread until read, one SMS), the shopper replies, an operator closes; all audited", async () => {
    const database = await db();
    const me = await shopper();
    const phone = await phoneOfUser(database, me.userId);
    const appeal = await create(me.cookie, { text: "Как вернуть товар?" });
    const staff = await operator();
    const other = await operator();

    // The queue: open appeals, filters by who took them.
    const queue = async (q: string, cookie = staff.cookie) =>
      readJson<StaffAppealPage>(await callApi(`/api/v1/admin/support?${q}`, { cookie }));
    expect((await queue("status=open&assigned=none")).items.map((a) => a.id)).toContain(appeal.id);

    const assigned = await readJson<StaffAppeal>(
      await callApi(`/api/v1/admin/support/${appeal.id}/assign`, { method: "POST", cookie: staff.cookie }),
    );
    expect(assigned.assignedTo?.userId).toBe(staff.userId);
    expect((await queue("assigned=me")).items.map((a) => a.id)).toContain(appeal.id);
    expect((await queue("assigned=none")).items.map((a) => a.id)).not.toContain(appeal.id);
    expect((await queue("assigned=me", other.cookie)).items.map((a) => a.id)).not.toContain(appeal.id);

    const answered = await readJson<StaffAppeal>(
      await callApi(`/api/v1/admin/support/${appeal.id}/answer`, {
        method: "POST",
        cookie: staff.cookie,
        body: { text: "Оформите возврат из карточки заказа" },
      }),
    );
    expect(answered.status).toBe("answered");
    expect(answered.messages.map((m) => m.author)).toEqual(["shopper", "staff"]);
    expect((await queue("status=answered")).items.map((a) => a.id)).toContain(appeal.id);

    // The shopper sees the answer unread, in the list and in the conversation, until the page reports it seen.
    let list = await readJson<AppealList>(await callApi("/api/v1/support/appeals", { cookie: me.cookie }));
    expect(list.items.find((a) => a.id === appeal.id)).toMatchObject({ status: "answered", unread: 1 });
    let read = await readJson<Appeal>(
      await callApi(`/api/v1/support/appeals/${appeal.id}`, { cookie: me.cookie }),
    );
    expect(read.messages.map((m) => m.unread)).toEqual([false, true]);
    const seen = await readJson<{ read: number[] }>(
      await callApi(`/api/v1/support/appeals/${appeal.id}/read`, { method: "POST", cookie: me.cookie }),
    );
    expect(seen.read).toEqual([answered.messages[1]!.id]);
    read = await readJson<Appeal>(
      await callApi(`/api/v1/support/appeals/${appeal.id}`, { cookie: me.cookie }),
    );
    expect(read.messages.map((m) => m.unread)).toEqual([false, false]);
    list = await readJson<AppealList>(await callApi("/api/v1/support/appeals", { cookie: me.cookie }));
    expect(list.items.find((a) => a.id === appeal.id)!.unread).toBe(0);

    // One SMS for the answer, however often its job runs: again, and after a worker died holding it.
    await runSmsJobs();
    await runSmsJobs();
    await expireAnswerSmsJob(database, answered.messages[1]!.id);
    await runSmsJobs();
    expect(await smsTextsTo(database, phone)).toEqual([
      `Витрина: поддержка ответила на ваше обращение № ${appeal.id}. Ответ — в личном кабинете, раздел «Поддержка».`,
    ]);
    expect(await answerSmsJobs(database, [answered.messages[1]!.id])).toHaveLength(1);

    // The shopper's reply opens it again.
    const replied = await readJson<Appeal>(
      await callApi(`/api/v1/support/appeals/${appeal.id}/messages`, {
        method: "POST",
        cookie: me.cookie,
        body: { text: "Спасибо, а сроки?" },
      }),
    );
    expect(replied.status).toBe("open");

    // A second answer is a second SMS.
    await callApi(`/api/v1/admin/support/${appeal.id}/answer`, {
      method: "POST",
      cookie: other.cookie,
      body: { text: "До 10 дней" },
    });
    await runSmsJobs();
    expect(await smsTextsTo(database, phone)).toHaveLength(2);

    const closedCard = await readJson<StaffAppeal>(
      await callApi(`/api/v1/admin/support/${appeal.id}/close`, { method: "POST", cookie: staff.cookie }),
    );
    expect(closedCard.status).toBe("closed");
    // Closed: neither side writes, and nothing changes.
    let res = await callApi(`/api/v1/support/appeals/${appeal.id}/messages`, {
      method: "POST",
      cookie: me.cookie,
      body: { text: "Ещё" },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: "appeal_closed",
      message: "Обращение закрыто. Если вопрос остался, напишите новое обращение",
    });
    res = await callApi(`/api/v1/admin/support/${appeal.id}/answer`, {
      method: "POST",
      cookie: staff.cookie,
      body: { text: "Ещё" },
    });
    expect(res.status).toBe(409);
    res = await callApi(`/api/v1/admin/support/${appeal.id}/close`, { method: "POST", cookie: staff.cookie });
    expect(res.status).toBe(409);
    expect(await messagesOfAppeal(database, appeal.id)).toHaveLength(4);

    const audit = await auditRowsOf(database, `support_appeal:${appeal.id}`);
    expect(audit.map((r) => [r.action, r.actorUserId])).toEqual([
      ["support.assign", staff.userId],
      ["support.answer", staff.userId],
      ["support.answer", other.userId],
      ["support.close", staff.userId],
    ]);
  });

  it("is staff-only: a shopper gets 403 and an unknown appeal 404", async () => {
    const me = await shopper();
    const appeal = await create(me.cookie);
    expect((await callApi("/api/v1/admin/support", { cookie: me.cookie })).status).toBe(403);
    const res = await callApi(`/api/v1/admin/support/${appeal.id}/close`, {
      method: "POST",
      cookie: me.cookie,
    });
    expect(res.status).toBe(403);
    expect((await appealRow(await db(), appeal.id))!.status).toBe("open");
    const staff = await operator();
    expect((await callApi("/api/v1/admin/support/999999999", { cookie: staff.cookie })).status).toBe(404);
  });
});
