import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { sellerQuery, productListQuery } from "#app/features/catalog/api.ts";
import { SellerHeader } from "#app/features/catalog/components/seller-header.tsx";
import { ProductListing } from "#app/features/catalog/components/product-listing.tsx";
import { serverApi } from "#app/lib/api-context.ts";
import { loadPageSeo, orNotFound, pageMeta, validateParams } from "#app/lib/page.ts";
import type { Route } from "./+types/seller";

const paramsSchema = z.object({ sellerCode: z.string().regex(/^[a-z0-9-]{1,64}$/) });

export async function loader(args: Route.LoaderArgs) {
  const params = validateParams(paramsSchema, args.params, args.request);
  const api = serverApi(args.context);
  const queryClient = new QueryClient();
  const seller = await orNotFound(queryClient.ensureQueryData(sellerQuery(params.sellerCode, api)));
  const listing = { sort: "popular", limit: 36, page: 1, seller: seller.code } as const;
  const [, page] = await Promise.all([
    queryClient.ensureQueryData(productListQuery(listing, api)),
    loadPageSeo(args, `Продавец ${seller.name}`, queryClient),
  ]);
  return { ...page, seller, listing, dehydratedState: dehydrate(queryClient) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data, {
    description: data
      ? `Товары продавца ${data.seller.name} на Витрине: ${data.seller.legalName}.`
      : undefined,
  });

export default function Seller({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <SellerHeader seller={loaderData.seller} heading={loaderData.seo.h1} />
      <ProductListing params={loaderData.listing} label={`Товары продавца ${loaderData.seller.name}`} />
    </HydrationBoundary>
  );
}
