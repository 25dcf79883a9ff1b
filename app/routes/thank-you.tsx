import { ThankYouView } from "#app/features/orders/components/payment-outcome.tsx";
import { OrdersStyles } from "#app/features/orders/orders-styles.tsx";
import { loadPaymentOutcome } from "#app/features/orders/outcome-page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { personalPageMeta } from "#app/lib/personal-page.ts";
import { FOCUSED, type RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/thank-you";

export const handle: RouteHandle = { cache: "personal", query: ["orderId"], ...FOCUSED };

export const loader = (args: Route.LoaderArgs) => loadPaymentOutcome(args, "Спасибо за заказ!");

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OrdersStyles />
      <ThankYouView orderId={loaderData.orderId} />
    </PageDataBoundary>
  );
}
