import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import type { Acquirer } from "#server/domain/payments/acquirer.ts";
import { buildReceipt } from "#server/domain/payments/receipt.ts";
import { createTBankAcquirer, tbankReceipt } from "#server/domain/payments/tbank.ts";
import { signed, tbankToken } from "#server/domain/payments/tbank-token.ts";
import { AppError } from "#server/errors.ts";
import { createJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { payBySbp, payWithCard, STAND_IN_CARDS, standInReceipts } from "#tests/fixtures/acquirer-stand-in.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { type AcquirerStandIn, acquirerStandInJobs, DEFAULT_DUE_MS } from "./stand-in.ts";

const SHOP = "http://shop.test";
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
let seq = 0;
const orderId = () => `T${run}-${++seq}`;

/** Log lines of the apps under test, kept to check what is (and is not) logged. */
const logSink = () =>
  new Writable({
    write(chunk, _encoding, done) {
      logLines += chunk.toString();
      done();
    },
  });

/** The shop's notification endpoint, scripted per status: answers in turn, then `OK`. */
interface Delivery {
  body: Record<string, unknown>;
}
const deliveries: Delivery[] = [];
const script = new Map<string, { status: number; body: string }[]>();
const receiver = async (request: Request): Promise<Response> => {
  const body = (await request.json()) as Record<string, unknown>;
  deliveries.push({ body });
  const planned = script.get(`${body.OrderId}:${body.Status}`)?.shift();
  return new Response(planned?.body ?? "OK", { status: planned?.status ?? 200 });
};
const deliveredFor = (order: string, status?: string) =>
  deliveries.filter((d) => d.body.OrderId === order && (!status || d.body.Status === status));

let clockOffsetMs = 0;
let app: ReturnType<typeof createApp>;
let acquirer: Acquirer;
let standIn: AcquirerStandIn;
let logLines = "";
const send = async (request: Request): Promise<Response> => app.fetch(request);

/** A receipt of one item for `amount` kopecks, sent to a phone. */
const receiptFor = (amount: number, name = "Чайник") =>
  buildReceipt({
    goods: [{ name, price: amount, quantity: 1 }],
    deliveries: [],
    amount,
    taxation: "osn",
    contact: { phone: "+79161234567" },
  });

const request = (over: Partial<Parameters<Acquirer["init"]>[0]> = {}) => ({
  orderId: orderId(),
  amount: 10_000,
  description: "Заказ в Витрине",
  successUrl: `${SHOP}/checkout/thank-you?order=1`,
  failUrl: `${SHOP}/checkout/fail?order=1`,
  notificationUrl: `${SHOP}/api/v1/payments/notification`,
  ...over,
  receipt: over.receipt ?? receiptFor(over.amount ?? 10_000),
});

async function runJobs(until: () => boolean) {
  const { database } = await getTestContext();
  const runner = createJobRunner({
    db: database.db,
    logger: createLogger("silent"),
    handlers: acquirerStandInJobs(standIn, { backoff: { baseMs: 30, maxMs: 30 } }),
    concurrency: 4,
  });
  const deadline = Date.now() + 8_000;
  while (!until() && Date.now() < deadline) {
    await runner.poll();
    await runner.idle();
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  await runner.stop();
}

beforeAll(async () => {
  const { database } = await getTestContext();
  const logger = createLogger("debug", logSink());
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  const services = createServices(database.db, {
    acquirer: { logger, standIn: { deliver: receiver, now: () => new Date(Date.now() + clockOffsetMs) } },
  });
  app = createApp({ config, services, logger, checks: {} });
  acquirer = services.acquirer;
  standIn = services.acquirerStandIn!;
  await acquirer.ready();
});

describe("the T-Bank adapter against the stand-in, in process", () => {
  it("registers a payment whose page lives on the shop's origin, and pays it with the success card", async () => {
    const req = request();
    const init = await acquirer.init(req);
    expect(init).toMatchObject({ status: "NEW", amount: 10_000 });
    expect(init.paymentUrl).toMatch(new RegExp(`^${SHOP}/acquirer/pay/${init.paymentId}/[A-Za-z0-9_-]{22}$`));
    expect(await acquirer.getState(init.paymentId)).toEqual({
      paymentId: init.paymentId,
      orderId: req.orderId,
      status: "NEW",
      amount: 10_000,
    });

    const page = await send(new Request(init.paymentUrl));
    expect(page.status).toBe(200);
    expect((await acquirer.getState(init.paymentId)).status).toBe("FORM_SHOWED");

    const paid = await payWithCard(init.paymentUrl, STAND_IN_CARDS.success, { send });
    expect(paid).toMatchObject({ status: 303, location: req.successUrl });
    expect((await acquirer.getState(init.paymentId)).status).toBe("CONFIRMED");
    // A second payment of the same page changes nothing: the page says it is paid.
    const again = await payWithCard(init.paymentUrl, STAND_IN_CARDS.declined, { send });
    expect(again.status).toBe(200);
    expect(again.html).toContain("Оплата прошла");
    expect((await acquirer.getState(init.paymentId)).status).toBe("CONFIRMED");
  });

  it("rejects the declined and insufficient-funds cards with their error codes and sends the shopper to FailURL", async () => {
    for (const [pan, reason] of [
      [STAND_IN_CARDS.declined, "Банк, выпустивший карту, отклонил операцию"],
      [STAND_IN_CARDS.insufficientFunds, "Недостаточно средств на карте"],
    ] as const) {
      const req = request();
      const init = await acquirer.init(req);
      expect(await payWithCard(init.paymentUrl, pan, { send })).toMatchObject({
        status: 303,
        location: req.failUrl,
      });
      expect((await acquirer.getState(init.paymentId)).status).toBe("REJECTED");
      expect(await rawCall("GetState", { PaymentId: init.paymentId })).toMatchObject({
        Success: true,
        ErrorCode: "0",
        Status: "REJECTED",
      });
      // The page, opened again, says why.
      expect(await (await send(new Request(init.paymentUrl))).text()).toContain(reason);
    }
  });

  it("asks for the 3-D Secure code: 1234 confirms; three wrong codes reject", async () => {
    const ok = request();
    const first = await acquirer.init(ok);
    expect(await payWithCard(first.paymentUrl, STAND_IN_CARDS.threeDs, { send })).toMatchObject({
      status: 303,
      location: ok.successUrl,
    });
    expect((await acquirer.getState(first.paymentId)).status).toBe("CONFIRMED");

    const bad = request();
    const second = await acquirer.init(bad);
    const wrong = await payWithCard(second.paymentUrl, STAND_IN_CARDS.threeDs, { send, threeDsCode: "0000" });
    expect(wrong.status).toBe(200);
    expect(wrong.html).toContain("Неверный код. Осталось попыток: 2");
    expect(wrong.html).toContain('aria-invalid="true"');
    expect((await acquirer.getState(second.paymentId)).status).toBe("3DS_CHECKING");
    const form = (code: string) =>
      send(
        new Request(`${second.paymentUrl}/3ds`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: SHOP },
          body: `code=${code}`,
        }),
      );
    // An empty form is asked again and does not count.
    expect(await (await form("")).text()).toContain("Введите код из SMS");
    expect(await (await form("1111")).text()).toContain("Осталось попыток: 1");
    const last = await form("2222");
    expect(last.status).toBe(303);
    expect(last.headers.get("location")).toBe(bad.failUrl);
    expect((await acquirer.getState(second.paymentId)).status).toBe("REJECTED");
    expect(await (await send(new Request(second.paymentUrl))).text()).toContain(
      "Не пройдена идентификация 3DS",
    );
  });

  it("pays through SBP with the test buttons", async () => {
    const yes = request({ method: "sbp" });
    const a = await acquirer.init(yes);
    const page = await (await send(new Request(a.paymentUrl))).text();
    expect(page).toMatch(/<svg class="qr" role="img" aria-label="QR-код для оплаты 100\u00a0₽ через СБП"/);
    expect(page).toContain("Оплатить в приложении банка — успешно");
    expect(page).toContain("Оплатить в приложении банка — отказ");
    expect(await payBySbp(a.paymentUrl, "success", { send })).toMatchObject({ location: yes.successUrl });
    expect((await acquirer.getState(a.paymentId)).status).toBe("CONFIRMED");

    const no = request();
    const b = await acquirer.init(no);
    expect(await payBySbp(b.paymentUrl, "decline", { send })).toMatchObject({ location: no.failUrl });
    expect((await acquirer.getState(b.paymentId)).status).toBe("REJECTED");
  });

  it("refunds once per ExternalRequestId: the same Cancel again answers the state and takes nothing", async () => {
    const paid = await acquirer.init(request());
    await payWithCard(paid.paymentUrl, STAND_IN_CARDS.success, { send });
    const first = await acquirer.cancel(paid.paymentId, 3_000, undefined, "refund-1");
    expect(first).toMatchObject({ status: "PARTIAL_REFUNDED", originalAmount: 10_000, newAmount: 7_000 });
    expect(await acquirer.cancel(paid.paymentId, 3_000, undefined, "refund-1")).toMatchObject({
      status: "PARTIAL_REFUNDED",
      newAmount: 7_000,
    });
    expect(await acquirer.cancel(paid.paymentId, 3_000, undefined, "refund-2")).toMatchObject({
      newAmount: 4_000,
    });
    await expect(acquirer.cancel(paid.paymentId, 1, undefined, "x".repeat(257))).rejects.toMatchObject({
      status: 503,
    });
  });

  it("cancels an unpaid payment, refunds a paid one in part and then the rest, and refuses more", async () => {
    const unpaid = await acquirer.init(request());
    expect(await acquirer.cancel(unpaid.paymentId)).toEqual({
      paymentId: unpaid.paymentId,
      status: "CANCELED",
      originalAmount: 10_000,
      newAmount: 0,
    });
    expect((await send(new Request(unpaid.paymentUrl))).status).toBe(200);

    const req = request();
    const paid = await acquirer.init(req);
    await payWithCard(paid.paymentUrl, STAND_IN_CARDS.success, { send });
    expect(await acquirer.cancel(paid.paymentId, 3_000)).toEqual({
      paymentId: paid.paymentId,
      status: "PARTIAL_REFUNDED",
      originalAmount: 10_000,
      newAmount: 7_000,
    });
    await expect(acquirer.cancel(paid.paymentId, 8_000)).rejects.toMatchObject({ status: 503 });
    expect(await acquirer.cancel(paid.paymentId)).toMatchObject({
      status: "REFUNDED",
      originalAmount: 7_000,
      newAmount: 0,
    });
    await expect(acquirer.cancel(paid.paymentId)).rejects.toBeInstanceOf(AppError);
    expect(await acquirer.getState(paid.paymentId)).toMatchObject({ status: "REFUNDED", amount: 10_000 });

    // The refunds are notified as well.
    await runJobs(() => deliveredFor(req.orderId, "REFUNDED").length > 0);
    expect(deliveredFor(req.orderId, "PARTIAL_REFUNDED")).toHaveLength(1);
    expect(deliveredFor(req.orderId, "REFUNDED")).toHaveLength(1);
  });

  it("keeps Init's receipt and a refund's, and refuses either when its items do not add up (308)", async () => {
    const { database } = await getTestContext();
    const receipt = buildReceipt({
      goods: [
        { name: "Чайник", price: 6_000, quantity: 1 },
        { name: "Кружка", price: 1_000, quantity: 3 },
      ],
      deliveries: [{ name: "Доставка", amount: 1_000 }],
      amount: 10_000,
      taxation: "osn",
      contact: { email: "anna@example.ru" },
    });
    const req = request({ receipt });
    const paid = await acquirer.init(req);
    await payWithCard(paid.paymentUrl, STAND_IN_CARDS.success, { send });
    expect((await standInReceipts(database.db, paid.paymentId)).init).toEqual(tbankReceipt(receipt));

    // A receipt a kopeck short: the shop is told the acquirer is unavailable, the stand-in logged T-Bank's code.
    const short = {
      ...receipt,
      items: receipt.items.map((item, n) =>
        n === 0 ? { ...item, price: item.price - 1, amount: item.amount - 1 } : item,
      ),
    };
    await expect(acquirer.init(request({ receipt: short }))).rejects.toMatchObject({ status: 503 });
    expect(logLines).toContain('"errorCode":"308"');
    expect(
      await rawCall("Init", { Amount: 10_000, OrderId: orderId(), Receipt: tbankReceipt(short) }),
    ).toEqual({
      Success: false,
      ErrorCode: "308",
      Message: "Сумма позиций чека не равна сумме операции.",
      Details: "Сумма Amount позиций — 9999 коп., сумма операции — 10000 коп.",
    });

    // The refund of 3 000 with a receipt of 4 000 is refused; with the mugs' 3 000 it is taken and kept.
    const mugs = { ...receipt, items: receipt.items.filter((i) => i.name === "Кружка") };
    await expect(acquirer.cancel(paid.paymentId, 4_000, mugs)).rejects.toMatchObject({ status: 503 });
    expect(await acquirer.cancel(paid.paymentId, 3_000, mugs)).toMatchObject({ status: "PARTIAL_REFUNDED" });
    // The rest, with the rest of the receipt.
    const rest = { ...receipt, items: receipt.items.filter((i) => i.name !== "Кружка") };
    expect(await acquirer.cancel(paid.paymentId, undefined, rest)).toMatchObject({ status: "REFUNDED" });
    expect((await standInReceipts(database.db, paid.paymentId)).refunds).toEqual([
      tbankReceipt(mugs),
      tbankReceipt(rest),
    ]);
  });

  it("answers the same Init again with the same payment, and refuses a used OrderId for another amount", async () => {
    const req = request();
    const first = await acquirer.init(req);
    expect(await acquirer.init(req)).toEqual(first);
    await expect(
      acquirer.init({ ...req, amount: 20_000, receipt: receiptFor(20_000) }),
    ).rejects.toMatchObject({
      status: 503,
      code: "acquirer_unavailable",
    });
    await expect(acquirer.init(request({ amount: 99 }))).rejects.toMatchObject({ status: 503 });
  });

  it("ends an unpaid payment at 24 hours, or at its RedirectDueDate", async () => {
    const plain = await acquirer.init(request());
    const soon = await acquirer.init(request({ dueDate: new Date(Date.now() + 3600_000) }));
    clockOffsetMs = 2 * 3600_000;
    try {
      expect((await acquirer.getState(soon.paymentId)).status).toBe("DEADLINE_EXPIRED");
      expect((await acquirer.getState(plain.paymentId)).status).toBe("NEW");
      const page = await send(new Request(soon.paymentUrl));
      expect(await page.text()).toContain("Время на оплату истекло");
      clockOffsetMs = DEFAULT_DUE_MS + 60_000;
      expect((await acquirer.getState(plain.paymentId)).status).toBe("DEADLINE_EXPIRED");
      expect(await payWithCard(plain.paymentUrl, STAND_IN_CARDS.success, { send })).toMatchObject({
        status: 200,
      });
      expect((await acquirer.getState(plain.paymentId)).status).toBe("DEADLINE_EXPIRED");
    } finally {
      clockOffsetMs = 0;
    }
    await expect(acquirer.init(request({ dueDate: new Date(Date.now() - 1000) }))).rejects.toMatchObject({
      status: 503,
    });
  });
});

