import { bonusAccountQuery, bonusHistoryQuery } from "#app/features/bonus/api.ts";
import { BonusHistory, BonusSummary } from "#app/features/bonus/components/bonus-account.tsx";
import { BonusStyles } from "#app/features/bonus/bonus-styles.tsx";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/personal-bonus";

export const handle: RouteHandle = { cache: "personal" };

export const loader = (args: Route.LoaderArgs) =>
  loadPersonalPage(args, "Баллы", async (queries, api) => {
    await Promise.all([
      queries.ensureQueryData(bonusAccountQuery(api)),
      queries.ensureQueryData(bonusHistoryQuery(null, api)),
    ]);
    return {};
  });

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

export default function PersonalBonus({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <BonusStyles />
      <section>
        <h1 className="page-title">{loaderData.seo.h1}</h1>
        <BonusSummary />
        <BonusHistory />
      </section>
    </PageDataBoundary>
  );
}
