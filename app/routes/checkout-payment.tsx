import { redirect } from "react-router";
import { bonusQuery, orderQuery, shopperQuery } from "#app/features/checkout/api.ts";
import { CheckoutStyles } from "#app/features/checkout/checkout-styles.tsx";
import { PaymentScreen } from "#app/features/checkout/components/payment-screen.tsx";
import { paymentParams } from "#app/features/checkout/payment-address.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { loaderQueries, serverApi } from "#app/lib/loader-queries.ts";
import { orNotFound, validateParams } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import {
  loadPersonalPage,
  personalPageMeta,
  rendersForEveryone,
  signInRedirect,
} from "#app/lib/personal-page.ts";
import { PersonalPartData, PersonalPartMarker } from "#app/lib/personal-part.tsx";
import { CHECKOUT, type RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/checkout-payment";

/**
 * A shell with a personal part (ADR 074, 076): the frame — the checkout's header and footer — is kept once
 * for every order of a city's shoppers, under `frame` (an address no order has), and the order's step is
 * rendered on the server for each request into it (app/personal-parts.server.tsx). A client navigation, a
 * visitor without a session and an order the part cannot show get the page rendered whole, as below.
 */
export const handle: RouteHandle = {
  cache: "shell",
  part: "payment",
  frame: "/checkout/steps/payment/frame",
  query: [],
  ...CHECKOUT,
};

const TITLE = "Оплата заказа";

/**
 * Оплата заказа: the order's owner only — another shopper's id and an unknown one are the same 404 screen;
 * signed out goes to sign in and back (ADR 034); a paid order goes on to /thank-you.
 */
export async function loader(args: Route.LoaderArgs) {
  // The kept frame reads nothing of the shopper's, and no order: the step goes where it leaves its marker.
  if (rendersForEveryone(args.context)) {
    return loadPersonalPage(args, TITLE, async () => ({ orderId: null }), { shell: { orderId: null } });
  }
  const { id } = validateParams(paymentParams, args.params, args.request);
  try {
    await loaderQueries(args.context).ensureQueryData(shopperQuery(serverApi(args.context)));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(signInRedirect(args.request), 302);
    throw error;
  }
  return loadPersonalPage(args, TITLE, async (queries, api) => {
    const order = await orNotFound(queries.ensureQueryData(orderQuery(id, api)));
    if (order.status !== "awaiting_payment" && order.status !== "cancelled") {
      throw redirect(`/thank-you?orderId=${order.id}`, 302);
    }
    if (order.status === "awaiting_payment") await orNotFound(queries.ensureQueryData(bonusQuery(id, api)));
    return { orderId: id as number | null };
  });
}

// The frame is rendered under another address than the shopper's: the page names none of its own.
export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data, { addressed: false });

/** The frame's render (no order) leaves the marker where the server puts the shopper's step. */
function PaymentPart({ orderId }: { orderId: number | null }) {
  if (orderId === null) return <PersonalPartMarker name="payment" />;
  return <PaymentScreen orderId={orderId} />;
}

export default function CheckoutPayment({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <CheckoutStyles />
      <PersonalPartData>
        {/* In a kept frame (no order in its loader data), the order the server rendered the step for. */}
        {(values) => (
          <PaymentPart orderId={loaderData.orderId ?? (values?.orderId ? Number(values.orderId) : null)} />
        )}
      </PersonalPartData>
    </PageDataBoundary>
  );
}