/** A request signed with the stand-in's own terminal, straight to its API. */
async function rawCall(method: string, fields: Record<string, unknown>, password?: string) {
  const creds = await standIn.credentials();
  const body = signed({ TerminalKey: creds.terminalKey, ...fields }, password ?? creds.password);
  const response = await send(
    new Request(`${SHOP}/acquirer/v2/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe("the stand-in's API checks the request as T-Bank does", () => {
  it("refuses a wrong Token (204) and an unknown terminal (205), and the adapter turns that into a 503", async () => {
    const fields = { Amount: 10_000, OrderId: orderId(), Description: "x" };
    expect(await rawCall("Init", fields, "not the password")).toEqual({
      Success: false,
      ErrorCode: "204",
      Message: "Неверный токен. Проверьте пару TerminalKey/SecretKey.",
      Details: "",
    });
    const creds = await standIn.credentials();
    const foreign = await send(
      new Request(`${SHOP}/acquirer/v2/Init`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(signed({ TerminalKey: "1111111111DEMO", ...fields }, creds.password)),
      }),
    );
    expect(await foreign.json()).toMatchObject({ Success: false, ErrorCode: "205" });
    // A valid request whose signed Amount was altered after signing.
    const good = signed({ TerminalKey: creds.terminalKey, ...fields }, creds.password);
    const altered = await send(
      new Request(`${SHOP}/acquirer/v2/Init`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...good, Amount: 1 }),
      }),
    );
    expect(await altered.json()).toMatchObject({ Success: false, ErrorCode: "204" });

    const wrongPassword = createTBankAcquirer({
      url: `${SHOP}/acquirer`,
      credentials: { terminalKey: creds.terminalKey, password: "wrong-password-123" },
      fetch: send,
      logger: createLogger("debug", logSink()),
    });
    const error = await wrongPassword.init(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 503, code: "acquirer_unavailable" });
    expect((error as AppError).message).toMatch(/Платёжный сервис сейчас недоступен/);
    expect(logLines).toContain('"errorCode":"204"');
    // Neither password nor token is ever logged.
    expect(logLines).not.toContain("wrong-password-123");
    expect(logLines).not.toContain(creds.password);
    expect(logLines).not.toContain(tbankToken({ TerminalKey: creds.terminalKey, ...fields }, creds.password));
  });

  it("answers GetState and Cancel of an unknown payment with an error", async () => {
    expect(await rawCall("GetState", { PaymentId: "999999999" })).toMatchObject({
      Success: false,
      ErrorCode: "9999",
    });
    await expect(acquirer.getState("999999999")).rejects.toMatchObject({ status: 503 });
    await expect(acquirer.cancel("999999999")).rejects.toMatchObject({ status: 503 });
  });
});

describe("the adapter refuses answers that do not match, and outages", () => {
  const fake = (answer: (body: Record<string, unknown>) => unknown) =>
    createTBankAcquirer({
      url: "https://acquirer.test",
      credentials: { terminalKey: "TK", password: "pw" },
      fetch: async (req) => Response.json(answer((await req.json()) as Record<string, unknown>)),
      timeoutMs: 200,
    });
  const ok = (body: Record<string, unknown>) => ({
    Success: true,
    ErrorCode: "0",
    TerminalKey: "TK",
    Status: "NEW",
    PaymentId: "42",
    OrderId: body.OrderId,
    Amount: body.Amount,
    PaymentURL: "https://pay.test/42",
  });

  it("takes a matching answer and sends a signed, complete Init", async () => {
    let sent: Record<string, unknown> = {};
    const acq = fake((body) => {
      sent = body;
      return ok(body);
    });
    expect(await acq.init(request({ orderId: "A-1", customerKey: "u1", method: "sbp" }))).toEqual({
      paymentId: "42",
      paymentUrl: "https://pay.test/42",
      status: "NEW",
      amount: 10_000,
    });
    expect(sent).toMatchObject({
      TerminalKey: "TK",
      Amount: 10_000,
      OrderId: "A-1",
      SuccessURL: `${SHOP}/checkout/thank-you?order=1`,
      NotificationURL: `${SHOP}/api/v1/payments/notification`,
      CustomerKey: "u1",
      DATA: { QR: "true" },
    });
    expect(sent.Token).toBe(tbankToken(sent, "pw"));
  });

  it("refuses another amount, another order, another terminal, a failure code, an outage and a timeout", async () => {
    const cases = [
      fake((b) => ({ ...ok(b), Amount: 1 })),
      fake((b) => ({ ...ok(b), OrderId: "other" })),
      fake((b) => ({ ...ok(b), TerminalKey: "OTHER" })),
      fake((b) => ({ ...ok(b), PaymentURL: "javascript:alert(1)" })),
      fake(() => ({ Success: false, ErrorCode: "9999", Message: "Неверные параметры." })),
      fake(() => "not json object"),
      createTBankAcquirer({
        url: "https://acquirer.test",
        credentials: { terminalKey: "TK", password: "pw" },
        fetch: async () => {
          throw new TypeError("fetch failed");
        },
      }),
      createTBankAcquirer({
        url: "https://acquirer.test",
        credentials: { terminalKey: "TK", password: "pw" },
        fetch: (req) =>
          new Promise((_resolve, reject) =>
            req.signal.addEventListener("abort", () => reject(req.signal.reason)),
          ),
        timeoutMs: 50,
      }),
      createTBankAcquirer({
        url: "https://acquirer.test",
        credentials: { terminalKey: "TK", password: "pw" },
        fetch: async () => new Response("bad gateway", { status: 502 }),
      }),
    ];
    for (const acq of cases) {
      await expect(acq.init(request())).rejects.toMatchObject({ status: 503, code: "acquirer_unavailable" });
    }
  });
});

describe("notifications", () => {
  it("are signed so that verifyNotification takes them, and refuses forged or altered ones", async () => {
    const req = request();
    const init = await acquirer.init(req);
    await payWithCard(init.paymentUrl, STAND_IN_CARDS.success, { send });
    await runJobs(() => deliveredFor(req.orderId, "CONFIRMED").length > 0);
    const confirmed = deliveredFor(req.orderId, "CONFIRMED")[0]!.body;
    expect(confirmed).toMatchObject({
      OrderId: req.orderId,
      Success: true,
      Status: "CONFIRMED",
      PaymentId: Number(init.paymentId),
      ErrorCode: "0",
      Amount: 10_000,
      Pan: "430000******0777",
      ExpDate: "1230",
    });
    expect(typeof confirmed.CardId).toBe("number");
    expect(deliveredFor(req.orderId, "AUTHORIZED")).toHaveLength(1);
    expect(acquirer.verifyNotification(confirmed)).toEqual({
      paymentId: init.paymentId,
      orderId: req.orderId,
      status: "CONFIRMED",
      amount: 10_000,
      success: true,
      errorCode: "0",
      pan: "430000******0777",
    });
    // Through JSON again, as the shop's route reads it.
    expect(acquirer.verifyNotification(JSON.parse(JSON.stringify(confirmed)))).not.toBeNull();

    const creds = await standIn.credentials();
    const forged = [
      { ...confirmed, Amount: 1 },
      { ...confirmed, Status: "REJECTED" },
      { ...confirmed, OrderId: "other" },
      { ...confirmed, Token: undefined },
      { ...confirmed, Token: "0".repeat(64) },
      signed({ ...confirmed, Token: undefined, Amount: 1 }, "someone else's password"),
      // Signed right, but for another terminal.
      signed({ ...confirmed, Token: undefined, TerminalKey: "1234567890123DEMO" }, creds.password),
      // Signed right, but not a notification (no status, no amount).
      signed({ TerminalKey: creds.terminalKey, PaymentId: 1 }, creds.password),
      "OK",
      null,
      [confirmed],
    ];
    for (const body of forged) expect(acquirer.verifyNotification(body)).toBeNull();
  });

  it("are sent again until the shop answers OK: 500, 500, then OK makes three deliveries and no more", async () => {
    const req = request();
    script.set(`${req.orderId}:CONFIRMED`, [
      { status: 500, body: "error" },
      { status: 200, body: "NOT OK" },
    ]);
    const init = await acquirer.init(req);
    await payWithCard(init.paymentUrl, STAND_IN_CARDS.success, { send });
    await runJobs(() => deliveredFor(req.orderId, "CONFIRMED").length >= 3);
    expect(deliveredFor(req.orderId, "CONFIRMED")).toHaveLength(3);
    expect(deliveredFor(req.orderId, "AUTHORIZED")).toHaveLength(1);
    // Each attempt was logged, the failed ones as such.
    const lines = logLines
      .split("\n")
      .filter(
        (l) =>
          l.includes('"event":"acquirer_notification"') &&
          l.includes(`"paymentId":${init.paymentId},`) &&
          l.includes("CONFIRMED"),
      );
    expect(lines.map((l) => JSON.parse(l).delivered)).toEqual([false, false, true]);
    // Nothing more comes once it was taken.
    await runJobs(() => false);
    expect(deliveredFor(req.orderId, "CONFIRMED")).toHaveLength(3);
  }, 20_000);

  it("say REJECTED with the error code when a card is declined", async () => {
    const req = request();
    const init = await acquirer.init(req);
    await payWithCard(init.paymentUrl, STAND_IN_CARDS.insufficientFunds, { send });
    await runJobs(() => deliveredFor(req.orderId, "REJECTED").length > 0);
    const rejected = deliveredFor(req.orderId, "REJECTED")[0]!.body;
    expect(acquirer.verifyNotification(rejected)).toMatchObject({
      status: "REJECTED",
      success: false,
      errorCode: "116",
    });
  });
});

describe("the hosted payment page", () => {
  it("is plain HTML under its own CSP: the test-environment banner, labelled fields, no script", async () => {
    const init = await acquirer.init(request());
    const response = await send(new Request(init.paymentUrl));
    expect(response.headers.get("cache-control")).toBe("no-store");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)![1]!;
    const html = await response.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toMatch(/<body>\s*<p class="test" role="note">Тестовая среда — деньги не списываются<\/p>/);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/ on[a-z]+=/i);
    expect(html).toContain(`<style nonce="${nonce}">`);
    for (const [id, label] of [
      ["pan", "Номер карты"],
      ["expiry", "Срок действия"],
      ["cvc", "CVC"],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`id="${id}" name="${id}"`);
    }
    expect(html).toContain('autocomplete="cc-number"');
    expect(html).toContain("Оплатить 100\u00a0₽");
    expect(html).toContain("4300 0000 0000 0777");
    expect(html).toContain("<code>1234</code>");
  });

  it("shows Russian field errors, keeps the number and expiry, never echoes the CVC", async () => {
    const init = await acquirer.init(request());
    const response = await send(
      new Request(`${init.paymentUrl}/card`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: SHOP },
        body: "pan=4300+0000+0000+0778&expiry=01%2F20&cvc=987",
      }),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("Номер карты введён с ошибкой — проверьте цифры");
    expect(html).toContain("Срок действия карты истёк");
    expect(html).toMatch(
      /id="pan" name="pan"[^>]*value="4300 0000 0000 0778" aria-invalid="true" aria-describedby="pan-error" autofocus/,
    );
    expect(html).not.toContain("987");
    expect((await acquirer.getState(init.paymentId)).status).toBe("NEW");
  });

  it("is never stored: its pages, its redirects and its API's answers", async () => {
    const req = request();
    const init = await acquirer.init(req);
    const post = (path: string, body: string) =>
      send(
        new Request(`${init.paymentUrl}${path}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: SHOP },
          body,
        }),
      );
    const toThreeDs = await post("/card", `pan=${STAND_IN_CARDS.threeDs}&expiry=12%2F30&cvc=123`);
    expect(toThreeDs.status).toBe(303);
    expect(toThreeDs.headers.get("cache-control")).toBe("no-store");
    const acs = await send(new Request(`${init.paymentUrl}/3ds`));
    expect(acs.headers.get("cache-control")).toBe("no-store");
    // The page's address holds its key: it never goes out as a Referer, not even to the shop.
    expect(await acs.text()).toContain('<meta name="referrer" content="no-referrer">');
    expect(acs.headers.get("x-frame-options")).toBe("DENY");
    const back = await post("/3ds", "code=1234");
    expect(back.headers.get("location")).toBe(req.successUrl);
    expect(back.headers.get("cache-control")).toBe("no-store");
    const api = await send(
      new Request(`${SHOP}/acquirer/v2/GetState`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({}),
      }),
    );
    expect(api.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses another site's post, and answers 404 to a wrong key", async () => {
    const init = await acquirer.init(request());
    const crossSite = await send(
      new Request(`${init.paymentUrl}/card`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.test" },
        body: `pan=${STAND_IN_CARDS.success}&expiry=12%2F30&cvc=123`,
      }),
    );
    expect(crossSite.status).toBe(403);
    expect((await acquirer.getState(init.paymentId)).status).toBe("NEW");
    const wrongKey = init.paymentUrl.replace(/[^/]+$/, "A".repeat(22));
    expect((await send(new Request(wrongKey))).status).toBe(404);
    expect((await send(new Request(`${SHOP}/acquirer/pay/abc/def`))).status).toBe(404);
  });
});

