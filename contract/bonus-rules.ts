/**
 * Spending points on an order (ADR 040). 1 point = 1 ₽. Pure, no zod: the payment step clamps its
 * slider with the same rules the server enforces.
 */

/** The smallest spend worth a ledger line: fewer points are not spent at all. */
export const BONUS_MIN_SPEND = 100;

/**
 * The largest share of the goods total points may pay, in percent. Delivery is paid in money; a pickup
 * order (free delivery) can be paid fully with points.
 */
export const BONUS_MAX_SHARE_PERCENT = 100;

export const bonusMessages = {
  specify: "Укажите, сколько баллов списать",
  min: (min: number) => `Списать можно от ${min} ${pointsWord(min)}`,
  max: (max: number) => `Можно списать не больше ${max} ${pointsWord(max)}`,
  none: "Баллов пока нет: они начисляются кешбэком за покупки",
} as const;

/** "балла" or "баллов" after «от»/«не больше» (genitive): 1, 21, 101 балла; 2, 5, 11 баллов. */
export function pointsWord(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return "балла";
  return "баллов";
}

/**
 * How many points this order may take: at most the share of the goods total (whole roubles, rounded
 * down) and at most what the shopper has (their balance plus what the order already holds).
 */
export function maxBonusSpend(goodsTotalKopecks: number, available: number): number {
  const byShare = Math.floor((goodsTotalKopecks * BONUS_MAX_SHARE_PERCENT) / 100 / 100);
  return Math.max(0, Math.min(byShare, available));
}

/** The Russian reason a spend is refused, or undefined when it is allowed (0 = spend nothing). */
export function bonusSpendError(points: number | undefined, max: number): string | undefined {
  if (points === undefined || !Number.isInteger(points) || points < 0) return bonusMessages.specify;
  if (points === 0) return undefined;
  if (points > max) return bonusMessages.max(max);
  if (points < BONUS_MIN_SPEND) return bonusMessages.min(BONUS_MIN_SPEND);
  return undefined;
}
