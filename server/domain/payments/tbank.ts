import pino from "pino";
import { AppError } from "#server/errors.ts";
import type { Logger } from "#server/logger.ts";
import type { Acquirer, AcquirerInit, AcquirerNotification } from "./acquirer.ts";
import type { Receipt, Taxation } from "./receipt.ts";
import { signed, tbankTokenValid } from "./tbank-token.ts";

/** What the shopper is told when the acquirer cannot be reached or refuses: nothing of its internals. */
export const ACQUIRER_UNAVAILABLE_MESSAGE =
  "Платёжный сервис сейчас недоступен. Попробуйте оплатить чуть позже — заказ сохранён";

export interface TerminalCredentials {
  terminalKey: string;
  password: string;
}

export interface TBankAcquirerOptions {
  /**
   * The API's base: `POST {url}/v2/Init`, …; a real T-Bank's is `https://securepay.tinkoff.ru`. A function
   * for the stand-in, which lives on whichever origin the shopper uses: it gets the Init request (its
   * SuccessURL names the origin) or nothing.
   */
  url: string | ((init?: AcquirerInit) => string);
  /** The terminal's key and password: fixed for a real terminal, read from the database for the stand-in. */
  credentials: TerminalCredentials | (() => Promise<TerminalCredentials>);
  /** The HTTP client: the global fetch, or the stand-in's in-process one. */
  fetch?: (request: Request) => Promise<Response>;
  timeoutMs?: number;
  logger?: Logger;
  /** The shop's taxation system (ACQUIRER_TAXATION); osn without it. */
  taxation?: Taxation;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const idOf = (value: unknown): string | undefined =>
  typeof value === "string" && /^\d{1,20}$/.test(value)
    ? value
    : typeof value === "number" && Number.isSafeInteger(value) && value >= 0
      ? String(value)
      : undefined;
const kopecksOf = (value: unknown): number | undefined => {
  const n = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};

/**
 * A receipt as T-Bank's `Receipt` object (FFD 1.05). A nested object: the request's Token does not cover it
 * (tbank-token.ts), as T-Bank signs only the root's scalar fields.
 */
export function tbankReceipt(receipt: Receipt): Json {
  return {
    ...(receipt.email ? { Email: receipt.email } : {}),
    ...(receipt.phone ? { Phone: receipt.phone } : {}),
    Taxation: receipt.taxation,
    Items: receipt.items.map((item) => ({
      Name: item.name,
      Price: item.price,
      Quantity: item.quantity,
      Amount: item.amount,
      Tax: item.tax,
      PaymentMethod: item.paymentMethod,
      PaymentObject: item.paymentObject,
    })),
  };
}

/**
 * The T-Bank internet-acquiring client (API v2, ADR 037): every request signed with the terminal's
 * password (tbank-token.ts), every answer checked against the request, every failure a 503 for the
 * shopper. The password and the tokens are never logged.
 */
export function createTBankAcquirer(options: TBankAcquirerOptions): Acquirer {
  const logger = options.logger ?? pino({ level: "silent" });
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const timeoutMs = options.timeoutMs ?? 15_000;
  let known: TerminalCredentials | undefined =
    typeof options.credentials === "function" ? undefined : options.credentials;
  let loading: Promise<TerminalCredentials> | undefined;
  const credentials = (): Promise<TerminalCredentials> => {
    if (known) return Promise.resolve(known);
    const load = options.credentials as () => Promise<TerminalCredentials>;
    loading ??= load().then(
      (value) => {
        known = value;
        return value;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const baseUrl = (init?: AcquirerInit) =>
    (typeof options.url === "function" ? options.url(init) : options.url).replace(/\/+$/, "");

  const unavailable = (method: string, details: object, cause?: unknown) => {
    logger.warn({ event: "acquirer_unavailable", method, ...details }, "acquirer request failed");
    return new AppError("unavailable", ACQUIRER_UNAVAILABLE_MESSAGE, {
      code: "acquirer_unavailable",
      cause,
      retryAfterSeconds: 30,
    });
  };

  async function call(
    method: "Init" | "GetState" | "Cancel",
    fields: Json,
    init?: AcquirerInit,
  ): Promise<Json> {
    const { terminalKey, password } = await credentials().catch((error: unknown) => {
      throw unavailable(method, { reason: "credentials" }, error);
    });
    const body = signed({ TerminalKey: terminalKey, ...fields }, password);
    let answer: unknown;
    try {
      const signal = AbortSignal.timeout(timeoutMs);
      // Raced against the signal too: a `fetch` that ignores it (the stand-in's, in process) times out alike.
      const response = await Promise.race([
        send(
          new Request(`${baseUrl(init)}/v2/${method}`, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify(body),
            signal,
          }),
        ),
        new Promise<never>((_, reject) =>
          signal.addEventListener("abort", () => reject(signal.reason), { once: true }),
        ),
      ]);
      if (!response.ok) throw unavailable(method, { httpStatus: response.status });
      answer = await response.json();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const name = error instanceof Error ? error.name : "Error";
      throw unavailable(
        method,
        { reason: name === "TimeoutError" ? "timeout" : "network", error: String(error) },
        error,
      );
    }
    if (!isObject(answer)) throw unavailable(method, { reason: "not an object" });
    if (answer.Success !== true || String(answer.ErrorCode) !== "0") {
      throw unavailable(method, {
        errorCode: String(answer.ErrorCode ?? ""),
        message: typeof answer.Message === "string" ? answer.Message.slice(0, 200) : undefined,
        details: typeof answer.Details === "string" ? answer.Details.slice(0, 200) : undefined,
      });
    }
    if (answer.TerminalKey !== undefined && answer.TerminalKey !== terminalKey) {
      throw unavailable(method, { reason: "another terminal answered" });
    }
    return answer;
  }

  return {
    provider: "tbank",
    taxation: options.taxation ?? "osn",

    async ready() {
      await credentials();
    },

    async init(req) {
      const answer = await call(
        "Init",
        {
          Amount: req.amount,
          OrderId: req.orderId,
          Description: req.description.slice(0, 140),
          PayType: "O",
          Language: "ru",
          SuccessURL: req.successUrl,
          FailURL: req.failUrl,
          NotificationURL: req.notificationUrl,
          ...(req.customerKey ? { CustomerKey: req.customerKey } : {}),
          // T-Bank's format: ISO 8601 with the offset, no milliseconds.
          ...(req.dueDate
            ? { RedirectDueDate: req.dueDate.toISOString().replace(/\.\d{3}Z$/, "+00:00") }
            : {}),
          ...(req.method === "sbp" ? { DATA: { QR: "true" } } : {}),
          // DATA is the form's free key-value map (T-Bank passes it to the payment page; not signed):
          // the installment application with the chosen term (ADR 062).
          ...(req.method === "installments"
            ? {
                DATA: {
                  PaymentMethod: "installment",
                  InstallmentMonths: String(req.installmentMonths ?? ""),
                },
              }
            : {}),
          Receipt: tbankReceipt(req.receipt),
        },
        req,
      );
      const paymentId = idOf(answer.PaymentId);
      const amount = kopecksOf(answer.Amount);
      const paymentUrl =
        typeof answer.PaymentURL === "string" && /^https?:\/\//.test(answer.PaymentURL)
          ? answer.PaymentURL
          : undefined;
      if (!paymentId || !paymentUrl || amount !== req.amount || String(answer.OrderId) !== req.orderId) {
        throw unavailable("Init", { reason: "answer does not match the request", orderId: req.orderId });
      }
      return { paymentId, paymentUrl, status: String(answer.Status ?? "NEW"), amount };
    },

    async getState(paymentId) {
      const answer = await call("GetState", { PaymentId: paymentId });
      const amount = kopecksOf(answer.Amount);
      if (idOf(answer.PaymentId) !== paymentId || amount === undefined || typeof answer.Status !== "string") {
        throw unavailable("GetState", { reason: "answer does not match the request", paymentId });
      }
      return { paymentId, orderId: String(answer.OrderId ?? ""), status: answer.Status, amount };
    },

    async cancel(paymentId, amount, receipt, requestId) {
      const answer = await call("Cancel", {
        PaymentId: paymentId,
        ...(amount !== undefined ? { Amount: amount } : {}),
        ...(requestId ? { ExternalRequestId: requestId } : {}),
        ...(receipt ? { Receipt: tbankReceipt(receipt) } : {}),
      });
      const originalAmount = kopecksOf(answer.OriginalAmount);
      const newAmount = kopecksOf(answer.NewAmount);
      if (
        idOf(answer.PaymentId) !== paymentId ||
        originalAmount === undefined ||
        newAmount === undefined ||
        typeof answer.Status !== "string"
      ) {
        throw unavailable("Cancel", { reason: "answer does not match the request", paymentId });
      }
      return { paymentId, status: answer.Status, originalAmount, newAmount };
    },

    verifyNotification(body): AcquirerNotification | null {
      // Until the credentials are read (the stand-in's come from the database) nothing is believed; the
      // acquirer sends again.
      if (!known) {
        void credentials().catch(() => undefined);
        return null;
      }
      if (!isObject(body) || body.TerminalKey !== known.terminalKey) return null;
      if (!tbankTokenValid(body, known.password)) return null;
      const paymentId = idOf(body.PaymentId);
      const amount = kopecksOf(body.Amount);
      const success =
        body.Success === true || body.Success === "true"
          ? true
          : body.Success === false || body.Success === "false"
            ? false
            : undefined;
      if (
        !paymentId ||
        amount === undefined ||
        success === undefined ||
        typeof body.OrderId !== "string" ||
        typeof body.Status !== "string" ||
        !/^[A-Z0-9_]{1,40}$/.test(body.Status)
      ) {
        return null;
      }
      const errorCode = body.ErrorCode === undefined ? "0" : String(body.ErrorCode);
      return {
        paymentId,
        orderId: body.OrderId,
        status: body.Status,
        amount,
        success,
        errorCode,
        ...(typeof body.Pan === "string" && body.Pan ? { pan: body.Pan } : {}),
      };
    },
  };
}
