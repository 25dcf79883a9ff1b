import { dehydrate, QueryClient } from "@tanstack/react-query";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { serverApi } from "#app/lib/api-context.ts";
import { loadPageSeo, pageNotFound } from "#app/lib/page.ts";
import type { CategoryNode } from "#contract/catalog.ts";
import { categoryTreeQuery, type ProductListParams, productListQuery } from "./api.ts";
import { findCategoryPath } from "./components/category-tree.tsx";

export const LISTING_PAGE_SIZE = 36;

/** Route param schemas shared by the listing screens. */
export const codeParam = z.string().regex(/^[a-z0-9-]{1,64}$/);
export const catIdParam = z.coerce.number().int().positive().max(2_147_483_647);

type LoaderArgs = { context: AppLoadContext; request: Request };

/** What a listing screen's loader needs: the per-request query client and the server's API client. */
export function listingLoad(args: LoaderArgs) {
  return { api: serverApi(args.context), queryClient: new QueryClient() };
}

/** The category and its chain from the top, or the page's 404 when the id is not in the tree. */
export async function resolveCategory(
  load: ReturnType<typeof listingLoad>,
  catId: number,
): Promise<{ category: CategoryNode; trail: CategoryNode[] }> {
  const tree = await load.queryClient.ensureQueryData(categoryTreeQuery(load.api));
  const trail = findCategoryPath(tree.items, catId);
  if (!trail) pageNotFound();
  return { category: trail.at(-1)!, trail };
}

/**
 * The first page of a listing (category, brand, seller) and the page's SEO record, both awaited: the
 * listing is what the screen is for. Returns the params the component's query will read back.
 */
export async function loadListing(
  args: LoaderArgs,
  load: ReturnType<typeof listingLoad>,
  filter: Pick<ProductListParams, "categoryId" | "brand" | "seller">,
  title: string,
) {
  const listing: ProductListParams = { sort: "popular", limit: LISTING_PAGE_SIZE, page: 1, ...filter };
  const [, page] = await Promise.all([
    load.queryClient.ensureQueryData(productListQuery(listing, load.api)),
    loadPageSeo(args, title, load.queryClient),
  ]);
  return { ...page, listing, dehydratedState: dehydrate(load.queryClient) };
}
