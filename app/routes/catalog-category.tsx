import { Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import { categoryHref } from "#app/features/catalog/components/category-tree.tsx";
import { ListingView } from "#app/features/catalog/components/listing-view.tsx";
import {
  catIdParam,
  listingLoad,
  loadListingView,
  resolveCategory,
} from "#app/features/catalog/listing-page.ts";
import { readListingState } from "#app/features/catalog/listing-params.ts";
import { readsListingParam } from "#app/features/catalog/listing-query.ts";
import { pageMeta, validateParams } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/catalog-category";

export const handle: RouteHandle = {
  cache: "city",
  query: readsListingParam,
  stateKey: "catalog",
  keepAlive: true,
};

const paramsSchema = z.object({ catId: catIdParam });

export async function loader(args: Route.LoaderArgs) {
  const { catId } = validateParams(paramsSchema, args.params, args.request);
  const load = listingLoad(args);
  const { category, trail } = await resolveCategory(load, catId);
  // One address per category: a missing or outdated slug is a permanent redirect to the canonical one.
  if (args.params["*"] !== category.slug) {
    throw redirect(`${categoryHref(category)}${new URL(args.request.url).search}`, 301);
  }
  return { category, trail, ...(await loadListingView(args, load, { categoryId: catId }, category.name)) };
}

// Filtered and paged views share the category's canonical URL (seoMeta drops the query string).
export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data, {
    description: data && `${data.category.name}: купить с доставкой и кешбэком на Витрине.`,
    breadcrumbs: data && [
      { name: "Главная", url: "/" },
      { name: "Каталог", url: "/catalog" },
      ...data.trail.map((c) => ({ name: c.name, url: categoryHref(c) })),
    ],
  });

export default function CatalogCategory({ loaderData }: Route.ComponentProps) {
  const { trail, category, scope } = loaderData;
  const location = useLocation();
  const state = readListingState(new URLSearchParams(location.search));
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      {/* On a phone the chain folds into a «‹» before the title: the products start within 200 px. */}
      <div className="listing-head">
        <nav aria-label="Навигационная цепочка" className="breadcrumbs">
          <ol>
            <li>
              <Link to="/catalog">Каталог</Link>
            </li>
            {trail.slice(0, -1).map((c) => (
              <li key={c.id}>
                <Link to={categoryHref(c)}>{c.name}</Link>
              </li>
            ))}
          </ol>
        </nav>
        <h1 className="page-title">{loaderData.seo.h1}</h1>
      </div>
      {category.children.length > 0 ? (
        <ul className="chips listing-subcategories" aria-label="Подкатегории">
          {category.children.map((c) => (
            <li key={c.id}>
              <Link className="chip" to={categoryHref(c)}>
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <ListingView
        scope={scope}
        state={state}
        pathname={location.pathname}
        label="Товары категории"
        subcategories={category.children.map((c) => ({ id: c.id, name: c.name, href: categoryHref(c) }))}
      />
    </PageDataBoundary>
  );
}
