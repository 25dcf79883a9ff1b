import { redirect } from "react-router";
import { addressesQuery, recipientsQuery } from "#app/features/address-book/index.ts";
import { basketQuery, shopperQuery } from "#app/features/checkout/api.ts";
import { CheckoutStyles } from "#app/features/checkout/checkout-styles.tsx";
import { DeliveryScreen } from "#app/features/checkout/components/delivery-screen.tsx";
import { currentCityQuery } from "#app/features/city/index.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { loaderQueries, serverApi } from "#app/lib/loader-queries.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta, signInRedirect } from "#app/lib/personal-page.ts";
import { CHECKOUT, type RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/checkout-delivery";

export const handle: RouteHandle = { cache: "personal", ...CHECKOUT };

/**
 * Оформление заказа, доставка: the signed-in shopper's (signed out: to sign in and back, ADR 034), with a
 * selection in the basket (none: back to /basket). Everything the first paint needs is awaited — the
 * basket, the address book, the shopper; points, slots and the map come after, on the client.
 */
export async function loader(args: Route.LoaderArgs) {
  // The shopper first: a 401 means signed out, and no other personal call is made.
  try {
    await loaderQueries(args.context).ensureQueryData(shopperQuery(serverApi(args.context)));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(signInRedirect(args.request), 302);
    throw error;
  }
  return loadPersonalPage(args, "Оформление заказа: доставка", async (queries, api) => {
    await queries.ensureQueryData(shopperQuery(api));
    const [basket, , , here] = await Promise.all([
      queries.ensureQueryData(basketQuery(api)),
      queries.ensureQueryData(addressesQuery(api)),
      queries.ensureQueryData(recipientsQuery(api)),
      queries.ensureQueryData(currentCityQuery(api)),
    ]);
    const buying = basket.shipments.some((s) => s.lines.some((l) => l.selected && l.buyable));
    if (!buying) throw redirect("/basket", 302);
    return { cityCenter: { latitude: here.city.latitude, longitude: here.city.longitude } };
  });
}

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

export default function CheckoutDelivery({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <CheckoutStyles />
      <DeliveryScreen cityCenter={loaderData.cityCenter} />
    </PageDataBoundary>
  );
}
