import { ImportOffer } from "#app/features/identity/index.ts";
import {
  accountQuery,
  DevicesSection,
  devicesQuery,
  PersonalDataSection,
} from "#app/features/profile/index.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/personal-profile";

export const handle: RouteHandle = { cache: "personal" };

export const loader = (args: Route.LoaderArgs) =>
  loadPersonalPage(args, "Профиль", async (queries, api) => {
    await Promise.all([
      queries.ensureQueryData(accountQuery(api)),
      queries.ensureQueryData(devicesQuery(api)),
    ]);
    return { renderedAt: Date.now() };
  });

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

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
