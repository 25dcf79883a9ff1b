// The back office (issue 20): the words and limits its pages show. No zod here: the pages load this
// (contract/admin-operations.ts and contract/staff.ts hold the API's schemas).

export const PAYMENT_PROBLEM_KINDS = [
  "return_failed",
  "refund_failed",
  "partial_refund",
  "refund_after_handover",
] as const;
export type PaymentProblemKind = (typeof PAYMENT_PROBLEM_KINDS)[number];

/** What each kind means to the operator. */
export const PAYMENT_PROBLEM_KIND_TEXT: Record<PaymentProblemKind, string> = {
  return_failed: "Не удалось вернуть платёж",
  refund_failed: "Не удалось вернуть деньги за отмену",
  partial_refund: "Банк вернул часть оплаты",
  refund_after_handover: "Возврат после вручения",
};

/** The longest note an operator writes when resolving a payment problem. */
export const RESOLUTION_MAX = 500;

/** The longest reason an operator gives for changing stock by hand. */
export const REASON_MAX = 500;

/** The longest internal note an operator writes on an order. */
export const NOTE_MAX_LENGTH = 2000;
