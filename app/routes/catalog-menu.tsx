import { Link } from "react-router";
import { z } from "zod";
import { menuNodeQuery } from "#app/features/catalog-menu/api.ts";
import { MenuNodeChildren } from "#app/features/catalog-menu/components/menu-node-children.tsx";
import { menuPageDescription, menuPageHref, menuPageSeo } from "#app/features/catalog-menu/menu-page.ts";
import { serverApi } from "#app/lib/api-context.ts";
import { loaderQueries } from "#app/lib/loader-queries.ts";
import { loadPageSeo, orNotFound, pageMeta, validateParams } from "#app/lib/page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { idParam } from "#contract/id-param.ts";
import type { Route } from "./+types/catalog-menu";

export const handle: RouteHandle = { cache: "city", query: [] };

/** Node ids are serial integers, spelt one way (ADR 026); anything else cannot name a page. */
const paramsSchema = z.object({ catMenuId: idParam("Page Not Found") });

export async function loader(args: Route.LoaderArgs) {
  const { catMenuId } = validateParams(paramsSchema, args.params, args.request);
  const queryClient = loaderQueries(args.context);
  const node = await orNotFound(
    queryClient.ensureQueryData(menuNodeQuery(catMenuId, serverApi(args.context))),
  );
  const page = await loadPageSeo(args, node.title, queryClient);
  return { ...page, seo: menuPageSeo(page.seo, node), node, description: menuPageDescription(node) };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data, { description: data?.description });

export default function CatalogMenu({ loaderData }: Route.ComponentProps) {
  const { node } = loaderData;
  return (
    <>
      <nav aria-label="Навигационная цепочка" className="breadcrumbs">
        <ol>
          <li>
            <Link to="/catalog">Каталог</Link>
          </li>
          {node.ancestors.map((a) => (
            <li key={a.id}>
              <Link to={menuPageHref(a.id)}>{a.title}</Link>
            </li>
          ))}
        </ol>
      </nav>
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <MenuNodeChildren node={node} />
    </>
  );
}
