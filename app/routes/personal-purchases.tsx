import { purchasesQuery } from "#app/features/purchases/api.ts";
import { PurchaseList } from "#app/features/purchases/components/purchase-list.tsx";
import { PurchasesStyles } from "#app/features/purchases/purchases-styles.tsx";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/personal-purchases";

export const handle: RouteHandle = { cache: "personal" };

export const loader = (args: Route.LoaderArgs) =>
  loadPersonalPage(args, "Покупки", async (queries, api) => {
    await queries.ensureQueryData(purchasesQuery(null, api));
    return {};
  });

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

export default function PersonalPurchases({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <PurchasesStyles />
      <section>
        <h1 className="page-title">{loaderData.seo.h1}</h1>
        <PurchaseList />
      </section>
    </PageDataBoundary>
  );
}
