import { dehydrate, HydrationBoundary, QueryClient, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { z } from "zod";
import { categoryTreeQuery, productListQuery } from "#app/features/catalog/api.ts";
import { categoryHref, findCategoryPath } from "#app/features/catalog/components/category-tree.tsx";
import { ProductGrid } from "#app/features/catalog/components/product-grid.tsx";
import { serverApi } from "#app/lib/api-context.ts";
import { plural } from "#app/lib/format.ts";
import { loadPageSeo, pageMeta, pageNotFound, validateParams } from "#app/lib/page.ts";
import type { Route } from "./+types/catalog-category";

const paramsSchema = z.object({ catId: z.coerce.number().int().positive().max(2_147_483_647) });
const PAGE_SIZE = 36;

export async function loader(args: Route.LoaderArgs) {
  const { catId } = validateParams(paramsSchema, args.params, args.request);
  const api = serverApi(args.context);
  const queryClient = new QueryClient();
  const tree = await queryClient.ensureQueryData(categoryTreeQuery(api));
  const trail = findCategoryPath(tree.items, catId);
  if (!trail) pageNotFound();
  const category = trail.at(-1)!;
  const listing = { sort: "popular", limit: PAGE_SIZE, page: 1, categoryId: catId } as const;
  const [, page] = await Promise.all([
    queryClient.ensureQueryData(productListQuery(listing, api)),
    loadPageSeo(args, category.name, queryClient),
  ]);
  return { ...page, category, trail, listing, dehydratedState: dehydrate(queryClient) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data, {
    description: data ? `${data.category.name}: купить с доставкой и кешбэком на Витрине.` : undefined,
  });

function Listing({ listing }: { listing: Route.ComponentProps["loaderData"]["listing"] }) {
  const { data } = useQuery(productListQuery(listing));
  if (!data) return null;
  return (
    <>
      <p className="listing-count">
        {data.total} {plural(data.total, ["товар", "товара", "товаров"])}
      </p>
      <ProductGrid products={data.items} label="Товары категории" />
    </>
  );
}

export default function CatalogCategory({ loaderData }: Route.ComponentProps) {
  const { trail, category, listing } = loaderData;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
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
      {category.children.length > 0 ? (
        <ul className="chips" aria-label="Подкатегории">
          {category.children.map((c) => (
            <li key={c.id}>
              <Link className="chip" to={categoryHref(c)}>
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Listing listing={listing} />
    </HydrationBoundary>
  );
}
