import { describe, expect, it } from "vitest";
import {
  defaultInstallmentTerm,
  INSTALLMENT_MAX_SUM,
  INSTALLMENT_MIN_SUM,
  installmentOffer,
  installmentOfferText,
  installmentPlanText,
  installmentRefusal,
  installmentSchedule,
  installmentTerms,
} from "./installments.ts";

const nb = "\u00a0";

describe("installmentSchedule", () => {
  it("splits an even sum into equal whole-rouble payments", () => {
    expect(installmentSchedule(1_194_000, 6)).toEqual({ months: 6, monthly: 199_000, last: 199_000 });
  });

  it("rounds each payment up to whole roubles and lets the last one absorb the rounding", () => {
    // 10 000 ₽ / 6 = 1 666,67 ₽ → 1 667 ₽ × 5 and 1 665 ₽.
    expect(installmentSchedule(1_000_000, 6)).toEqual({ months: 6, monthly: 166_700, last: 166_500 });
    // Kopecks in the sum: 3 000,50 ₽ / 4 → 751 ₽ × 3 and 747,50 ₽.
    expect(installmentSchedule(300_050, 4)).toEqual({ months: 4, monthly: 75_100, last: 74_750 });
  });

  it("always adds up to the sum, and the last payment is never above the others", () => {
    for (const amount of [300_000, 300_001, 455_599, 1_234_567, 19_999_999, 20_000_000]) {
      for (const months of installmentTerms(amount)) {
        const s = installmentSchedule(amount, months);
        expect(s.monthly * (months - 1) + s.last).toBe(amount);
        expect(s.last).toBeGreaterThan(0);
        expect(s.last).toBeLessThanOrEqual(s.monthly);
        expect(s.monthly % 100).toBe(0);
      }
    }
  });

  it("refuses a split that cannot leave a positive last payment, and nonsense input", () => {
    expect(() => installmentSchedule(100, 24)).toThrow(RangeError);
    expect(() => installmentSchedule(0, 6)).toThrow(RangeError);
    expect(() => installmentSchedule(1_000_000, 1)).toThrow(RangeError);
    expect(() => installmentSchedule(10.5, 6)).toThrow(RangeError);
  });
});

describe("installmentTerms", () => {
  it("offers nothing below 3 000 ₽ or above 200 000 ₽", () => {
    expect(installmentTerms(INSTALLMENT_MIN_SUM - 1)).toEqual([]);
    expect(installmentTerms(INSTALLMENT_MAX_SUM + 1)).toEqual([]);
    expect(installmentTerms(INSTALLMENT_MAX_SUM)).toEqual([3, 4, 6, 10, 12, 24]);
  });

  it("leaves out terms whose month would fall below 500 ₽", () => {
    expect(installmentTerms(300_000)).toEqual([3, 4, 6]);
    expect(installmentTerms(499_999)).toEqual([3, 4, 6]);
    expect(installmentTerms(500_000)).toEqual([3, 4, 6, 10]);
    expect(installmentTerms(600_000)).toEqual([3, 4, 6, 10, 12]);
    expect(installmentTerms(1_200_000)).toEqual([3, 4, 6, 10, 12, 24]);
  });
});

describe("the offer under a price", () => {
  it("quotes the smallest month: the longest term on offer", () => {
    expect(installmentOffer(1_194_000)).toEqual({ months: 12, monthly: 99_500, last: 99_500 });
    expect(installmentOfferText(1_194_000)).toBe(`от 995${nb}₽ × 12 мес`);
    expect(installmentOfferText(300_000)).toBe(`от 500${nb}₽ × 6 мес`);
  });

  it("says nothing for an excluded product or a sum outside the limits", () => {
    expect(installmentOfferText(1_194_000, false)).toBeNull();
    expect(installmentOfferText(299_900)).toBeNull();
    expect(installmentOfferText(25_000_000)).toBeNull();
  });

  it("writes a plan with its last payment when that one differs", () => {
    expect(installmentPlanText(installmentSchedule(1_194_000, 6))).toBe(`6 × 1${nb}990${nb}₽`);
    expect(installmentPlanText(installmentSchedule(1_000_000, 6))).toBe(
      `6 × 1${nb}667${nb}₽, последний 1${nb}665${nb}₽`,
    );
  });

  it("preselects 6 months when offered, else the longest term", () => {
    expect(defaultInstallmentTerm(1_000_000)).toBe(6);
    expect(defaultInstallmentTerm(299_999)).toBeNull();
  });
});

describe("installmentRefusal", () => {
  const ok = { amount: 1_000_000, months: 6, ineligibleNames: [] };

  it("takes an eligible order within the limits and an offered term", () => {
    expect(installmentRefusal(ok)).toBeNull();
    expect(installmentRefusal({ ...ok, amount: INSTALLMENT_MIN_SUM, months: 3 })).toBeNull();
    expect(installmentRefusal({ ...ok, amount: INSTALLMENT_MAX_SUM, months: 24 })).toBeNull();
  });

  it("names the lines that are not sold in installments first", () => {
    expect(installmentRefusal({ ...ok, amount: 100, ineligibleNames: ["Молоко 1 л", "Сыр"] })).toEqual({
      code: "installment_lines_ineligible",
      message: "Оплата частями недоступна для товаров: Молоко 1 л, Сыр. Оплатите заказ картой или через СБП",
    });
  });

  it("refuses a sum out of limits with the limit in the message", () => {
    expect(installmentRefusal({ ...ok, amount: INSTALLMENT_MIN_SUM - 1, months: 3 })).toEqual({
      code: "installment_sum_out_of_range",
      message: `Оплата частями доступна для заказов от 3${nb}000${nb}₽`,
    });
    expect(installmentRefusal({ ...ok, amount: INSTALLMENT_MAX_SUM + 1 })?.message).toBe(
      `Оплата частями доступна для заказов до 200${nb}000${nb}₽`,
    );
  });

  it("refuses a term not offered for the sum, or none at all", () => {
    expect(installmentRefusal({ ...ok, months: 5 })?.code).toBe("installment_term_invalid");
    expect(installmentRefusal({ ...ok, months: 24 })?.code).toBe("installment_term_invalid");
    expect(installmentRefusal({ ...ok, months: undefined })?.code).toBe("installment_term_invalid");
  });
});
