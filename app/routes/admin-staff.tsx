import { useQuery } from "@tanstack/react-query";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { AdminError } from "#app/features/admin/components/admin-error.tsx";
import { adminMeQuery, adminStaffQuery } from "#app/features/admin/api.ts";
import { GrantRoleForm } from "#app/features/admin/components/grant-role-form.tsx";
import { StaffList } from "#app/features/admin/components/staff-list.tsx";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/admin-staff";

export const handle: RouteHandle = { cache: "personal" };

/** Admins only: the API answers an operator 403, which the screen says as «Нет доступа». */
export const loader = (args: Route.LoaderArgs) =>
  loadAdminPage(args, async (queries, api) => {
    await queries.ensureQueryData(adminStaffQuery(api));
    return {};
  });

export const meta: Route.MetaFunction = () => adminMeta("Сотрудники");

function Staff() {
  const { data: staff } = useQuery(adminStaffQuery());
  const { data: me } = useQuery(adminMeQuery());
  return (
    <>
      <h1 className="admin-title">Сотрудники</h1>
      <section className="admin-card" aria-labelledby="admin-grant-title">
        <h2 id="admin-grant-title">Назначить роль</h2>
        <p className="admin-muted">
          Если с этим телефоном ещё не входили, аккаунт появится сейчас, а сотрудник войдёт по SMS.
        </p>
        <GrantRoleForm />
      </section>
      <StaffList items={staff?.items ?? []} meId={me?.userId ?? 0} />
    </>
  );
}

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <Staff />
    </PageDataBoundary>
  );
}

/** A refusal (an operator on an admin screen: 403) or a failure, said inside the back office's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
