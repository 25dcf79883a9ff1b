import { localDateTime } from "./delivery-dates.ts";
import { returnWindowLastDay } from "./return-window.ts";

// Returning delivered goods (issue 21, point 2; ADR 059): the reasons, windows, limits and statuses the
// pages and the server share. No zod here: the pages load this (contract/returns.ts holds the API's
// schemas and re-exports it).

/**
 * Why the shopper returns: the dictionary of the form. `sellerFault` reasons are claims about the goods
 * (ЗоЗПП ст. 18): they need photos, run for two years, and give the parcel's delivery back with its last
 * unit; the others return goods of proper quality (ст. 26.1) within RETURN_WINDOW_DAYS.
 */
export const RETURN_REASONS = {
  changed_mind: { text: "Передумал, товар не нужен", sellerFault: false },
  not_fit: { text: "Не подошёл размер, фасон или цвет", sellerFault: false },
  defect: { text: "Брак: не работает или сломан", sellerFault: true },
  damaged: { text: "Повреждён при доставке", sellerFault: true },
  not_as_described: { text: "Не соответствует описанию или фото", sellerFault: true },
  wrong_item: { text: "Привезли не тот товар", sellerFault: true },
  incomplete: { text: "Неполная комплектация", sellerFault: true },
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_KEYS = Object.keys(RETURN_REASONS) as [ReturnReason, ...ReturnReason[]];

/** Whether the reason is a claim about the goods (photos required, the longer window). */
export const isSellerFault = (reason: string): boolean =>
  (RETURN_REASONS as Record<string, { sellerFault: boolean }>)[reason]?.sellerFault ?? false;

/**
 * Claims about defects without a warranty period of the product's own: two years from delivery (ЗоЗПП
 * ст. 19 п. 1). The catalogue keeps no warranty periods, so every product gets these two years.
 */
export const DEFECT_CLAIM_YEARS = 2;

/** The last day (YYYY-MM-DD, Moscow) a claim about goods delivered at `deliveredAt` may be made. */
export function defectClaimLastDay(deliveredAt: Date): string {
  const day = localDateTime(deliveredAt, "Europe/Moscow").date;
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  // 29 February plus two years is 28 February (ГК ст. 192: a period ending in a month without that day).
  const same = new Date(Date.UTC(y + DEFECT_CLAIM_YEARS, m - 1, d));
  const last = same.getUTCMonth() === m - 1 ? same : new Date(Date.UTC(y + DEFECT_CLAIM_YEARS, m, 0));
  return last.toISOString().slice(0, 10);
}

/** The last day a reason allows for goods delivered at `deliveredAt`. */
export function returnLastDay(reason: string, deliveredAt: Date): string {
  return isSellerFault(reason) ? defectClaimLastDay(deliveredAt) : returnWindowLastDay(deliveredAt);
}

export const RETURN_COMMENT_MAX_LENGTH = 1000;
export const RETURN_REJECT_REASON_MAX_LENGTH = 500;
/** Requests one shopper may send in a day (a bound on abuse, far above any honest need). */
export const RETURNS_PER_DAY = 10;

export const RETURN_STATUSES = ["sent", "approved", "rejected", "cancelled", "refunded"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The moves a return request may make (ADR 059); the repository refuses any other. */
export const RETURN_TRANSITIONS: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  sent: ["approved", "rejected", "cancelled", "refunded"],
  approved: ["refunded"],
  rejected: [],
  cancelled: [],
  refunded: [],
};

export const RETURN_STATUS_TEXT: Record<ReturnStatus, string> = {
  sent: "На рассмотрении",
  approved: "Одобрен, возвращаем деньги",
  rejected: "Отклонён",
  cancelled: "Отменён",
  refunded: "Деньги возвращены",
};

/**
 * The spec's texts for «order-refund unexpected error» and «refund response timeout» (its section 8 names
 * them without their words; these are ours). Shown on the request's page when its money's `Cancel` failed
 * for good, or when the acquirer did not answer the last one in time and the job is trying again.
 */
export const REFUND_ERROR_TEXT = {
  unexpected:
    "При возврате денег произошла непредвиденная ошибка. Мы уже разбираемся и вернём деньги вручную — писать нам не нужно",
  timeout:
    "Банк не ответил на запрос о возврате вовремя. Мы повторим его автоматически — деньги вернутся, как только банк подтвердит возврат",
} as const;
