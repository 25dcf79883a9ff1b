/**
 * The acquirer as the shop sees it (ADR 037): the T-Bank internet-acquiring protocol (API v2: Init,
 * GetState, Cancel, signed notifications). `createTBankAcquirer` (tbank.ts) speaks it to the real T-Bank
 * when ACQUIRER_URL, ACQUIRER_TERMINAL_KEY and ACQUIRER_PASSWORD are set, and otherwise to the built-in
 * stand-in acquirer under /acquirer of this server (server/stand-ins/acquirer), in process.
 */

import type { Receipt, Taxation } from "./receipt.ts";

/**
 * T-Bank status words: NEW, FORM_SHOWED, AUTHORIZING, 3DS_CHECKING, 3DS_CHECKED, AUTHORIZED, CONFIRMING,
 * CONFIRMED, REJECTED, CANCELED, DEADLINE_EXPIRED, REFUNDING, REFUNDED, PARTIAL_REFUNDED, REVERSED, …
 */
export type AcquirerStatus = string;

/** Money taken for good: the order is paid. */
export const PAID_STATUSES: readonly AcquirerStatus[] = ["CONFIRMED"];
/** The payment ended without money taken: the shopper may pay again with a new Init. */
export const FAILED_STATUSES: readonly AcquirerStatus[] = [
  "REJECTED",
  "CANCELED",
  "DEADLINE_EXPIRED",
  "AUTH_FAIL",
];
/**
 * The page is open and nobody is paying on it yet: cancelling it takes nothing back. Every other open
 * word (AUTHORIZING, 3DS_CHECKING, AUTHORIZED, CONFIRMING, …) is a payment under way.
 */
export const PAYABLE_STATUSES: readonly AcquirerStatus[] = ["NEW", "FORM_SHOWED"];
/** Money given back, wholly or in part (after CONFIRMED). */
export const REFUND_STATUSES: readonly AcquirerStatus[] = [
  "REFUNDED",
  "PARTIAL_REFUNDED",
  "REVERSED",
  "PARTIAL_REVERSED",
];

export interface AcquirerInit {
  /** The shop's OrderId at the acquirer: unique per terminal (payments: `<order number>-<attempt>`). */
  orderId: string;
  /** Kopecks; T-Bank takes at least 100. */
  amount: number;
  /** Shown on the payment page; T-Bank allows up to 140 characters (longer is cut). */
  description: string;
  /** Absolute URLs: where the payment page sends the shopper after success or failure (nothing appended). */
  successUrl: string;
  failUrl: string;
  /** Where the acquirer POSTs its signed notifications (JSON); answer them with plain `OK`. */
  notificationUrl: string;
  /**
   * Which way the payment page opens: the card form (default), the SBP QR code (`DATA.QR = "true"`) or
   * the bank's installment application (`DATA.PaymentMethod = "installment"`, ADR 062).
   */
  method?: "card" | "sbp" | "installments";
  /** With `installments`: the term the shopper chose, months (`DATA.InstallmentMonths`). */
  installmentMonths?: number;
  customerKey?: string;
  /** Until when the payment page takes a payment (RedirectDueDate); the acquirer's default is 24 hours. */
  dueDate?: Date;
  /**
   * The 54-FZ receipt of the payment (receipt.ts, ADR 050): its items add up to `amount`. The acquirer's
   * cash register makes the fiscal receipt from it once the payment is confirmed.
   */
  receipt: Receipt;
}

export interface AcquirerNotification {
  paymentId: string;
  orderId: string;
  status: AcquirerStatus;
  /** Kopecks: the payment's amount as initiated (refunds do not change it; Cancel answers what is left). */
  amount: number;
  success: boolean;
  errorCode: string;
  /** The masked card (430000******0777) when paid by card. */
  pan?: string;
}

export interface Acquirer {
  readonly provider: "tbank";
  /** The shop's taxation system at this terminal (ACQUIRER_TAXATION): what its receipts name. */
  readonly taxation: Taxation;
  /**
   * Registers a payment; send the shopper to `paymentUrl`. Network failure, timeout, a non-zero ErrorCode
   * or an answer that does not match the request: AppError `unavailable` (503).
   */
  init(
    req: AcquirerInit,
  ): Promise<{ paymentId: string; paymentUrl: string; status: AcquirerStatus; amount: number }>;
  getState(
    paymentId: string,
  ): Promise<{ paymentId: string; orderId: string; status: AcquirerStatus; amount: number }>;
  /**
   * Cancels an unpaid payment (CANCELED) or refunds a paid one: the whole rest (REFUNDED) or `amount`
   * kopecks of it (PARTIAL_REFUNDED). A refund carries its receipt (the refund-of-income receipt's items:
   * for a whole refund, those of the payment's own receipt); an unpaid page's cancel needs none.
   * `requestId` (T-Bank's ExternalRequestId) makes it idempotent: a Cancel repeated with the same id refunds
   * nothing more and answers the payment's state.
   */
  cancel(
    paymentId: string,
    amount?: number,
    receipt?: Receipt,
    requestId?: string,
  ): Promise<{ paymentId: string; status: AcquirerStatus; originalAmount: number; newAmount: number }>;
  /** The notification's Token verified against the password and TerminalKey matching; null when forged or malformed. */
  verifyNotification(body: unknown): AcquirerNotification | null;
  /**
   * Resolves when the terminal's credentials are at hand (the stand-in keeps them in the database):
   * until then `verifyNotification` refuses everything. main.ts awaits it at start-up.
   */
  ready(): Promise<void>;
}
