import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { brandQuery, productListQuery } from "#app/features/catalog/api.ts";
import { BrandHeader } from "#app/features/catalog/components/brand-header.tsx";
import { ProductListing } from "#app/features/catalog/components/product-listing.tsx";
import { serverApi } from "#app/lib/api-context.ts";
import { loadPageSeo, orNotFound, pageMeta, validateParams } from "#app/lib/page.ts";
import type { Route } from "./+types/brand";

const paramsSchema = z.object({ brandCode: z.string().regex(/^[a-z0-9-]{1,64}$/) });

export async function loader(args: Route.LoaderArgs) {
  const params = validateParams(paramsSchema, args.params, args.request);
  const api = serverApi(args.context);
  const queryClient = new QueryClient();
  const brand = await orNotFound(queryClient.ensureQueryData(brandQuery(params.brandCode, api)));
  const listing = { sort: "popular", limit: 36, page: 1, brand: brand.code } as const;
  const [, page] = await Promise.all([
    queryClient.ensureQueryData(productListQuery(listing, api)),
    loadPageSeo(args, `${brand.name}: товары бренда`, queryClient),
  ]);
  return { ...page, brand, listing, dehydratedState: dehydrate(queryClient) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data, { image: data?.brand.logoUrl, description: data?.brand.description });

export default function Brand({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <BrandHeader brand={loaderData.brand} heading={loaderData.seo.h1} />
      <ProductListing params={loaderData.listing} label={`Товары ${loaderData.brand.name}`} />
    </HydrationBoundary>
  );
}
