import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import pino from "pino";
import { z } from "zod";
import { INSTALLMENT_TERMS, installmentTerms } from "#contract/installments.ts";
import type { UnitOfWork } from "#server/db/unit-of-work.ts";
import type { TerminalCredentials } from "#server/domain/payments/tbank.ts";
import { signed, tbankTokenValid } from "#server/domain/payments/tbank-token.ts";
import { defineJobType, handleJob, type JobHandler, PermanentJobError } from "#server/jobs/job-type.ts";
import type { Logger } from "#server/logger.ts";
import { type CardForm, checkCard, ERROR_CODES, maskPan, THREE_DS_ATTEMPTS, THREE_DS_CODE } from "./cards.ts";
import { receiptRefusal } from "./receipt-check.ts";
import type { AcquirerStandInRepository, StandInPayment, StandInPaymentData } from "./repository.ts";

/** Where the stand-in acquirer is served in the shop's own process (ADR 037). */
export const ACQUIRER_MOUNT = "/acquirer";
/** A payment not paid by then ends DEADLINE_EXPIRED, unless Init's RedirectDueDate says otherwise. */
export const DEFAULT_DUE_MS = 24 * 3600_000;
/** RedirectDueDate may lie at most this far ahead (T-Bank: 90 days). */
const MAX_DUE_MS = 90 * 24 * 3600_000;
/** T-Bank takes no payment under a rouble. */
export const MIN_AMOUNT = 100;
const NOTIFICATION_TIMEOUT_MS = 10_000;

const SECRET = {
  terminalKey: "acquirer_stand_in_terminal_key",
  password: "acquirer_stand_in_password",
} as const;

/** Statuses in which the payment page still takes a payment. */
const OPEN = ["NEW", "FORM_SHOWED", "3DS_CHECKING"] as const;
const PAYABLE = ["NEW", "FORM_SHOWED"] as const;
const PAID = ["CONFIRMED", "PARTIAL_REFUNDED"] as const;

/**
 * A signed notification to the shop's NotificationURL, sent until it answers `OK` (T-Bank's rule): the
 * job queue retries it 5 s, 10 s, 20 s, … up to an hour apart, 20 times (about 14 hours). Its payload is
 * the event as it happened; the card and amount are read from the payment when it is sent.
 */
export const acquirerNotificationJob = defineJobType({
  name: "acquirer-stand-in-notification",
  payload: z.object({
    paymentId: z.number().int().positive(),
    status: z.string().min(1).max(40),
    success: z.boolean(),
    errorCode: z.string().max(10),
  }),
  maxAttempts: 20,
  backoff: { baseMs: 5_000, maxMs: 3_600_000 },
});

/** Ends a payment nobody paid at its due date (DEADLINE_EXPIRED, with a notification). */
export const acquirerExpiryJob = defineJobType({
  name: "acquirer-stand-in-expiry",
  payload: z.object({ paymentId: z.number().int().positive() }),
  maxAttempts: 10,
  backoff: { baseMs: 10_000, maxMs: 600_000 },
});

type Json = Record<string, unknown>;
type Method = "Init" | "GetState" | "Cancel";
type Event = { status: string; success: boolean; errorCode: string };

export interface AcquirerStandInOptions {
  logger?: Logger;
  /** How notifications reach NotificationURL: the global fetch unless a test passes its own. */
  deliver?: (request: Request) => Promise<Response>;
  now?: () => Date;
}

/** What a payment page shows, or where the browser goes next. */
export type PageAnswer =
  | { kind: "redirect"; to: string }
  | {
      kind: "form";
      payment: StandInPayment;
      method: "card" | "sbp";
      errors?: CardErrors;
      values?: Partial<CardForm>;
    }
  | { kind: "3ds"; payment: StandInPayment; attemptsLeft: number; error?: string }
  | { kind: "installment"; payment: StandInPayment; months: number }
  | { kind: "paid"; payment: StandInPayment }
  | { kind: "failed"; payment: StandInPayment; reason: string }
  | { kind: "not_found" };
