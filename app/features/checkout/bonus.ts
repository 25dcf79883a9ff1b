import { bonusMessages } from "#contract/bonus-rules.ts";

/** The bonus slider and its number field share one value; both follow these rules. */
export interface BonusLimits {
  /** Smallest spend above zero (ADR 040). */
  min: number;
  /** Largest spend for this order. */
  max: number;
}

/** The slider's step: whole points for small orders, tens for large ones, never coarser than the range. */
export function sliderStep(limits: BonusLimits): number {
  return limits.max >= 2_000 ? 10 : 1;
}

/**
 * The number field's text as points: digits only (spaces, as «1 200» is shown, are dropped); undefined
 * for an empty or non-numeric text, so the form says «Укажите, сколько баллов списать».
 */
export function parsePoints(text: string): number | undefined {
  const digits = text.replace(/[\s\u00a0\u202f]/g, "");
  if (!/^\d{1,9}$/.test(digits)) return undefined;
  return Number(digits);
}

/**
 * Where the slider lands for a typed value: within 0…max, and a value under the minimum (but above zero)
 * goes to the minimum. The field keeps what was typed so its message can say why.
 */
export function sliderValue(points: number | undefined, limits: BonusLimits): number {
  if (points === undefined || points <= 0) return 0;
  if (points > limits.max) return limits.max;
  if (points < limits.min) return Math.min(limits.min, limits.max);
  return points;
}

/**
 * A slider move as points: the slider's lowest stop above zero is the minimum (a spend between 0 and the
 * minimum is not allowed), and its top is exactly the maximum even off the step.
 */
export function fromSlider(raw: number, limits: BonusLimits): number {
  if (raw <= 0) return 0;
  if (raw >= limits.max) return limits.max;
  return Math.max(raw, Math.min(limits.min, limits.max));
}

/**
 * The field's message for a value, or undefined when it may be spent (0 = spend nothing): the API's rules
 * and texts (ADR 040), with this order's own limits.
 */
export function bonusError(points: number | undefined, limits: BonusLimits): string | undefined {
  if (points === undefined || !Number.isInteger(points) || points < 0) return bonusMessages.specify;
  if (points === 0) return undefined;
  if (points > limits.max) return bonusMessages.max(limits.max);
  if (points < limits.min) return bonusMessages.min(limits.min);
  return undefined;
}
