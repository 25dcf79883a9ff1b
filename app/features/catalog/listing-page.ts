import { type AppLoadContext, redirect } from "react-router";
import { z } from "zod";
import { ApiError } from "#app/lib/api-client.ts";
import { loaderQueries, serverApi } from "#app/lib/loader-queries.ts";
import { loadPageSeo, pageNotFound } from "#app/lib/page.ts";
import type { CategoryNode } from "#contract/catalog.ts";
import { idParam } from "#contract/id-param.ts";
import { catalogKeys, categoryTreeQuery, facetsQuery, type ListingScope, listingQuery } from "./api.ts";
import { findCategoryPath } from "./components/category-tree.tsx";
import { readListingState } from "./listing-params.ts";

/** Route param schemas shared by the listing screens. */
export const codeParam = z.string().regex(/^[a-z0-9-]{1,64}$/);
export const catIdParam = idParam("Page Not Found");

type LoaderArgs = { context: AppLoadContext; request: Request };

/** What a listing screen's loader needs: its view of the request's query client and the API client. */
export function listingLoad(args: LoaderArgs) {
  return { api: serverApi(args.context), queryClient: loaderQueries(args.context) };
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
 * A filterable listing screen's data: the first page and the facets for the URL's filters, and the SEO
 * record. A shared link whose filter no longer exists opens the unfiltered listing instead of an error.
 * `withFilters: false` (a listing offering only sort and pages) reads no filters and fetches no facets.
 */
export async function loadListingView(
  args: LoaderArgs,
  load: ReturnType<typeof listingLoad>,
  scope: ListingScope,
  title: string,
  { withFilters = true }: { withFilters?: boolean } = {},
) {
  const url = new URL(args.request.url);
  const state = readListingState(url.searchParams, { withFilters });
  // The first page, its facets and the SEO record are independent: one round of awaits, not two.
  const [page] = await Promise.all([
    loadPageSeo(args, title, load.queryClient),
    Promise.all([
      load.queryClient.ensureQueryData(listingQuery(scope, state, load.api)),
      withFilters ? load.queryClient.ensureQueryData(facetsQuery(scope, state.filters, load.api)) : null,
    ]).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 400) throw redirect(url.pathname);
      throw error;
    }),
  ]);
  // The whole category tree was read only to find this category; the page itself never shows it, so it
  // stays out of the HTML (it would be ~9 KB of every listing page).
  const treeHash = JSON.stringify(catalogKeys.categories());
  return {
    ...page,
    scope,
    dehydratedState: load.queryClient.dehydrate((query) => query.queryHash !== treeHash),
  };
}