describe("the adapter against the stand-in over real HTTP", () => {
  let server: ReturnType<typeof createServer>;
  let base: string;
  beforeAll(async () => {
    server = createServer(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("inits, pays each test card through the page over HTTP, reads the state and cancels, as with a real T-Bank", async () => {
    const creds = await standIn.credentials();
    const remote = createTBankAcquirer({ url: `${base}/acquirer`, credentials: creds });
    const outcomes = [
      [STAND_IN_CARDS.success, "CONFIRMED"],
      [STAND_IN_CARDS.threeDs, "CONFIRMED"],
      [STAND_IN_CARDS.declined, "REJECTED"],
      [STAND_IN_CARDS.insufficientFunds, "REJECTED"],
    ] as const;
    for (const [pan, status] of outcomes) {
      const req = request({ successUrl: `${base}/checkout/thank-you`, failUrl: `${base}/checkout/fail` });
      const init = await remote.init(req);
      expect(init.paymentUrl.startsWith(`${base}/acquirer/pay/`)).toBe(true);
      const paid = await payWithCard(init.paymentUrl, pan);
      expect(paid.location).toBe(status === "CONFIRMED" ? req.successUrl : req.failUrl);
      expect(await remote.getState(init.paymentId)).toMatchObject({
        status,
        orderId: req.orderId,
        amount: 10_000,
      });
      if (status === "CONFIRMED") {
        expect(await remote.cancel(init.paymentId)).toMatchObject({
          status: "REFUNDED",
          originalAmount: 10_000,
          newAmount: 0,
        });
      }
    }
  });
});

describe("notifications to the shop this process serves", () => {
  it("go in process when NotificationURL is on the payment's own origin, over the network otherwise", async () => {
    const { database } = await getTestContext();
    const services = createServices(database.db, { acquirer: { logger: createLogger("silent") } });
    const own = services.acquirerStandIn!;
    const shopCalls: string[] = [];
    own.serveShop(async (req) => {
      const body = (await req.json()) as { OrderId: string; Status: string };
      if (body.OrderId === here.orderId || body.OrderId === away.orderId) {
        shopCalls.push(`${req.method} ${req.url} ${body.OrderId} ${body.Status}`);
      }
      return new Response("OK");
    });
    const local = createApp({
      config: loadConfig({ NODE_ENV: "test" }),
      services,
      logger: createLogger("silent"),
      checks: {},
    });
    const sendLocal = async (r: Request) => local.fetch(r);
    const here = request();
    const away = request({ notificationUrl: "http://127.0.0.1:9/notify" });
    for (const req of [here, away]) {
      const init = await services.acquirer.init(req);
      await payWithCard(init.paymentUrl, STAND_IN_CARDS.success, { send: sendLocal });
    }
    const runner = createJobRunner({
      db: database.db,
      logger: createLogger("silent"),
      handlers: acquirerStandInJobs(own, { backoff: { baseMs: 60_000, maxMs: 60_000 } }),
      concurrency: 4,
    });
    for (let i = 0; i < 5; i++) {
      await runner.poll();
      await runner.idle();
    }
    await runner.stop();
    // AUTHORIZED and CONFIRMED of the first payment reached the shop in process; the second's went out
    // over the network (nobody listens on port 9) and will be tried again.
    expect(shopCalls.sort()).toEqual([
      `POST ${here.notificationUrl} ${here.orderId} AUTHORIZED`,
      `POST ${here.notificationUrl} ${here.orderId} CONFIRMED`,
    ]);
  });
});
