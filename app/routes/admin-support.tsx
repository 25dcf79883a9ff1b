import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { LoadMore } from "#app/features/admin/components/load-more.tsx";
import { SupportQueue } from "#app/features/admin/components/support-desk.tsx";
import { OperationsStyles } from "#app/features/admin/operations-styles.tsx";
import {
  fetchQueue,
  type QueueFilters,
  queueFiltersOf,
  queueHref,
  supportQueueQuery,
} from "#app/features/admin/support-api.ts";
import { useMorePages } from "#app/features/admin/use-more-pages.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/admin-support";

export const handle: RouteHandle = { cache: "personal" };

/** The support queue (issue 21, point 3): waiting appeals by default; filters by status and by whose. */
export function loader(args: Route.LoaderArgs) {
  const filters = queueFiltersOf(args.request.url);
  return loadAdminPage(args, async (queries, api) => {
    await queries.ensureQueryData(supportQueueQuery(filters, api));
    return { filters };
  });
}

export const meta: Route.MetaFunction = () => adminMeta("Обращения");

const STATUS_TABS = [
  { status: "open", label: "Ждут ответа" },
  { status: "answered", label: "Отвечены" },
  { status: "closed", label: "Закрыты" },
  { status: "all", label: "Все" },
] as const;

const ASSIGNED_TABS = [
  { assigned: "any", label: "Все исполнители" },
  { assigned: "me", label: "Мои" },
  { assigned: "none", label: "Ничьи" },
] as const;

function Queue({ filters }: { filters: QueueFilters }) {
  const { data: first } = useQuery(supportQueueQuery(filters));
  const { items, next, loadMore } = useMorePages(first, (cursor) => fetchQueue(filters, cursor));
  return (
    <>
      <h1 className="admin-title">Обращения</h1>
      <p className="ops-lead">
        Вопросы покупателей. Возьмите обращение себе и ответьте: покупатель увидит ответ в личном кабинете и
        получит SMS. Каждое действие попадает в журнал.
      </p>
      <nav aria-label="Статус обращений">
        <ul className="ops-tabs">
          {STATUS_TABS.map((tab) => (
            <li key={tab.status}>
              <Link
                to={queueHref({ ...filters, status: tab.status })}
                aria-current={filters.status === tab.status ? "page" : undefined}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Исполнитель">
        <ul className="ops-tabs">
          {ASSIGNED_TABS.map((tab) => (
            <li key={tab.assigned}>
              <Link
                to={queueHref({ ...filters, assigned: tab.assigned })}
                aria-current={filters.assigned === tab.assigned ? "page" : undefined}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {items.length === 0 ? (
        <p className="admin-card admin-muted">Обращений с такими условиями нет.</p>
      ) : (
        <>
          <SupportQueue items={items} />
          <LoadMore next={next} onLoad={loadMore} />
        </>
      )}
    </>
  );
}

export default function AdminSupport({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OperationsStyles />
      <Queue filters={loaderData.filters} />
    </PageDataBoundary>
  );
}

export { AdminError as ErrorBoundary } from "#app/features/admin/components/admin-error.tsx";
