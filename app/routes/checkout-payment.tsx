import { redirect } from "react-router";
import { z } from "zod";
import { bonusQuery, orderQuery, shopperQuery } from "#app/features/checkout/api.ts";
import { CheckoutStyles } from "#app/features/checkout/checkout-styles.tsx";
import { PaymentScreen } from "#app/features/checkout/components/payment-screen.tsx";
import { ApiError } from "#app/lib/api-client.ts";
import { loaderQueries, serverApi } from "#app/lib/loader-queries.ts";
import { orNotFound, validateParams } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta, signInRedirect } from "#app/lib/personal-page.ts";
import { CHECKOUT, type RouteHandle } from "#app/lib/route-meta.ts";
import { idParam } from "#contract/id-param.ts";
import type { Route } from "./+types/checkout-payment";

export const handle: RouteHandle = { cache: "personal", ...CHECKOUT };

const paramsSchema = z.object({ id: idParam("Page Not Found", 999_999_999_999) });

/**
 * Оплата заказа: the order's owner only — another shopper's id and an unknown one are the same 404 screen;
 * signed out goes to sign in and back (ADR 034); a paid order goes on to /thank-you.
 */
export async function loader(args: Route.LoaderArgs) {
  const { id } = validateParams(paramsSchema, args.params, args.request);
  try {
    await loaderQueries(args.context).ensureQueryData(shopperQuery(serverApi(args.context)));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(signInRedirect(args.request), 302);
    throw error;
  }
  return loadPersonalPage(args, "Оплата заказа", async (queries, api) => {
    const order = await orNotFound(queries.ensureQueryData(orderQuery(id, api)));
    if (order.status !== "awaiting_payment" && order.status !== "cancelled") {
      throw redirect(`/thank-you?orderId=${order.id}`, 302);
    }
    if (order.status === "awaiting_payment") await orNotFound(queries.ensureQueryData(bonusQuery(id, api)));
    return { orderId: id };
  });
}

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

export default function CheckoutPayment({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <CheckoutStyles />
      <PaymentScreen orderId={loaderData.orderId} />
    </PageDataBoundary>
  );
}
