import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { orNotFound, validateParams } from "#app/lib/page.ts";
import { loadPersonalPage } from "#app/lib/personal-page.ts";
import { idParam } from "#contract/id-param.ts";
import { paymentMethodSchema } from "#contract/orders.ts";
import { orderQuery } from "./api.ts";

const querySchema = z.object({
  orderId: idParam("Page Not Found", 999_999_999_999),
  // How the failed attempt paid (FailURL carries it); an old or hand-made address without it, or with
  // anything else, means the card, as before the method rode along.
  method: paymentMethodSchema.catch("card"),
});

/**
 * The loader of `/thank-you` and `/fail`, where the acquirer sends the shopper back (SuccessURL, FailURL):
 * `?orderId=` must name one of the shopper's own orders (else the 404 screen); the page then confirms the
 * order's state with the acquirer, since the redirect itself proves nothing. `?method=` is the way the
 * attempt paid (card or SBP), so that /fail pays again the same way.
 */
export function loadPaymentOutcome(args: { context: AppLoadContext; request: Request }, title: string) {
  const { orderId, method } = validateParams(
    querySchema,
    Object.fromEntries(new URL(args.request.url).searchParams),
    args.request,
  );
  return loadPersonalPage(args, title, async (queries, api) => {
    await orNotFound(queries.ensureQueryData(orderQuery(orderId, api)));
    return { orderId, method };
  });
}
