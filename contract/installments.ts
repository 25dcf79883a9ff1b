/**
 * «Оплата частями» (issue 22, point 2; ADR 062): the bank's installment plan, 0 % for the shopper, paid
 * through the acquirer's page where the bank decides. Pure and free of zod: product cards, the product
 * page, the basket and the payment step compute the monthly figure with the same rules the server
 * enforces when a payment starts.
 */

import { formatRub } from "./format.ts";
import { type Kopecks, kopecks } from "./money.ts";

/** The terms the bank offers, months. */
export const INSTALLMENT_TERMS = [3, 4, 6, 10, 12, 24] as const;
export type InstallmentTerm = (typeof INSTALLMENT_TERMS)[number];

/** The smallest and largest sum the bank finances (what is left to pay after points), kopecks. */
export const INSTALLMENT_MIN_SUM = kopecks(300_000);
export const INSTALLMENT_MAX_SUM = kopecks(20_000_000);
/** No month pays less than this: a longer term is not offered for a smaller sum. */
export const INSTALLMENT_MIN_MONTHLY = kopecks(50_000);
/** The term the payment step chooses first when the sum allows it. */
export const INSTALLMENT_DEFAULT_TERM: InstallmentTerm = 6;

/**
 * Catalogue sections (the slug of the category tree's root) whose goods are not sold in installments:
 * food is perishable and bought again within days, and banks leave groceries out of their POS-credit
 * programmes. The server decides from the product's category; cards carry the answer as `installments`.
 */
export const INSTALLMENT_EXCLUDED_SECTIONS: readonly string[] = ["produkty-pitaniya"];

export const installmentMessages = {
  term: "Выберите срок рассрочки из предложенных",
  tooSmall: `Оплата частями доступна для заказов от ${formatRub(INSTALLMENT_MIN_SUM)}`,
  tooLarge: `Оплата частями доступна для заказов до ${formatRub(INSTALLMENT_MAX_SUM)}`,
  lines: (names: string[]) =>
    `Оплата частями недоступна для товаров: ${names.join(", ")}. Оплатите заказ картой или через СБП`,
  declined: "Банк не одобрил оплату частями. Заказ ждёт оплаты — выберите другой способ или попробуйте снова",
} as const;

/** One plan: `months` payments, each `monthly` except the last, which takes the rounding back. */
export interface InstallmentSchedule {
  months: number;
  /** Every payment but the last, whole roubles (rounded up). */
  monthly: Kopecks;
  /** The last payment: the sum less the others, never more than `monthly`. */
  last: Kopecks;
}

/**
 * Splits `amount` kopecks into `months` payments: each rounded up to whole roubles, the last one smaller
 * by what the rounding added (3 000,50 ₽ over 4 months: 751 ₽ × 3 and 747,50 ₽).
 */
export function installmentSchedule(amount: number, months: number): InstallmentSchedule {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`bad amount ${amount}`);
  if (!Number.isSafeInteger(months) || months < 2) throw new RangeError(`bad term ${months}`);
  const monthly = Math.ceil(amount / months / 100) * 100;
  const last = amount - monthly * (months - 1);
  // Rounding adds under 1 ₽ a month: within the sums offered the last payment stays positive.
  if (last <= 0) throw new RangeError(`${amount} kopecks cannot be split into ${months} payments`);
  return { months, monthly: kopecks(monthly), last: kopecks(last) };
}

/** The terms on offer for a sum: none outside the limits, and none whose month would fall below the minimum. */
export function installmentTerms(amount: number): InstallmentTerm[] {
  if (amount < INSTALLMENT_MIN_SUM || amount > INSTALLMENT_MAX_SUM) return [];
  return INSTALLMENT_TERMS.filter((months) => amount >= months * INSTALLMENT_MIN_MONTHLY);
}

/** The smallest monthly payment for a sum (its longest term): «от 1 990 ₽ × 6 мес»; null when not offered. */
export function installmentOffer(amount: number): InstallmentSchedule | null {
  const terms = installmentTerms(amount);
  const longest = terms[terms.length - 1];
  return longest ? installmentSchedule(amount, longest) : null;
}

/** The term the payment step picks first: the default if offered, else the longest one offered. */
export function defaultInstallmentTerm(amount: number): InstallmentTerm | null {
  const terms = installmentTerms(amount);
  if (terms.includes(INSTALLMENT_DEFAULT_TERM)) return INSTALLMENT_DEFAULT_TERM;
  return terms[terms.length - 1] ?? null;
}

/** «от 1 990 ₽ × 6 мес» under a price, or null when the product or sum is not sold in installments. */
export function installmentOfferText(amount: number, eligible = true): string | null {
  const offer = eligible ? installmentOffer(amount) : null;
  return offer ? `от ${formatRub(offer.monthly)} × ${offer.months} мес` : null;
}

/** «6 × 1 990 ₽» (with the last payment when it differs: «6 × 1 990 ₽, последний 1 985,50 ₽»). */
export function installmentPlanText(s: InstallmentSchedule): string {
  const base = `${s.months} × ${formatRub(s.monthly)}`;
  return s.last === s.monthly ? base : `${base}, последний ${formatRub(s.last)}`;
}

export type InstallmentRefusal =
  | { code: "installment_term_invalid"; message: string }
  | { code: "installment_sum_out_of_range"; message: string }
  | { code: "installment_lines_ineligible"; message: string };

/**
 * Why an order cannot be paid in installments of `months` (null when it can): lines that are not sold
 * so, a sum outside the limits, a term not on offer for it. The server's check; the payment step shows
 * the method only when this is null for some term.
 */
export function installmentRefusal(input: {
  amount: number;
  months: number | undefined;
  ineligibleNames: string[];
}): InstallmentRefusal | null {
  if (input.ineligibleNames.length > 0) {
    return {
      code: "installment_lines_ineligible",
      message: installmentMessages.lines(input.ineligibleNames),
    };
  }
  if (input.amount < INSTALLMENT_MIN_SUM) {
    return { code: "installment_sum_out_of_range", message: installmentMessages.tooSmall };
  }
  if (input.amount > INSTALLMENT_MAX_SUM) {
    return { code: "installment_sum_out_of_range", message: installmentMessages.tooLarge };
  }
  const terms: readonly number[] = installmentTerms(input.amount);
  if (input.months === undefined || !terms.includes(input.months)) {
    return { code: "installment_term_invalid", message: installmentMessages.term };
  }
  return null;
}
