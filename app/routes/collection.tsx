import { useLocation } from "react-router";
import { COLLECTIONS, isCollectionId } from "#app/features/catalog/collections.ts";
import { ListingView } from "#app/features/catalog/components/listing-view.tsx";
import { listingLoad, loadListingView } from "#app/features/catalog/listing-page.ts";
import { readListingState } from "#app/features/catalog/listing-params.ts";
import { SORT_AND_PAGE } from "#app/features/catalog/listing-query.ts";
import { pageMeta, pageNotFound } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/collection";

// «Смотреть все» of a home collection (issue 22, point 6; ADR 067): the whole catalogue in the
// collection's order (in the URL, `?sort=`), with pages. Not in the spec's route table.

export const handle: RouteHandle = { cache: "city", query: SORT_AND_PAGE };

/** The whole catalogue: sort and pages, no facets (they would count every product). */
const LISTING = { withFilters: false } as const;

export async function loader(args: Route.LoaderArgs) {
  const id = args.params.collectionId;
  if (!isCollectionId(id)) pageNotFound();
  const load = listingLoad(args);
  return { id, ...(await loadListingView(args, load, {}, COLLECTIONS[id].title, LISTING)) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data, {
    description: data
      ? `${COLLECTIONS[data.id].title} на Витрине — все товары подборки с кешбэком баллами.`
      : "",
  });

export default function Collection({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <ListingView
        scope={loaderData.scope}
        state={readListingState(new URLSearchParams(location.search), LISTING)}
        pathname={location.pathname}
        label={COLLECTIONS[loaderData.id].title}
        withFilters={false}
      />
    </PageDataBoundary>
  );
}