type CardErrors = Partial<Record<keyof CardForm, string>>;

const fail = (errorCode: string, message: string, details = "") => ({
  Success: false,
  ErrorCode: errorCode,
  Message: message,
  Details: details,
});
const BAD_PARAMETERS = "Неверные параметры.";
const BAD_TOKEN = "Неверный токен. Проверьте пару TerminalKey/SecretKey.";

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const httpUrl = (value: unknown): string | null | false => {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string" || value.length > 2048 || !URL.canParse(value)) return false;
  return /^https?:$/.test(new URL(value).protocol) ? value : false;
};
const paymentIdOf = (value: unknown): number | undefined => {
  const n = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** T-Bank's CardId: a number standing for the card (the same card, the same id). */
const cardIdOf = (pan: string) =>
  Number.parseInt(createHash("sha256").update(pan).digest("hex").slice(0, 8), 16) % 10_000_000;

/**
 * The built-in acquirer (ADR 037): the T-Bank API v2 (Init, GetState, Cancel) with the terminal key and
 * password generated once and kept in `server_secrets`, a hosted payment page with test cards, a 3-D
 * Secure step and an SBP QR code, and signed notifications retried until the shop answers `OK`. It runs
 * only when no real acquirer is configured.
 */
export function createAcquirerStandIn(
  uow: UnitOfWork<AcquirerStandInRepository>,
  options: AcquirerStandInOptions = {},
) {
  const repo = uow.repositories;
  const logger = options.logger ?? pino({ level: "silent" });
  const now = options.now ?? (() => new Date());
  /** The shop this server runs (main.ts): notifications to its own origin are handed over in process. */
  let shop: ((request: Request) => Promise<Response>) | undefined;
  const deliver = (request: Request, sameServer: boolean) =>
    options.deliver ? options.deliver(request) : sameServer && shop ? shop(request) : fetch(request);

  let secrets: Promise<TerminalCredentials> | undefined;
  const credentials = (): Promise<TerminalCredentials> => {
    secrets ??= (async () => ({
      terminalKey: await repo.secret(SECRET.terminalKey, () => `${randomInt(1e12, 1e13 - 1)}DEMO`),
      password: await repo.secret(SECRET.password, () => randomBytes(12).toString("base64url")),
    }))();
    secrets.catch(() => {
      secrets = undefined;
    });
    return secrets;
  };

  const paymentUrl = (origin: string, p: StandInPayment) =>
    `${origin}${ACQUIRER_MOUNT}/pay/${p.id}/${p.data.formKey}`;

  /** Moves the payment and queues its notifications in one transaction; the moved row or undefined. */
  const transition = (
    p: StandInPayment,
    from: readonly string[],
    to: { status: string; errorCode?: string; pan?: string | null; data?: Partial<StandInPaymentData> },
    events: Event[],
    refundedBefore?: number,
  ) =>
    uow.transaction(async (r) => {
      const moved = await r.move(p.id, from, to, refundedBefore);
      if (moved?.notificationUrl) {
        for (const event of events) {
          await r.enqueue(
            acquirerNotificationJob,
            { paymentId: p.id, ...event },
            `${p.id}:${event.status}:${moved.data.refunded ?? 0}`,
          );
        }
      }
      if (moved)
        logger.info(
          { event: "acquirer_stand_in_payment", paymentId: p.id, from: p.status, to: to.status },
          "stand-in payment moved",
        );
      return moved;
    });

  /** A payment past its due date that nobody paid ends DEADLINE_EXPIRED (on sight, or by its job). */
  async function current(p: StandInPayment): Promise<StandInPayment> {
    if (!(OPEN as readonly string[]).includes(p.status) || now().getTime() < Date.parse(p.data.dueAt))
      return p;
    const expired = await transition(p, OPEN, { status: "DEADLINE_EXPIRED", errorCode: "0" }, [
      { status: "DEADLINE_EXPIRED", success: false, errorCode: "0" },
    ]);
    return expired ?? (await repo.find(p.id)) ?? p;
  }

  // ---- The API (JSON over POST, as T-Bank's) ----

  async function authorised(body: unknown): Promise<{ error: Json } | { body: Json; terminalKey: string }> {
    if (!isObject(body)) return { error: fail("9999", BAD_PARAMETERS, "Тело запроса — объект JSON.") };
    const { terminalKey, password } = await credentials();
    if (typeof body.TerminalKey !== "string" || !body.TerminalKey) {
      return { error: fail("9999", BAD_PARAMETERS, "Поле TerminalKey не должно быть пустым.") };
    }
    if (body.TerminalKey !== terminalKey)
      return { error: fail("205", BAD_TOKEN, "Указанный терминал не найден.") };
    if (!tbankTokenValid(body, password)) return { error: fail("204", BAD_TOKEN) };
    return { body, terminalKey };
  }

  async function init(body: Json, terminalKey: string, origin: string): Promise<Json> {
    const amount = body.Amount;
    if (typeof amount !== "number" || !Number.isSafeInteger(amount)) {
      return fail("9999", BAD_PARAMETERS, "Поле Amount — целое число копеек.");
    }
    if (amount < MIN_AMOUNT)
      return fail("251", `Неверная сумма. Сумма должна быть больше или равна ${MIN_AMOUNT} копеек.`);
    const orderId = typeof body.OrderId === "number" ? String(body.OrderId) : body.OrderId;
    if (typeof orderId !== "string" || !orderId)
      return fail("9999", BAD_PARAMETERS, "Поле OrderId не должно быть пустым.");
    if (orderId.length > 36) return fail("212", "Размер поля OrderId должен быть от 1 до 36.");
    const description = body.Description;
    if (description !== undefined && (typeof description !== "string" || description.length > 140)) {
      return fail("213", "Размер поля Description должен быть от 0 до 140.");
    }
    const urls = {
      SuccessURL: httpUrl(body.SuccessURL),
      FailURL: httpUrl(body.FailURL),
      NotificationURL: httpUrl(body.NotificationURL),
    };
    for (const [name, value] of Object.entries(urls)) {
      if (value === false) return fail("9999", BAD_PARAMETERS, `Поле ${name} — адрес http(s).`);
    }
    let dueAt = new Date(now().getTime() + DEFAULT_DUE_MS);
    if (body.RedirectDueDate !== undefined) {
      const due = typeof body.RedirectDueDate === "string" ? Date.parse(body.RedirectDueDate) : Number.NaN;
      if (!Number.isFinite(due) || due <= now().getTime() || due > now().getTime() + MAX_DUE_MS) {
        return fail("12", "Неверный параметр RedirectDueDate");
      }
      dueAt = new Date(due);
    }
    // A terminal with T-Bank's online cash register (ADR 050): no payment without a receipt, and a receipt
    // that does not add up is refused.
    const refusal = receiptRefusal(body.Receipt, amount);
    if (refusal) return fail(refusal.errorCode, refusal.message, refusal.details);
    const sbp = isObject(body.DATA) && body.DATA.QR === "true";
    // The bank's installment application (ADR 062): the term the shop chose, within the bank's own terms
    // and limits (the same ones the shop shows: contract/installments.ts).
    let installmentMonths: number | undefined;
    if (isObject(body.DATA) && body.DATA.PaymentMethod === "installment") {
      const months = Number(body.DATA.InstallmentMonths);
      if (!(INSTALLMENT_TERMS as readonly number[]).includes(months)) {
        return fail("9999", BAD_PARAMETERS, `Срок рассрочки — один из: ${INSTALLMENT_TERMS.join(", ")} мес.`);
      }
      if (!(installmentTerms(amount) as number[]).includes(months)) {
        return fail("9999", BAD_PARAMETERS, "Сумма не подходит для рассрочки на этот срок.");
      }
      installmentMonths = months;
    }
    const p = await uow.transaction(async (r) => {
      const inserted = await r.insert({
        terminalKey,
        orderId,
        amount,
        description: typeof description === "string" ? description : null,
        successUrl: urls.SuccessURL || null,
        failUrl: urls.FailURL || null,
        notificationUrl: urls.NotificationURL || null,
        data: {
          formKey: randomBytes(16).toString("base64url"),
          dueAt: dueAt.toISOString(),
          origin,
          ...(sbp ? { sbp } : {}),
          ...(installmentMonths ? { installmentMonths } : {}),
          ...(isObject(body.Receipt) ? { receipt: body.Receipt } : {}),
        },
      });
      if (inserted)
        await r.enqueue(acquirerExpiryJob, { paymentId: inserted.id }, `expiry:${inserted.id}`, dueAt);
      return inserted;
    });
    let payment = p;
    if (!payment) {
      // The same Init again (a retry after a lost answer) gets the same payment while it is unpaid;
      // anything else with a used OrderId is refused.
      const existing = await repo.findByOrder(terminalKey, orderId);
      if (
        !existing ||
        existing.amount !== amount ||
        !(PAYABLE as readonly string[]).includes(existing.status)
      ) {
        return fail("20", "Ошибка повторного идентификатора заказа", `OrderId ${orderId} уже использован.`);
      }
      payment = existing;
    }
    logger.info(
      { event: "acquirer_stand_in_init", paymentId: payment.id, orderId, amount },
      "stand-in payment registered",
    );
    return {
      Success: true,
      ErrorCode: "0",
      TerminalKey: terminalKey,
      Status: payment.status,
      PaymentId: String(payment.id),
      OrderId: orderId,
      Amount: amount,
      PaymentURL: paymentUrl(origin, payment),
    };
  }

  async function found(body: Json, terminalKey: string): Promise<StandInPayment | Json> {
    const id = paymentIdOf(body.PaymentId);
    if (!id) return fail("9999", BAD_PARAMETERS, "Поле PaymentId не должно быть пустым.");
    const p = await repo.find(id);
    if (!p || p.terminalKey !== terminalKey) return fail("9999", BAD_PARAMETERS, `Платёж ${id} не найден.`);
    return current(p);
  }
  const isPayment = (value: StandInPayment | Json): value is StandInPayment =>
    "formKey" in ((value as StandInPayment).data ?? {});

  async function getState(body: Json, terminalKey: string): Promise<Json> {
    const p = await found(body, terminalKey);
    if (!isPayment(p)) return p;
    return {
      // The request's outcome, as T-Bank answers: a declined payment is Status REJECTED with ErrorCode 0
      // here; why it was declined goes in its notification.
      Success: true,
      ErrorCode: "0",
      Message: "OK",
      TerminalKey: terminalKey,
      Status: p.status,
      PaymentId: String(p.id),
      OrderId: p.orderId,
      Amount: p.amount,
    };
  }

  async function cancel(body: Json, terminalKey: string): Promise<Json> {
    const p = await found(body, terminalKey);
    if (!isPayment(p)) return p;
    const asked = body.Amount;
    if (asked !== undefined && (typeof asked !== "number" || !Number.isSafeInteger(asked) || asked <= 0)) {
      return fail("9999", BAD_PARAMETERS, "Поле Amount — целое число копеек больше нуля.");
    }
    const requestId = body.ExternalRequestId;
    if (requestId !== undefined && (typeof requestId !== "string" || requestId.length > 256)) {
      return fail("9999", BAD_PARAMETERS, "Поле ExternalRequestId — строка не длиннее 256 символов.");
    }
    const answer = (moved: StandInPayment, originalAmount: number, newAmount: number) => ({
      Success: true,
      ErrorCode: "0",
      TerminalKey: terminalKey,
      Status: moved.status,
      PaymentId: String(moved.id),
      OrderId: moved.orderId,
      OriginalAmount: originalAmount,
      NewAmount: newAmount,
    });
    // T-Bank: a Cancel whose ExternalRequestId was carried out before answers the payment's state as it is.
    if (requestId && p.data.cancelRequests?.includes(requestId)) {
      const left = p.amount - (p.data.refunded ?? 0);
      return answer(p, left, left);
    }
    if ((OPEN as readonly string[]).includes(p.status)) {
      // Nothing was taken: the payment is just called off.
      const moved = await transition(p, OPEN, { status: "CANCELED" }, []);
      return moved
        ? answer(moved, p.amount, 0)
        : fail("8", "Неверный статус транзакции.", "Платёж изменился, запросите его состояние.");
    }
    if (!(PAID as readonly string[]).includes(p.status)) {
      return fail("8", "Неверный статус транзакции.", `Платёж в статусе ${p.status} нельзя отменить.`);
    }
    const refundedBefore = p.data.refunded ?? 0;
    const rest = p.amount - refundedBefore;
    const amount = asked ?? rest;
    if (amount > rest)
      return fail("9999", BAD_PARAMETERS, `Сумма возврата больше остатка платежа (${rest} коп.).`);
    // A refund's receipt (the refund-of-income receipt) adds up to what is given back.
    if (body.Receipt !== undefined) {
      const refusal = receiptRefusal(body.Receipt, amount);
      if (refusal) return fail(refusal.errorCode, refusal.message, refusal.details);
    }
    const status = amount === rest ? "REFUNDED" : "PARTIAL_REFUNDED";
    const refundReceipts = isObject(body.Receipt)
      ? { refundReceipts: [...(p.data.refundReceipts ?? []), body.Receipt] }
      : {};
    const moved = await transition(
      p,
      PAID,
      {
        status,
        data: {
          refunded: refundedBefore + amount,
          ...refundReceipts,
          ...(requestId ? { cancelRequests: [...(p.data.cancelRequests ?? []), requestId] } : {}),
        },
      },
      [{ status, success: true, errorCode: "0" }],
      refundedBefore,
    );
    if (!moved) return fail("8", "Неверный статус транзакции.", "Платёж изменился, запросите его состояние.");
    logger.info({ event: "acquirer_stand_in_refund", paymentId: p.id, amount, status }, "stand-in refund");
    return answer(moved, rest, rest - amount);
  }

  /** One API call: `method` with its JSON body, as it reached `origin` (the PaymentURL is made on it). */
  async function api(method: string, body: unknown, origin: string): Promise<Json> {
    const checked = await authorised(body);
    if ("error" in checked) {
      logger.warn(
        { event: "acquirer_stand_in_refused", method, errorCode: checked.error.ErrorCode },
        "stand-in refused a request",
      );
      return checked.error;
    }
    if (method === "Init") return init(checked.body, checked.terminalKey, origin);
    if (method === "GetState") return getState(checked.body, checked.terminalKey);
    return cancel(checked.body, checked.terminalKey);
  }

  // ---- The hosted pages ----

  async function open(id: number, key: string): Promise<StandInPayment | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0 || !/^[A-Za-z0-9_-]{22}$/.test(key)) return undefined;
    const p = await repo.find(id);
    if (!p) return undefined;
    const a = Buffer.from(p.data.formKey);
    const b = Buffer.from(key);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return undefined;
    return current(p);
  }

  const pageOf = (p: StandInPayment) => `${ACQUIRER_MOUNT}/pay/${p.id}/${p.data.formKey}`;
  const succeeded = (p: StandInPayment): PageAnswer =>
    p.successUrl ? { kind: "redirect", to: p.successUrl } : { kind: "paid", payment: p };
  const failed = (p: StandInPayment): PageAnswer =>
    p.failUrl ? { kind: "redirect", to: p.failUrl } : { kind: "failed", payment: p, reason: reasonOf(p) };

  function reasonOf(p: StandInPayment): string {
    if (p.status === "DEADLINE_EXPIRED") return "Время на оплату истекло.";
    if (p.status === "CANCELED") return "Магазин отменил платёж.";
    if (p.data.installmentMonths && p.status === "REJECTED")
      return `${ERROR_CODES.installmentDeclined.message}.`;
    const known = Object.values(ERROR_CODES).find((e) => e.code === p.errorCode);
    return known ? `${known.message}.` : "Оплата не прошла.";
  }

  /** What the page of a payment in this state shows (for GETs, and after a lost race). */
  function stateAnswer(p: StandInPayment, method?: "card" | "sbp"): PageAnswer {
    if ((PAYABLE as readonly string[]).includes(p.status) && p.data.installmentMonths) {
      return { kind: "installment", payment: p, months: p.data.installmentMonths };
    }
    if ((PAYABLE as readonly string[]).includes(p.status)) {
      return { kind: "form", payment: p, method: method ?? (p.data.sbp ? "sbp" : "card") };
    }
    if (p.status === "3DS_CHECKING") return { kind: "redirect", to: `${pageOf(p)}/3ds` };
    if (["AUTHORIZED", "CONFIRMED", "PARTIAL_REFUNDED", "REFUNDED"].includes(p.status))
      return { kind: "paid", payment: p };
    return { kind: "failed", payment: p, reason: reasonOf(p) };
  }

  const PAID_EVENTS: Event[] = [
    { status: "AUTHORIZED", success: true, errorCode: "0" },
    { status: "CONFIRMED", success: true, errorCode: "0" },
  ];

  return {
    credentials,
    api,

    /**
     * The shop served by this very process (main.ts passes the app's fetch): a NotificationURL on the
     * origin the payment was registered on is delivered to it in process, not out through the network and
     * back (a proxy or a public name the server cannot reach from inside). Anything else goes over HTTP.
     */
    serveShop(fetchShop: (request: Request) => Promise<Response>) {
      shop = fetchShop;
    },

    /**
     * The API as a fetch handler: `POST <origin>/acquirer/v2/<Method>` with a JSON body. The HTTP route
     * and the shop's adapter (in process, ADR 037) both come through here.
     */
    async fetch(request: Request, origin: string = new URL(request.url).origin): Promise<Response> {
      const method = /\/v2\/(Init|GetState|Cancel)$/.exec(new URL(request.url).pathname)?.[1] as
        | Method
        | undefined;
      if (!method || request.method !== "POST") {
        return Response.json(fail("9999", BAD_PARAMETERS, "Метод не найден."), { status: 404 });
      }
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return Response.json(fail("9999", BAD_PARAMETERS, "Тело запроса — JSON."));
      }
      return Response.json(await api(method, body, origin), { headers: { "Cache-Control": "no-store" } });
    },

    /** The payment page: the card form (or SBP with `method`), else what the payment's state calls for. */
    async show(id: number, key: string, method?: "card" | "sbp"): Promise<PageAnswer> {
      let p = await open(id, key);
      if (!p) return { kind: "not_found" };
      if (p.status === "NEW") p = (await transition(p, ["NEW"], { status: "FORM_SHOWED" }, [])) ?? p;
      return stateAnswer(p, method);
    },

    async payByCard(id: number, key: string, form: CardForm): Promise<PageAnswer> {
      const p = await open(id, key);
      if (!p) return { kind: "not_found" };
      // An installment application is decided by the bank on its own page, not paid by card.
      if (!(PAYABLE as readonly string[]).includes(p.status) || p.data.installmentMonths)
        return stateAnswer(p);
      const { errors, card } = checkCard(form, now());
      if (!card)
        return {
          kind: "form",
          payment: p,
          method: "card",
          errors,
          values: { pan: form.pan, expiry: form.expiry },
        };
      const cardData = { cardId: cardIdOf(card.pan), expDate: card.expDate };
      const pan = maskPan(card.pan);
      let moved: StandInPayment | undefined;
      if (card.outcome === "success") {
        moved = await transition(
          p,
          PAYABLE,
          { status: "CONFIRMED", errorCode: "0", pan, data: cardData },
          PAID_EVENTS,
        );
        if (moved) return succeeded(moved);
      } else if (card.outcome === "3ds") {
        moved = await transition(
          p,
          PAYABLE,
          { status: "3DS_CHECKING", pan, data: { ...cardData, threeDsWrong: 0 } },
          [],
        );
        if (moved) return { kind: "redirect", to: `${pageOf(moved)}/3ds` };
      } else {
        const { code } = ERROR_CODES[card.outcome];
        moved = await transition(p, PAYABLE, { status: "REJECTED", errorCode: code, pan, data: cardData }, [
          { status: "REJECTED", success: false, errorCode: code },
        ]);
        if (moved) return failed(moved);
      }
      // Another tab got there first: show what happened.
      const now_ = await repo.find(p.id);
      return now_ ? stateAnswer(now_) : { kind: "not_found" };
    },

    /** The test issuer's 3-D Secure page. */
    async threeDs(id: number, key: string): Promise<PageAnswer> {
      const p = await open(id, key);
      if (!p) return { kind: "not_found" };
      if (p.status !== "3DS_CHECKING") return stateAnswer(p);
      return { kind: "3ds", payment: p, attemptsLeft: THREE_DS_ATTEMPTS - (p.data.threeDsWrong ?? 0) };
    },

    async confirmThreeDs(id: number, key: string, code: string | undefined): Promise<PageAnswer> {
      const p = await open(id, key);
      if (!p) return { kind: "not_found" };
      if (p.status !== "3DS_CHECKING") return stateAnswer(p);
      const rejected = async () => {
        const { code: errorCode } = ERROR_CODES.threeDsFailed;
        const moved = await transition(p, ["3DS_CHECKING"], { status: "REJECTED", errorCode }, [
          { status: "REJECTED", success: false, errorCode },
        ]);
        return moved ? failed(moved) : stateAnswer((await repo.find(p.id)) ?? p);
      };
      if (code === undefined) return rejected();
      const typed = code.trim();
      // An empty form is asked again without counting as a wrong code.
      if (!typed) {
        return {
          kind: "3ds",
          payment: p,
          attemptsLeft: THREE_DS_ATTEMPTS - (p.data.threeDsWrong ?? 0),
          error: "Введите код из SMS",
        };
      }
      if (typed === THREE_DS_CODE) {
        const moved = await transition(
          p,
          ["3DS_CHECKING"],
          { status: "CONFIRMED", errorCode: "0" },
          PAID_EVENTS,
        );
        return moved ? succeeded(moved) : stateAnswer((await repo.find(p.id)) ?? p);
      }
      const wrong = (p.data.threeDsWrong ?? 0) + 1;
      if (wrong >= THREE_DS_ATTEMPTS) return rejected();
      const moved = await transition(
        p,
        ["3DS_CHECKING"],
        { status: "3DS_CHECKING", data: { threeDsWrong: wrong } },
        [],
      );
      return {
        kind: "3ds",
        payment: moved ?? p,
        attemptsLeft: THREE_DS_ATTEMPTS - wrong,
        error: `Неверный код. Осталось попыток: ${THREE_DS_ATTEMPTS - wrong}`,
      };
    },

    /** «Оплатить в приложении банка»: the test buttons under the SBP QR code. */
    async payBySbp(id: number, key: string, outcome: "success" | "decline"): Promise<PageAnswer> {
      const p = await open(id, key);
      if (!p) return { kind: "not_found" };
      if (!(PAYABLE as readonly string[]).includes(p.status) || p.data.installmentMonths)
        return stateAnswer(p);
      if (outcome === "success") {
        const moved = await transition(p, PAYABLE, { status: "CONFIRMED", errorCode: "0", pan: null }, [
          { status: "CONFIRMED", success: true, errorCode: "0" },
        ]);
        if (moved) return succeeded(moved);
      } else {
        const { code } = ERROR_CODES.sbpDeclined;
        const moved = await transition(p, PAYABLE, { status: "REJECTED", errorCode: code, pan: null }, [
          { status: "REJECTED", success: false, errorCode: code },
        ]);
        if (moved) return failed(moved);
      }
      return stateAnswer((await repo.find(p.id)) ?? p);
    },

    /**
     * The bank's decision on an installment application (ADR 062): approved, the contract is signed and
     * the shop is paid the whole sum at once (CONFIRMED, as a card payment); declined, REJECTED.
     */
    async decideInstallment(id: number, key: string, outcome: "approve" | "decline"): Promise<PageAnswer> {
      const p = await open(id, key);
      if (!p) return { kind: "not_found" };
      if (!p.data.installmentMonths || !(PAYABLE as readonly string[]).includes(p.status))
        return stateAnswer(p);
      if (outcome === "approve") {
        const moved = await transition(
          p,
          PAYABLE,
          { status: "CONFIRMED", errorCode: "0", pan: null },
          PAID_EVENTS,
        );
        if (moved) return succeeded(moved);
      } else {
        const { code } = ERROR_CODES.installmentDeclined;
        const moved = await transition(p, PAYABLE, { status: "REJECTED", errorCode: code, pan: null }, [
          { status: "REJECTED", success: false, errorCode: code },
        ]);
        if (moved) return failed(moved);
      }
      return stateAnswer((await repo.find(p.id)) ?? p);
    },

    /** Sends one notification; throws (the job is retried) unless the shop answered 200 with `OK`. */
    async notify(event: Event & { paymentId: number }, attempt: number): Promise<void> {
      const p = await repo.find(event.paymentId);
      if (!p?.notificationUrl) return;
      const { terminalKey, password } = await credentials();
      const body = signed(
        {
          TerminalKey: terminalKey,
          OrderId: p.orderId,
          Success: event.success,
          Status: event.status,
          PaymentId: p.id,
          ErrorCode: event.errorCode,
          Amount: p.amount,
          ...(p.pan ? { CardId: p.data.cardId ?? 0, Pan: p.pan, ExpDate: p.data.expDate ?? "" } : {}),
        },
        password,
      );
      const log = { event: "acquirer_notification", paymentId: p.id, status: event.status, attempt };
      let status: number;
      let text: string;
      try {
        const response = await deliver(
          new Request(p.notificationUrl, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(NOTIFICATION_TIMEOUT_MS),
          }),
          new URL(p.notificationUrl).origin === p.data.origin,
        );
        status = response.status;
        text = (await response.text()).slice(0, 64).trim();
      } catch (error) {
        logger.warn(
          { ...log, delivered: false, error: String(error) },
          "stand-in notification not delivered",
        );
        throw new Error(`notification to the shop failed: ${String(error)}`);
      }
      const ok = status === 200 && text === "OK";
      (ok ? logger.info.bind(logger) : logger.warn.bind(logger))(
        { ...log, delivered: ok, httpStatus: status },
        "stand-in notification sent",
      );
      if (!ok) throw new Error(`the shop answered ${status} ${JSON.stringify(text.slice(0, 20))}, not OK`);
    },

    /** The expiry job: ends the payment if still unpaid at its due date. */
    async expire(paymentId: number): Promise<void> {
      const p = await repo.find(paymentId);
      if (!p || !(OPEN as readonly string[]).includes(p.status)) return;
      if (now().getTime() < Date.parse(p.data.dueAt)) throw new Error("payment not due yet");
      await current(p);
    },
  };
}
export type AcquirerStandIn = ReturnType<typeof createAcquirerStandIn>;

/**
 * The stand-in's job handlers for the runner (main.ts). `backoff` replaces the notification's retry
 * delays (tests use milliseconds).
 */
export function acquirerStandInJobs(
  standIn: AcquirerStandIn | undefined,
  options: { backoff?: { baseMs: number; maxMs: number } } = {},
): JobHandler[] {
  if (!standIn) return [];
  const notification = options.backoff
    ? { ...acquirerNotificationJob, backoff: options.backoff }
    : acquirerNotificationJob;
  return [
    handleJob(notification, (payload, { attempt }) => standIn.notify(payload, attempt)),
    handleJob(acquirerExpiryJob, async ({ paymentId }) => {
      if (!Number.isSafeInteger(paymentId)) throw new PermanentJobError("bad payment id");
      await standIn.expire(paymentId);
    }),
  ] as JobHandler[];
}
