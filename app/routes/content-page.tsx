import { z } from "zod";
import { contentPageQuery } from "#app/features/content/api.ts";
import { ContentBody } from "#app/features/content/components/content-body.tsx";
import { serverApi } from "#app/lib/api-context.ts";
import { formatDate } from "#app/lib/format.ts";
import { loaderQueries } from "#app/lib/loader-queries.ts";
import { loadPageSeo, orNotFound, pageMeta, validateParams } from "#app/lib/page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { CONTENT_SLUG } from "#contract/input-bounds.ts";
import type { Route } from "./+types/content-page";

export const handle: RouteHandle = { cache: "city", query: [] };

// Each segment as the API takes a slug: a longer one is a 404 here, not the API's 400 turned into a 500.
const paramsSchema = z.object({
  "*": z.string().refine((slug) => slug.split("/").every((segment) => CONTENT_SLUG.test(segment))),
});

/** Content pages from the database; a slug that cannot exist at all is the fatal 'Page Not Found: {path}'. */
export async function loader(args: Route.LoaderArgs) {
  const { "*": slug } = validateParams(paramsSchema, args.params, args.request);
  const queryClient = loaderQueries(args.context);
  const page = await orNotFound(queryClient.ensureQueryData(contentPageQuery(slug, serverApi(args.context))));
  const seo = await loadPageSeo(args, page.title, queryClient);
  return { ...seo, page };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data, { description: data?.page.description });

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="content-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <ContentBody source={page.body} />
      <p className="content-page__updated">Обновлено {formatDate(page.updatedAt)}</p>
    </article>
  );
}
