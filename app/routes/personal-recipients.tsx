import { RecipientsPanel } from "#app/features/address-book/components/recipient-list.tsx";
import { recipientsQuery } from "#app/features/address-book/index.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/personal-recipients";

export const handle: RouteHandle = { cache: "personal" };

export const loader = (args: Route.LoaderArgs) =>
  loadPersonalPage(args, "Получатели", async (queries, api) => {
    await queries.ensureQueryData(recipientsQuery(api));
    return {};
  });

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

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
