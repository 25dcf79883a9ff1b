import { HydrationBoundary } from "@tanstack/react-query";
import { z } from "zod";
import { brandQuery } from "#app/features/catalog/api.ts";
import { BrandHeader } from "#app/features/catalog/components/brand-header.tsx";
import { ProductListing } from "#app/features/catalog/components/product-listing.tsx";
import { codeParam, listingLoad, loadListing } from "#app/features/catalog/listing-page.ts";
import { orNotFound, pageMeta, validateParams } from "#app/lib/page.ts";
import type { Route } from "./+types/brand";

const paramsSchema = z.object({ brandCode: codeParam });

export async function loader(args: Route.LoaderArgs) {
  const params = validateParams(paramsSchema, args.params, args.request);
  const load = listingLoad(args);
  const brand = await orNotFound(load.queryClient.ensureQueryData(brandQuery(params.brandCode, load.api)));
  return { brand, ...(await loadListing(args, load, { brand: brand.code }, `${brand.name}: товары бренда`)) };
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
