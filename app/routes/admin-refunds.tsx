import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { LoadMore } from "#app/features/admin/components/load-more.tsx";
import { RefundQueue } from "#app/features/admin/components/refund-desk.tsx";
import { OperationsStyles } from "#app/features/admin/operations-styles.tsx";
import {
  fetchRefundQueue,
  type RefundQueueStatus,
  refundQueueHref,
  refundQueueQuery,
  refundStatusOf,
} from "#app/features/admin/refunds-api.ts";
import { RefundDeskStyles } from "#app/features/admin/refunds-styles.tsx";
import { useMorePages } from "#app/features/admin/use-more-pages.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/admin-refunds";

export const handle: RouteHandle = { cache: "personal" };

/** The refund queue (issue 21, point 2): requests waiting for a decision by default; a filter by status. */
export function loader(args: Route.LoaderArgs) {
  const status = refundStatusOf(args.request.url);
  return loadAdminPage(args, async (queries, api) => {
    await queries.ensureQueryData(refundQueueQuery(status, api));
    return { status };
  });
}

export const meta: Route.MetaFunction = () => adminMeta("Возвраты");

const STATUS_TABS: readonly { status: RefundQueueStatus; label: string }[] = [
  { status: "sent", label: "Ждут решения" },
  { status: "approved", label: "Одобрены" },
  { status: "refunded", label: "Деньги возвращены" },
  { status: "rejected", label: "Отклонены" },
  { status: "cancelled", label: "Отменены" },
  { status: "all", label: "Все" },
];

function Queue({ status }: { status: RefundQueueStatus }) {
  const { data: first } = useQuery(refundQueueQuery(status));
  const { items, next, loadMore } = useMorePages(first, (cursor) => fetchRefundQueue(status, cursor));
  return (
    <>
      <h1 className="admin-title">Возвраты</h1>
      <p className="ops-lead">
        Заявки покупателей на возврат полученных товаров. Откройте заявку, посмотрите фото и одобрите возврат
        или откажите с причиной: покупатель получит SMS. Каждое решение попадает в журнал.
      </p>
      <nav aria-label="Статус заявок">
        <ul className="ops-tabs">
          {STATUS_TABS.map((tab) => (
            <li key={tab.status}>
              <Link
                to={refundQueueHref(tab.status)}
                aria-current={status === tab.status ? "page" : undefined}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {items.length === 0 ? (
        <p className="admin-card admin-muted">Заявок с таким статусом нет.</p>
      ) : (
        <>
          <RefundQueue items={items} />
          <LoadMore next={next} onLoad={loadMore} />
        </>
      )}
    </>
  );
}

export default function AdminRefunds({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OperationsStyles />
      <RefundDeskStyles />
      <Queue status={loaderData.status} />
    </PageDataBoundary>
  );
}

export { AdminError as ErrorBoundary } from "#app/features/admin/components/admin-error.tsx";
