import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { orNotFound, validateParams } from "#app/lib/page.ts";
import { loadPersonalPage } from "#app/lib/personal-page.ts";
import { idParam } from "#contract/id-param.ts";
import { orderQuery } from "./api.ts";

const querySchema = z.object({ orderId: idParam("Page Not Found", 999_999_999_999) });

/**
 * The loader of `/thank-you` and `/fail`, where the acquirer sends the shopper back (SuccessURL, FailURL):
 * `?orderId=` must name one of the shopper's own orders (else the 404 screen); the page then confirms the
 * order's state with the acquirer, since the redirect itself proves nothing.
 */
export function loadPaymentOutcome(args: { context: AppLoadContext; request: Request }, title: string) {
  const { orderId } = validateParams(
    querySchema,
    Object.fromEntries(new URL(args.request.url).searchParams),
    args.request,
  );
  return loadPersonalPage(args, title, async (queries, api) => {
    await orNotFound(queries.ensureQueryData(orderQuery(orderId, api)));
    return { orderId };
  });
}
