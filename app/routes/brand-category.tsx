import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { brandQuery, categoryTreeQuery, productListQuery } from "#app/features/catalog/api.ts";
import { BrandHeader } from "#app/features/catalog/components/brand-header.tsx";
import { findCategoryPath } from "#app/features/catalog/components/category-tree.tsx";
import { ProductListing } from "#app/features/catalog/components/product-listing.tsx";
import { serverApi } from "#app/lib/api-context.ts";
import { loadPageSeo, orNotFound, pageMeta, pageNotFound, validateParams } from "#app/lib/page.ts";
import type { Route } from "./+types/brand-category";

const paramsSchema = z.object({
  brandCode: z.string().regex(/^[a-z0-9-]{1,64}$/),
  catId: z.coerce.number().int().positive().max(2_147_483_647),
});

export async function loader(args: Route.LoaderArgs) {
  const params = validateParams(paramsSchema, args.params, args.request);
  const api = serverApi(args.context);
  const queryClient = new QueryClient();
  const brand = await orNotFound(queryClient.ensureQueryData(brandQuery(params.brandCode, api)));
  const trail = findCategoryPath(
    (await queryClient.ensureQueryData(categoryTreeQuery(api))).items,
    params.catId,
  );
  if (!trail) pageNotFound();
  const category = trail.at(-1)!;
  const listing = {
    sort: "popular",
    limit: 36,
    page: 1,
    brand: brand.code,
    categoryId: category.id,
  } as const;
  const [, page] = await Promise.all([
    queryClient.ensureQueryData(productListQuery(listing, api)),
    loadPageSeo(args, `${category.name} ${brand.name}`, queryClient),
  ]);
  return { ...page, brand, listing, dehydratedState: dehydrate(queryClient) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data, { image: data?.brand.logoUrl, description: data?.brand.description });

export default function BrandCategory({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <BrandHeader brand={loaderData.brand} heading={loaderData.seo.h1} />
      <ProductListing params={loaderData.listing} label={`Товары ${loaderData.brand.name}`} />
    </HydrationBoundary>
  );
}
