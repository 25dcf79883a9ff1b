import { useLocation } from "react-router";
import { z } from "zod";
import { sellerQuery } from "#app/features/catalog/api.ts";
import { ListingView } from "#app/features/catalog/components/listing-view.tsx";
import { SellerHeader, SellerLegal } from "#app/features/catalog/components/seller-header.tsx";
import { codeParam, listingLoad, loadListingView } from "#app/features/catalog/listing-page.ts";
import { readListingState } from "#app/features/catalog/listing-params.ts";
import { readsListingParam } from "#app/features/catalog/listing-query.ts";
import { orNotFound, pageMeta, validateParams } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/seller";

export const handle: RouteHandle = {
  cache: "city",
  query: readsListingParam,
  stateKey: "seller",
  keepAlive: true,
};

const paramsSchema = z.object({ sellerCode: codeParam });

export async function loader(args: Route.LoaderArgs) {
  const params = validateParams(paramsSchema, args.params, args.request);
  const load = listingLoad(args);
  const seller = await orNotFound(load.queryClient.ensureQueryData(sellerQuery(params.sellerCode, load.api)));
  return {
    seller,
    ...(await loadListingView(args, load, { seller: seller.code }, `Продавец ${seller.name}`)),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data, {
    description: data && `Товары продавца ${data.seller.name} на Витрине: ${data.seller.legalName}.`,
  });

export default function Seller({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <SellerHeader seller={loaderData.seller} heading={loaderData.seo.h1} />
      <ListingView
        scope={loaderData.scope}
        state={readListingState(new URLSearchParams(location.search))}
        pathname={location.pathname}
        label={`Товары продавца ${loaderData.seller.name}`}
        hide={["seller"]}
      />
      <SellerLegal seller={loaderData.seller} />
    </PageDataBoundary>
  );
}
