import { useQuery } from "@tanstack/react-query";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { AdminError } from "#app/features/admin/components/admin-error.tsx";
import { adminAuditQuery, adminStaffQuery, fetchAudit } from "#app/features/admin/api.ts";
import { AUDIT_FILTER_NAMES, type AuditFilters } from "#app/features/admin/audit-filters.ts";
import { AuditFiltersForm } from "#app/features/admin/components/audit-filters-form.tsx";
import { AuditTable } from "#app/features/admin/components/audit-table.tsx";
import { LoadMore } from "#app/features/admin/components/load-more.tsx";
import { refusalText } from "#app/features/admin/refusal.ts";
import { filtersSearch, readFilters } from "#app/features/admin/url-filters.ts";
import { useMorePages } from "#app/features/admin/use-more-pages.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/admin-audit";

export const handle: RouteHandle = { cache: "personal" };

/** Admins only (an operator's 403 is «Нет доступа»); the filters in the address, as on the order list. */
export function loader(args: Route.LoaderArgs) {
  const filters = readFilters(new URL(args.request.url).searchParams, AUDIT_FILTER_NAMES);
  return loadAdminPage(args, async (queries, api) => {
    await queries.ensureQueryData(adminStaffQuery(api));
    try {
      await queries.ensureQueryData(adminAuditQuery(filters, api));
      return { filters, refused: null };
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return { filters, refused: refusalText(error) };
      throw error;
    }
  });
}

export const meta: Route.MetaFunction = () => adminMeta("Журнал действий");

function Audit({ filters, refused }: { filters: AuditFilters; refused: string | null }) {
  const { data: staff } = useQuery(adminStaffQuery());
  const { data: first } = useQuery({ ...adminAuditQuery(filters), enabled: refused === null });
  const { items, next, loadMore } = useMorePages(first, (before) => fetchAudit(filters, before));
  const members = staff?.items ?? [];
  return (
    <>
      <h1 className="admin-title">Журнал действий</h1>
      <AuditFiltersForm key={filtersSearch(filters, AUDIT_FILTER_NAMES)} filters={filters} staff={members} />
      {refused ? (
        <p className="admin-notice" role="alert">
          {refused}
        </p>
      ) : items.length === 0 ? (
        <p className="admin-card admin-muted">Записей с такими условиями нет.</p>
      ) : (
        <>
          <AuditTable items={items} staff={members} />
          <LoadMore next={next} onLoad={loadMore} />
        </>
      )}
    </>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <Audit filters={loaderData.filters} refused={loaderData.refused} />
    </PageDataBoundary>
  );
}

/** A refusal (an operator on an admin screen: 403) or a failure, said inside the back office's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
