import { matchPath } from "react-router";
import { z } from "zod";
import { idParam } from "#contract/id-param.ts";

/** The payment step's route: one order's, by its id. */
export const PAYMENT_STEP_PATH = "/checkout/steps/payment/:id";

/** The payment step's parameters: an order's id, or the 404 screen. */
export const paymentParams = z.object({ id: idParam("Page Not Found", 999_999_999_999) });

/** The order a payment step's address names, undefined for an address that names none. */
export function paymentOrderId(pathname: string): number | undefined {
  const params = matchPath(PAYMENT_STEP_PATH, pathname)?.params;
  const parsed = paymentParams.safeParse(params ?? {});
  return parsed.success ? parsed.data.id : undefined;
}
