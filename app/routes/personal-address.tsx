import { z } from "zod";
import { AddressesScreen } from "#app/features/address-book/components/addresses-screen.tsx";
import { addressesQuery, pickupPointsQuery } from "#app/features/address-book/index.ts";
import { cityListQuery, currentCityQuery } from "#app/features/city/index.ts";
import { pageNotFound, validateParams } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { idParam } from "#contract/id-param.ts";
import { MAX_ROW_ID } from "#contract/numeric-id.ts";
import type { Route } from "./+types/personal-address";

export const handle: RouteHandle = { cache: "personal" };

/** An address's id, or `new` for the form of a new one (ADR 031). */
const paramsSchema = z.object({
  addressId: z.union([z.literal("new"), idParam("Page Not Found", MAX_ROW_ID)]),
});

/**
 * Адреса доставки: the shopper's addresses beside one address's editor. An id that is not one of the
 * shopper's addresses (someone else's, deleted, never made) is the 404 page, like an unknown page.
 */
export async function loader(args: Route.LoaderArgs) {
  const { addressId } = validateParams(paramsSchema, args.params, args.request);
  return loadPersonalPage(args, "Адреса доставки", async (queries, api) => {
    // The list and the form filled at the first paint.
    const [book, here] = await Promise.all([
      queries.ensureQueryData(addressesQuery(api)),
      queries.ensureQueryData(currentCityQuery(api)),
      queries.ensureQueryData(cityListQuery(api)),
    ]);
    const address = addressId === "new" ? undefined : book.items.find((a) => a.id === addressId);
    if (addressId !== "new" && !address) pageNotFound();
    // A pickup address (or a new one while the shopper picks up) shows its city's points at once.
    const pointsCity =
      address?.type === "pickup"
        ? address.city?.id
        : addressId === "new" && book.deliveryType === "pickup"
          ? here.city.id
          : undefined;
    if (pointsCity !== undefined) await queries.ensureQueryData(pickupPointsQuery(pointsCity, api));
    return { addressId };
  });
}

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

export default function PersonalAddress({ loaderData }: Route.ComponentProps) {
  return (
    <section className="ab-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <PageDataBoundary state={loaderData.dehydratedState}>
        <AddressesScreen current={loaderData.addressId} />
      </PageDataBoundary>
    </section>
  );
}
