import { afterAll, describe, expect, it } from "vitest";
import type { ProductDetail } from "#contract/catalog.ts";
import { QUESTIONS_PER_DAY } from "#contract/question-rules.ts";
import type {
  ProductQuestion,
  ProductQuestionPage,
  StaffQuestion,
  StaffQuestionPage,
  StockAlert,
} from "#contract/questions.ts";
import { createServices } from "#server/composition/services.ts";
import { questionsJobs } from "#server/domain/questions/service.ts";
import { smsProductName } from "#server/domain/questions/texts.ts";
import { stockAlertsJobs } from "#server/domain/stock-alerts/service.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { callApi, readJson } from "#tests/fixtures/api-call.ts";
import { dueJobCount, removeOrderData, scratchProduct, shownInStock } from "#tests/fixtures/order-data.ts";
import {
  ageQuestionsOf,
  expireJob,
  jobsOf,
  questionRow,
  setStock,
  subscriptionsOf,
} from "#tests/fixtures/question-data.ts";
import { auditRowsOf } from "#tests/fixtures/staff-data.ts";
import { phoneOfUser, smsTextsTo } from "#tests/fixtures/support-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

// Questions about a product and «Сообщить о поступлении» (issue 22, point 5; ADR 066): who sees what, the
// limits, the operators' answers and hiding (audited), one SMS per answer, one per shopper per return.

const db = async () => (await getTestContext()).database.db;
const shopper = async (user: Record<string, unknown> = {}) => createSession(await db(), { user });
const operator = async () => createSession(await db(), { user: { roles: ["shopper", "operator"] } });
const ORIGIN = "http://localhost:3000";
const JOB_NAMES = ["question-answer-sms", "back-in-stock", "back-in-stock-sms"];

afterAll(async () => {
  await removeOrderData(await db());
});

const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

const ask = (productId: number, cookie: string | undefined, text: unknown = "Подойдёт ли к iPhone 15?") =>
  callApi(`/api/v1/products/${productId}/questions`, { method: "POST", cookie, body: { text } });
const asked = async (productId: number, cookie: string, text?: string) =>
  readJson<ProductQuestion>(await ask(productId, cookie, text));
const listOf = async (productId: number, cookie?: string, query = "") =>
  readJson<ProductQuestionPage>(await callApi(`/api/v1/products/${productId}/questions${query}`, { cookie }));
const answer = (
  id: number,
  cookie: string,
  body: Record<string, unknown> = { text: "Да, подойдёт", as: "seller" },
) => callApi(`/api/v1/admin/questions/${id}/answer`, { method: "POST", cookie, body });
const hide = (id: number, cookie: string, reason = "Реклама, ссылки или контакты") =>
  callApi(`/api/v1/admin/questions/${id}/hide`, { method: "POST", cookie, body: { reason } });
const show = (id: number, cookie: string) =>
  callApi(`/api/v1/admin/questions/${id}/show`, { method: "POST", cookie });
const alert = (productId: number, cookie: string | undefined, method = "PUT") =>
  callApi(`/api/v1/products/${productId}/stock-alert`, { method, cookie });

async function runJobs(handlers: "questions" | "stock", runners = 1) {
  const { database } = await getTestContext();
  const services = createServices(database.db, { origin: ORIGIN });
  const all = handlers === "questions" ? questionsJobs(services) : stockAlertsJobs(services);
  await Promise.all(
    Array.from({ length: runners }, async () => {
      const runner = createJobRunner({
        db: database.db,
        logger: createLogger("silent"),
        handlers: all,
        concurrency: 4,
      });
      // Each round claims as many jobs as the runner has slots: go on until nothing of ours is due.
      for (let round = 0; round < 30; round++) {
        await runner.poll();
        await runner.idle();
        if ((await dueJobCount(database.db, JOB_NAMES)) === 0) break;
      }
    }),
  );
  return services;
}

