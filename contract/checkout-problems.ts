/**
 * The lines a placement refused (409 `order_lines_changed`, ADR 040), handed from the delivery step to
 * the basket page, which shows them: through the navigation's state, and sessionStorage so a reload keeps
 * them. Pure, no zod (the basket page's first load).
 */
export const LINE_PROBLEMS_STORAGE_KEY = "vitrina.checkoutLineProblems";

export interface CheckoutLineProblem {
  productId: number;
  code: string;
  message: string;
  price?: number;
  available?: number;
}

/** The problems from whatever was stored or passed, dropping anything that is not one. */
export function readLineProblems(value: unknown): CheckoutLineProblem[] {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (p): p is CheckoutLineProblem =>
      typeof p === "object" &&
      p !== null &&
      Number.isInteger((p as CheckoutLineProblem).productId) &&
      typeof (p as CheckoutLineProblem).message === "string" &&
      typeof (p as CheckoutLineProblem).code === "string",
  );
}
