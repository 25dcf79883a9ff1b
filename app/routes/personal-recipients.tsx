import { data } from "react-router";
import { RecipientsPanel, recipientsQuery } from "#app/features/address-book/index.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { serverApi } from "#app/lib/api-context.ts";
import { loaderQueries } from "#app/lib/loader-queries.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/personal-recipients";

export const handle: RouteHandle = { cache: "personal" };

export async function loader(args: Route.LoaderArgs) {
  const queries = loaderQueries(args.context);
  const api = serverApi(args.context);
  try {
    const [page] = await Promise.all([
      loadPageSeo(args, "Получатели", queries),
      queries.ensureQueryData(recipientsQuery(api)),
    ]);
    return { ...page, dehydratedState: queries.dehydrate() };
  } catch (error) {
    if (error instanceof ApiError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex" },
];

export default function PersonalRecipients({ loaderData }: Route.ComponentProps) {
  return (
    <section className="ab-page ab-page--narrow">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <p className="ab-page__lead">
        Люди, которые могут получить ваши заказы. Основного подставим при оформлении.
      </p>
      <PageDataBoundary state={loaderData.dehydratedState}>
        <RecipientsPanel />
      </PageDataBoundary>
    </section>
  );
}
