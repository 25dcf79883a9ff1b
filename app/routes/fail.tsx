import { PaymentFailedView } from "#app/features/orders/components/payment-outcome.tsx";
import { OrdersStyles } from "#app/features/orders/orders-styles.tsx";
import { loadPaymentOutcome } from "#app/features/orders/outcome-page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { personalPageMeta } from "#app/lib/personal-page.ts";
import { FOCUSED, type RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/fail";

export const handle: RouteHandle = { cache: "personal", query: ["orderId", "method"], ...FOCUSED };

export const loader = (args: Route.LoaderArgs) => loadPaymentOutcome(args, "Оплата не прошла");

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

export default function PaymentFailed({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OrdersStyles />
      <PaymentFailedView orderId={loaderData.orderId} method={loaderData.method} />
    </PageDataBoundary>
  );
}
