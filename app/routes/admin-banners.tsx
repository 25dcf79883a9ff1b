import { useQuery } from "@tanstack/react-query";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { BannerDesk } from "#app/features/admin/components/banner-desk.tsx";
import { adminBannersQuery } from "#app/features/admin/merchandising-api.ts";
import { MerchandisingStyles } from "#app/features/admin/merchandising-styles.tsx";
import { OperationsStyles } from "#app/features/admin/operations-styles.tsx";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/admin-banners";

export const handle: RouteHandle = { cache: "personal" };

/** The home page's banners (issue 22, point 6; ADR 067). */
export function loader(args: Route.LoaderArgs) {
  return loadAdminPage(args, async (queries, api) => {
    await queries.ensureQueryData(adminBannersQuery(api));
    return {};
  });
}

export const meta: Route.MetaFunction = () => adminMeta("Баннеры");

function Banners() {
  const { data } = useQuery(adminBannersQuery());
  return <BannerDesk banners={data?.items ?? []} />;
}

export default function AdminBanners({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OperationsStyles />
      <MerchandisingStyles />
      <h1 className="admin-title">Баннеры главной</h1>
      <p className="ops-lead">
        Главная показывает включённые баннеры своей темы в их датах, по порядку этого списка — не больше
        восьми. Первый баннер крупнее всего на первом экране.
      </p>
      <Banners />
    </PageDataBoundary>
  );
}

export { AdminError as ErrorBoundary } from "#app/features/admin/components/admin-error.tsx";
