import { useQuery } from "@tanstack/react-query";
import { refundsQuery } from "#app/features/refunds/api.ts";
import { RefundList } from "#app/features/refunds/components/refund-list.tsx";
import { RefundsStyles } from "#app/features/refunds/refunds-styles.tsx";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { RETURN_WINDOW_DAYS } from "#contract/return-window.ts";
import type { Route } from "./+types/personal-refunds";

export const handle: RouteHandle = { cache: "personal" };

/** The shopper's return requests with their statuses (issue 21, point 2; ADR 059). */
export function loader(args: Route.LoaderArgs) {
  return loadPersonalPage(args, "Возвраты", async (queries, api) => {
    await queries.ensureQueryData(refundsQuery(api));
    return {};
  });
}

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

function Refunds({ title }: { title: string }) {
  const { data } = useQuery(refundsQuery());
  const items = data?.items ?? [];
  return (
    <section className="refund-page">
      <h1 className="page-title">{title}</h1>
      {items.length > 0 ? (
        <RefundList items={items} />
      ) : (
        <div className="empty-state">
          <p className="empty-state__title">Заявок на возврат нет</p>
          <p className="empty-state__text">
            Вернуть товар можно из карточки полученного заказа — кнопка «Вернуть товар»: надлежащего качества
            — в течение {RETURN_WINDOW_DAYS} дней после получения, с браком — в течение двух лет.
          </p>
        </div>
      )}
    </section>
  );
}

export default function PersonalRefunds({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <RefundsStyles />
      <Refunds title={loaderData.seo.h1} />
    </PageDataBoundary>
  );
}
