import { useQuery } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { useSignOutAction } from "#app/features/account/api.ts";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { adminMeQuery } from "#app/features/admin/api.ts";
import { AdminChrome } from "#app/features/admin/components/admin-chrome.tsx";
import { AdminError } from "#app/features/admin/components/admin-error.tsx";
import { refuseMalformedUrl } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/admin";

/** Personal: every screen is the staff member's own view, rendered per request and never kept. */
export const handle: RouteHandle = { cache: "personal" };

/**
 * The back office's gate for the pages (ADR 051; the API gates itself): signed out, sign in and come back;
 * a shopper's account (403) gets «Нет доступа» in place of the whole back office.
 */
export function loader(args: Route.LoaderArgs) {
  refuseMalformedUrl(args.request);
  return loadAdminPage(args, async (queries, api) => ({
    me: await queries.ensureQueryData(adminMeQuery(api)),
  }));
}

export const meta: Route.MetaFunction = () => adminMeta("Бэк-офис");

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <Frame fallback={loaderData.me.roles} />
    </PageDataBoundary>
  );
}

function Frame({ fallback }: { fallback: string[] }) {
  const { data: me } = useQuery(adminMeQuery());
  return (
    <AdminChrome roles={me?.roles ?? fallback} signOut={<SignOut />}>
      <Outlet />
    </AdminChrome>
  );
}

function SignOut() {
  const { busy, signOut } = useSignOutAction();
  return (
    <button type="button" className="admin-bar__link admin-bar__sign-out" disabled={busy} onClick={signOut}>
      Выйти
    </button>
  );
}

/** A shopper's session, or the gate failing: the bare frame with the reason, no sections. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminChrome>
      <AdminError error={error} />
    </AdminChrome>
  );
}
