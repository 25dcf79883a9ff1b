import { data } from "react-router";
import {
  accountQuery,
  DevicesSection,
  devicesQuery,
  PersonalDataSection,
} from "#app/features/profile/index.ts";
import { ImportOffer } from "#app/features/identity/index.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { serverApi } from "#app/lib/api-context.ts";
import { loaderQueries } from "#app/lib/loader-queries.ts";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/personal-profile";

export const handle: RouteHandle = { cache: "personal" };

export async function loader(args: Route.LoaderArgs) {
  const queries = loaderQueries(args.context);
  const api = serverApi(args.context);
  try {
    // All awaited: the page paints with the shopper's data in the fields, never empty ones that fill later.
    const [page] = await Promise.all([
      loadPageSeo(args, "Профиль", queries),
      queries.ensureQueryData(accountQuery(api)),
      queries.ensureQueryData(devicesQuery(api)),
    ]);
    return { ...page, dehydratedState: queries.dehydrate(), renderedAt: Date.now() };
  } catch (error) {
    if (error instanceof ApiError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex" },
];

export default function PersonalProfile({ loaderData }: Route.ComponentProps) {
  return (
    <section className="profile-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <PageDataBoundary state={loaderData.dehydratedState}>
        {/* Each section stands alone: the bank's identity import offer mounts as one more line here. */}
        <PersonalDataSection />
        <ImportOffer />
        <DevicesSection renderedAt={loaderData.renderedAt} />
      </PageDataBoundary>
    </section>
  );
}