describe("asking and who sees a question", () => {
  it("keeps a pending question to its author, publishes it answered, hides it from all but its author", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 5 });
    const seller = (await readJson<ProductDetail>(await callApi(`/api/v1/products/${product.id}`))).seller;
    const author = await shopper({ name: "мария", surname: "Петрова" });
    const other = await shopper();
    const staff = await operator();

    const question = await asked(product.id, author.cookie, "  <script>alert(1)</script> Есть & чехол?  ");
    expect(question).toMatchObject({
      authorName: "Мария П.",
      // Stored and given back as text: the page escapes it when it renders.
      text: "<script>alert(1)</script> Есть & чехол?",
      state: "pending",
      mine: true,
      answer: null,
    });
    expect((await listOf(product.id, author.cookie)).items.map((q) => [q.id, q.state])).toEqual([
      [question.id, "pending"],
    ]);
    expect(await listOf(product.id, other.cookie)).toEqual({ items: [], total: 0, next: null });
    expect(await listOf(product.id)).toEqual({ items: [], total: 0, next: null });

    const answered = await readJson<StaffQuestion>(
      await answer(question.id, staff.cookie, { text: "  Да, в комплекте  ", as: "seller" }),
    );
    expect(answered).toMatchObject({
      state: "answered",
      stateText: "Есть ответ",
      answer: { text: "Да, в комплекте", as: "seller", by: seller.name },
      seller: { name: seller.name },
      userId: author.userId,
    });
    for (const cookie of [undefined, other.cookie, author.cookie]) {
      const page = await listOf(product.id, cookie);
      expect(page.total).toBe(1);
      expect(page.items).toEqual([
        expect.objectContaining({
          id: question.id,
          state: "answered",
          mine: cookie === author.cookie,
          answer: expect.objectContaining({ text: "Да, в комплекте", by: seller.name }),
        }),
      ]);
    }
    const again = await answer(question.id, staff.cookie, { text: "Ещё раз", as: "shop" });
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe("question_answered");

    const hidden = await readJson<StaffQuestion>(await hide(question.id, staff.cookie, "Контакты в тексте"));
    expect(hidden).toMatchObject({ state: "hidden", hiddenReason: "Контакты в тексте" });
    expect(await listOf(product.id)).toEqual({ items: [], total: 0, next: null });
    expect((await listOf(product.id, other.cookie)).items).toEqual([]);
    expect((await listOf(product.id, author.cookie)).items).toEqual([
      expect.objectContaining({
        id: question.id,
        state: "hidden",
        hiddenReason: "Контакты в тексте",
        answer: null,
      }),
    ]);
    const twice = await hide(question.id, staff.cookie);
    expect(twice.status).toBe(409);
    expect(await codeOf(twice)).toBe("question_state");

    await readJson<StaffQuestion>(await show(question.id, staff.cookie));
    expect((await listOf(product.id)).total).toBe(1);
    expect(
      (await auditRowsOf(database, `product_question:${question.id}`)).map((r) => [r.action, r.actorUserId]),
    ).toEqual([
      ["question.answer", staff.userId],
      ["question.hide", staff.userId],
      ["question.show", staff.userId],
    ]);
  });

  it("answers as the shop, and never answers a hidden question", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 5 });
    const author = await shopper();
    const staff = await operator();
    const first = await asked(product.id, author.cookie);
    const second = await asked(product.id, author.cookie, "А гарантия?");
    const shop = await readJson<StaffQuestion>(
      await answer(first.id, staff.cookie, { text: "Гарантия 1 год", as: "shop" }),
    );
    expect(shop.answer).toMatchObject({ as: "shop", by: "Витрина" });
    await readJson<StaffQuestion>(await hide(second.id, staff.cookie));
    const refused = await answer(second.id, staff.cookie);
    expect(refused.status).toBe(409);
    expect(await codeOf(refused)).toBe("question_state");
    expect((await questionRow(database, second.id))!.answer).toBeNull();
    for (const body of [
      { text: "", as: "shop" },
      { text: "Да", as: "buyer" },
      { text: "д".repeat(2001), as: "shop" },
    ]) {
      expect((await answer(first.id, staff.cookie, body)).status).toBe(400);
    }
  });

  it("pages the product's questions newest first", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 5 });
    const staff = await operator();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const author = await shopper();
      for (let j = 0; j < 4; j++) {
        const q = await asked(product.id, author.cookie, `Вопрос ${i}-${j}`);
        await readJson<StaffQuestion>(await answer(q.id, staff.cookie, { text: "Ответ", as: "shop" }));
        ids.push(q.id);
      }
    }
    const first = await listOf(product.id, undefined, "?limit=10");
    expect(first.total).toBe(12);
    expect(first.items.map((q) => q.id)).toEqual(ids.toReversed().slice(0, 10));
    const rest = await listOf(product.id, undefined, `?limit=10&before=${first.next}`);
    expect(rest.items.map((q) => q.id)).toEqual(ids.toReversed().slice(10));
    expect(rest.next).toBeNull();
  });
});

