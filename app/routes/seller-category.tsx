import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { sellerQuery, categoryTreeQuery, productListQuery } from "#app/features/catalog/api.ts";
import { SellerHeader } from "#app/features/catalog/components/seller-header.tsx";
import { findCategoryPath } from "#app/features/catalog/components/category-tree.tsx";
import { ProductListing } from "#app/features/catalog/components/product-listing.tsx";
import { serverApi } from "#app/lib/api-context.ts";
import { loadPageSeo, orNotFound, pageMeta, pageNotFound, validateParams } from "#app/lib/page.ts";
import type { Route } from "./+types/seller-category";

const paramsSchema = z.object({
  sellerCode: z.string().regex(/^[a-z0-9-]{1,64}$/),
  catId: z.coerce.number().int().positive().max(2_147_483_647),
});

export async function loader(args: Route.LoaderArgs) {
  const params = validateParams(paramsSchema, args.params, args.request);
  const api = serverApi(args.context);
  const queryClient = new QueryClient();
  const seller = await orNotFound(queryClient.ensureQueryData(sellerQuery(params.sellerCode, api)));
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
    seller: seller.code,
    categoryId: category.id,
  } as const;
  const [, page] = await Promise.all([
    queryClient.ensureQueryData(productListQuery(listing, api)),
    loadPageSeo(args, `${category.name} от продавца ${seller.name}`, queryClient),
  ]);
  return { ...page, seller, listing, dehydratedState: dehydrate(queryClient) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data, {
    description: data
      ? `Товары продавца ${data.seller.name} на Витрине: ${data.seller.legalName}.`
      : undefined,
  });

export default function SellerCategory({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <SellerHeader seller={loaderData.seller} heading={loaderData.seo.h1} />
      <ProductListing params={loaderData.listing} label={`Товары продавца ${loaderData.seller.name}`} />
    </HydrationBoundary>
  );
}
