import { useLocation } from "react-router";
import { z } from "zod";
import { brandQuery } from "#app/features/catalog/api.ts";
import { BrandHeader } from "#app/features/catalog/components/brand-header.tsx";
import { ListingView } from "#app/features/catalog/components/listing-view.tsx";
import { codeParam, listingLoad, loadListingView } from "#app/features/catalog/listing-page.ts";
import { readListingState } from "#app/features/catalog/listing-params.ts";
import { readsListingParam } from "#app/features/catalog/listing-query.ts";
import { orNotFound, pageMeta, validateParams } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/brand";

export const handle: RouteHandle = {
  cache: "city",
  query: readsListingParam,
  stateKey: "brand",
  keepAlive: true,
};

const paramsSchema = z.object({ brandCode: codeParam });

export async function loader(args: Route.LoaderArgs) {
  const params = validateParams(paramsSchema, args.params, args.request);
  const load = listingLoad(args);
  const brand = await orNotFound(load.queryClient.ensureQueryData(brandQuery(params.brandCode, load.api)));
  return {
    brand,
    ...(await loadListingView(args, load, { brand: brand.code }, `${brand.name}: товары бренда`)),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data, { image: data?.brand.logoUrl, description: data?.brand.description });

export default function Brand({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <BrandHeader brand={loaderData.brand} heading={loaderData.seo.h1} />
      <ListingView
        scope={loaderData.scope}
        state={readListingState(new URLSearchParams(location.search))}
        pathname={location.pathname}
        label={`Товары ${loaderData.brand.name}`}
        hide={["brand"]}
      />
    </PageDataBoundary>
  );
}