describe("limits and ownership", () => {
  it(`takes ${QUESTIONS_PER_DAY} questions from a shopper a day, the 6th is 429`, async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 5 });
    const other = await scratchProduct(database, { stock: 5 });
    const author = await shopper();
    for (let i = 0; i < QUESTIONS_PER_DAY; i++) await asked(i % 2 ? product.id : other.id, author.cookie);
    const sixth = await ask(product.id, author.cookie);
    expect(sixth.status).toBe(429);
    expect(await codeOf(sixth)).toBe("questions_limit");
    // Another shopper is not held back, and the author asks again a day later.
    await asked(product.id, (await shopper()).cookie);
    await ageQuestionsOf(database, author.userId, 25);
    await asked(product.id, author.cookie);
  });

  it("bounds the text, needs a sign-in and a real product", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 5 });
    const author = await shopper();
    for (const text of ["", "   ", "д".repeat(1001), 42, "стоп\u0000слово"]) {
      expect((await ask(product.id, author.cookie, text)).status, String(text).slice(0, 20)).toBe(400);
    }
    expect((await asked(product.id, author.cookie, "д".repeat(1000))).text).toHaveLength(1000);
    expect((await ask(product.id, undefined)).status).toBe(401);
    const unknown = await ask(2_000_000_000, author.cookie);
    expect(unknown.status).toBe(404);
    expect(await codeOf(unknown)).toBe("product_not_found");
    expect((await callApi("/api/v1/products/2000000000/questions")).status).toBe(404);
  });

  it("lets the author take back a pending question; another's is 404, an answered one 409", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 5 });
    const author = await shopper();
    const stranger = await shopper();
    const staff = await operator();
    const mine = await asked(product.id, author.cookie);
    const del = (id: number, cookie?: string) =>
      callApi(`/api/v1/questions/${id}`, { method: "DELETE", cookie });
    const theirs = await del(mine.id, stranger.cookie);
    expect(theirs.status).toBe(404);
    expect(await codeOf(theirs)).toBe("question_not_found");
    expect((await del(mine.id)).status).toBe(401);
    expect(await questionRow(database, mine.id)).toBeDefined();
    await readJson(await del(mine.id, author.cookie));
    expect(await questionRow(database, mine.id)).toBeUndefined();
    expect((await del(mine.id, author.cookie)).status).toBe(404);

    const answered = await asked(product.id, author.cookie);
    await readJson<StaffQuestion>(await answer(answered.id, staff.cookie));
    const late = await del(answered.id, author.cookie);
    expect(late.status).toBe(409);
    expect(await codeOf(late)).toBe("question_answered");
  });

  it("keeps the operators' queue to staff: signed out 401, a shopper 403, nothing changes", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 5 });
    const author = await shopper();
    const q = await asked(product.id, author.cookie);
    expect((await callApi("/api/v1/admin/questions")).status).toBe(401);
    expect((await callApi("/api/v1/admin/questions", { cookie: author.cookie })).status).toBe(403);
    expect((await answer(q.id, author.cookie)).status).toBe(403);
    expect((await hide(q.id, author.cookie)).status).toBe(403);
    expect((await questionRow(database, q.id))!).toMatchObject({ answer: null, status: "published" });
    expect(await auditRowsOf(database, `product_question:${q.id}`)).toHaveLength(0);
    const staff = await operator();
    expect((await answer(2_000_000_000, staff.cookie)).status).toBe(404);
    expect((await hide(q.id, staff.cookie, "  ")).status).toBe(400);
  });

  it("gives the operators the unanswered queue oldest first, and the other filters", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 5 });
    const staff = await operator();
    const author = await shopper();
    const a = await asked(product.id, author.cookie, "Первый");
    const b = await asked(product.id, author.cookie, "Второй");
    const c = await asked(product.id, author.cookie, "Третий");
    await readJson(await answer(b.id, staff.cookie));
    await readJson(await hide(c.id, staff.cookie));
    const queue = async (query: string) =>
      readJson<StaffQuestionPage>(
        await callApi(`/api/v1/admin/questions?${query}`, { cookie: staff.cookie }),
      );
    const all: StaffQuestion[] = [];
    let cursor: number | null = null;
    do {
      const page: StaffQuestionPage = await queue(
        `status=unanswered&limit=50${cursor ? `&cursor=${cursor}` : ""}`,
      );
      all.push(...page.items);
      cursor = page.next;
    } while (cursor !== null);
    const ids = all.map((q) => q.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(ids).not.toContain(c.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(all.find((q) => q.id === a.id)).toMatchObject({ state: "pending", stateText: "Ждёт ответа" });
    expect((await queue("status=answered&limit=50")).items.map((q) => q.id)).toContain(b.id);
    const hidden = (await queue("status=hidden&limit=50")).items.find((q) => q.id === c.id);
    expect(hidden).toMatchObject({ state: "hidden", hiddenReason: "Реклама, ссылки или контакты" });
    const newest = (await queue("status=all&limit=2")).items;
    expect(newest[0]!.id).toBeGreaterThan(newest[1]!.id);
  });
});

