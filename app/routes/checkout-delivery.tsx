import { useQuery } from "@tanstack/react-query";
import { redirect } from "react-router";
import { addressesQuery, recipientsQuery } from "#app/features/address-book/index.ts";
import { basketQuery, isBuying, shopperQuery } from "#app/features/checkout/api.ts";
import { CheckoutStyles } from "#app/features/checkout/checkout-styles.tsx";
import { DeliveryScreen } from "#app/features/checkout/components/delivery-screen.tsx";
import { currentCityQuery } from "#app/features/city/index.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { loaderQueries, serverApi } from "#app/lib/loader-queries.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import {
  loadPersonalPage,
  personalPageMeta,
  rendersForEveryone,
  signInRedirect,
} from "#app/lib/personal-page.ts";
import { PersonalPartData, PersonalPartMarker, rendersFrame } from "#app/lib/personal-part.tsx";
import { CHECKOUT, type RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/checkout-delivery";

/**
 * A shell with a personal part (ADR 072, 074): the frame — the checkout's header and footer — is kept for
 * every shopper of a city, and the signed-in shopper's step is rendered on the server for each request
 * into it (app/personal-parts.server.tsx), so the first paint shows it. A client navigation, a visitor
 * without a session and a basket with nothing to buy get the page rendered whole, as below.
 */
export const handle: RouteHandle = { cache: "shell", part: "delivery", query: [], ...CHECKOUT };

const TITLE = "Оформление заказа: доставка";

/**
 * Оформление заказа, доставка: the signed-in shopper's (signed out: to sign in and back, ADR 034), with a
 * selection in the basket (none: back to /basket). Everything the first paint needs is awaited — the
 * basket, the address book, the shopper; points, slots and the map come after, on the client.
 */
export async function loader(args: Route.LoaderArgs) {
  // The kept frame reads nothing of the shopper's: the step goes where it leaves its marker.
  if (rendersForEveryone(args.context)) {
    return loadPersonalPage(args, TITLE, async () => ({ cityCenter: null }), { shell: { cityCenter: null } });
  }
  // The shopper first: a 401 means signed out, and no other personal call is made.
  try {
    await loaderQueries(args.context).ensureQueryData(shopperQuery(serverApi(args.context)));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(signInRedirect(args.request), 302);
    throw error;
  }
  return loadPersonalPage(args, TITLE, async (queries, api) => {
    await queries.ensureQueryData(shopperQuery(api));
    const [basket, , , here] = await Promise.all([
      queries.ensureQueryData(basketQuery(api)),
      queries.ensureQueryData(addressesQuery(api)),
      queries.ensureQueryData(recipientsQuery(api)),
      queries.ensureQueryData(currentCityQuery(api)),
    ]);
    if (!isBuying(basket)) throw redirect("/basket", 302);
    return {
      cityCenter: { latitude: here.city.latitude, longitude: here.city.longitude } as CityCenter | null,
    };
  });
}

type CityCenter = { latitude: number; longitude: number };

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

/** The frame's render leaves the marker where the server puts the shopper's step. */
function DeliveryPart({ cityCenter }: { cityCenter: CityCenter | null }) {
  const { data } = useQuery(basketQuery());
  if (rendersFrame(data) || !cityCenter) return <PersonalPartMarker name="delivery" />;
  return <DeliveryScreen cityCenter={cityCenter} />;
}

export default function CheckoutDelivery({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <CheckoutStyles />
      <PersonalPartData>
        {/* In a kept frame (no city in its loader data), the city the server rendered the step for. */}
        {(values) => (
          <DeliveryPart
            cityCenter={
              loaderData.cityCenter ??
              (values?.latitude && values.longitude
                ? { latitude: Number(values.latitude), longitude: Number(values.longitude) }
                : null)
            }
          />
        )}
      </PersonalPartData>
    </PageDataBoundary>
  );
}
