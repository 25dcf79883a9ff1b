/**
 * Spending points on an order (ADR 040). 1 point = 1 ₽. Pure, no zod: the payment step clamps its
 * slider with the same rules the server enforces.
 */

import { formatPoints } from "./format.ts";
import { type Points, points } from "./money.ts";

/** The smallest spend worth a ledger line: fewer points are not spent at all. */
export const BONUS_MIN_SPEND = 100;

/**
 * The largest share of the goods total points may pay, in percent. Delivery is paid in money; a pickup
 * order (free delivery) can be paid fully with points.
 */
export const BONUS_MAX_SHARE_PERCENT = 100;

export const bonusMessages = {
  specify: "Укажите, сколько баллов списать",
  min: (min: number) => `Списать можно от ${formatPoints(points(min), "genitive")}`,
  max: (max: number) => `Можно списать не больше ${formatPoints(points(max), "genitive")}`,
  none: "Баллов пока нет: они начисляются кешбэком за покупки",
} as const;

/**
 * How many points this order may take: at most the share of the goods total (whole roubles, rounded
 * down) and at most what the shopper has (their balance plus what the order already holds).
 */
export function maxBonusSpend(goodsTotalKopecks: number, available: number): Points {
  const byShare = Math.floor((goodsTotalKopecks * BONUS_MAX_SHARE_PERCENT) / 100 / 100);
  return points(Math.max(0, Math.min(byShare, available)));
}

/** The Russian reason a spend is refused, or undefined when it is allowed (0 = spend nothing). */
export function bonusSpendError(spend: number | undefined, max: number): string | undefined {
  if (spend === undefined || !Number.isInteger(spend) || spend < 0) return bonusMessages.specify;
  if (spend === 0) return undefined;
  if (spend > max) return bonusMessages.max(max);
  if (spend < BONUS_MIN_SPEND) return bonusMessages.min(BONUS_MIN_SPEND);
  return undefined;
}