describe("the answer's SMS", () => {
  it("goes to the author once, however often its job runs", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 5 });
    const author = await shopper();
    const phone = await phoneOfUser(database, author.userId);
    const staff = await operator();
    const q = await asked(product.id, author.cookie);
    await runJobs("questions");
    expect(await smsTextsTo(database, phone)).toEqual([]);
    await readJson(await answer(q.id, staff.cookie));
    await runJobs("questions", 2);
    await runJobs("questions");
    await expireJob(database, "question-answer-sms", `question:${q.id}`);
    await runJobs("questions");
    expect(await smsTextsTo(database, phone)).toEqual([
      `На ваш вопрос о товаре «${await questionProductName(product.id)}» ответили: ${ORIGIN}/product/${product.id}#questions`,
    ]);
    expect(await jobsOf(database, "question-answer-sms", [`question:${q.id}`])).toHaveLength(1);
  });
});

/** The product's name as the SMS quotes it. */
async function questionProductName(productId: number): Promise<string> {
  const { name } = await readJson<ProductDetail>(await callApi(`/api/v1/products/${productId}`));
  return smsProductName(name);
}

describe("«Сообщить о поступлении»", () => {
  it("waits, is cancelled, and is refused for a product on sale or unknown; signed out is 401", async () => {
    const database = await db();
    const soldOut = await scratchProduct(database, { stock: 0 });
    const onSale = await scratchProduct(database, { stock: 3 });
    const me = await shopper();
    expect(await readJson<StockAlert>(await alert(soldOut.id, me.cookie, "GET"))).toEqual({
      productId: soldOut.id,
      waiting: false,
      notifiedAt: null,
    });
    expect((await readJson<StockAlert>(await alert(soldOut.id, me.cookie))).waiting).toBe(true);
    expect((await readJson<StockAlert>(await alert(soldOut.id, me.cookie))).waiting).toBe(true);
    expect(await subscriptionsOf(database, soldOut.id)).toHaveLength(1);
    expect((await readJson<StockAlert>(await alert(soldOut.id, me.cookie, "DELETE"))).waiting).toBe(false);
    expect(await subscriptionsOf(database, soldOut.id)).toHaveLength(0);
    const inStock = await alert(onSale.id, me.cookie);
    expect(inStock.status).toBe(409);
    expect(await codeOf(inStock)).toBe("product_in_stock");
    expect((await alert(2_000_000_000, me.cookie)).status).toBe(404);
    expect((await alert(soldOut.id, undefined)).status).toBe(401);
    expect((await alert(soldOut.id, undefined, "GET")).status).toBe(401);
  });

  it("texts each of 50 waiting shoppers once when the product is back, though two runs go at once", async () => {
    const database = await db();
    const product = await scratchProduct(database, { stock: 0 });
    const name = await questionProductName(product.id);
    const waiting = await Promise.all(Array.from({ length: 50 }, () => shopper()));
    for (const s of waiting) await readJson<StockAlert>(await alert(product.id, s.cookie));
    const phones = await Promise.all(waiting.map((s) => phoneOfUser(database, s.userId)));

    // Still sold out: nobody hears anything.
    const services = await runJobs("stock");
    expect(await services.stockAlerts.notifyBackInStock()).toBe(0);

    await setStock(database, product.id, 4);
    expect(await shownInStock(database, product.id)).toBe(true);
    // Two instances' runs of the job at once, then two runners for the SMS, then again.
    const claimed = await Promise.all([
      services.stockAlerts.notifyBackInStock(),
      services.stockAlerts.notifyBackInStock(),
    ]);
    expect(claimed[0] + claimed[1]).toBe(50);
    await runJobs("stock", 2);
    await runJobs("stock", 2);
    expect(await services.stockAlerts.notifyBackInStock()).toBe(0);
    for (const phone of phones) {
      expect(await smsTextsTo(database, phone)).toEqual([
        `Товар «${name}» снова в продаже: ${ORIGIN}/product/${product.id}`,
      ]);
    }
    const rows = await subscriptionsOf(database, product.id);
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => r.notifiedAt !== null)).toBe(true);
    const state = await readJson<StockAlert>(await alert(product.id, waiting[0]!.cookie, "GET"));
    expect(state).toMatchObject({ waiting: false, notifiedAt: expect.any(String) });

    // Sold out again: one shopper asks again and waits again; back again, only that one hears of it.
    await setStock(database, product.id, 0);
    expect((await readJson<StockAlert>(await alert(product.id, waiting[0]!.cookie))).waiting).toBe(true);
    await setStock(database, product.id, 2);
    expect(await services.stockAlerts.notifyBackInStock()).toBe(1);
    await runJobs("stock");
    expect(await smsTextsTo(database, phones[0]!)).toHaveLength(2);
    expect(await smsTextsTo(database, phones[1]!)).toHaveLength(1);
  });
});
