import { useQuery } from "@tanstack/react-query";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { LoadMore } from "#app/features/admin/components/load-more.tsx";
import { SmsFilter, SmsList } from "#app/features/admin/components/sms-outbox.tsx";
import { fetchSms, smsQuery } from "#app/features/admin/operations-api.ts";
import { OperationsStyles } from "#app/features/admin/operations-styles.tsx";
import { refusalText } from "#app/features/admin/refusal.ts";
import { useMorePages } from "#app/features/admin/use-more-pages.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/admin-sms";

export const handle: RouteHandle = { cache: "personal" };

/** The SMS outbox (issue 20, point 7): newest first, by phone when the address names one. */
export function loader(args: Route.LoaderArgs) {
  const phone = new URL(args.request.url).searchParams.get("phone")?.trim() ?? "";
  return loadAdminPage(args, async (queries, api) => {
    try {
      await queries.ensureQueryData(smsQuery(phone, api));
      return { phone, refused: null };
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return { phone, refused: refusalText(error) };
      throw error;
    }
  });
}

export const meta: Route.MetaFunction = () => adminMeta("SMS");

function Outbox({ phone, refused }: { phone: string; refused: string | null }) {
  const { data: first } = useQuery({ ...smsQuery(phone), enabled: refused === null });
  const { items, next, loadMore } = useMorePages(first, (before) => fetchSms(phone, before));
  return (
    <>
      <h1 className="admin-title">SMS</h1>
      <p className="ops-lead">
        Исходящие сообщения шлюза. Пока работает встроенная заглушка, SMS никуда не уходят: здесь всё, что
        «получили» покупатели, — коды для входа и сообщения о заказах.
      </p>
      <SmsFilter key={phone} phone={phone} />
      {refused ? (
        <p className="ops-notice" role="alert">
          {refused}
        </p>
      ) : items.length === 0 ? (
        <p className="admin-card admin-muted">
          {phone ? "На этот номер сообщений нет." : "Сообщений пока нет."}
        </p>
      ) : (
        <>
          <SmsList items={items} />
          <LoadMore next={next} onLoad={loadMore} />
        </>
      )}
    </>
  );
}

export default function AdminSms({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OperationsStyles />
      <Outbox phone={loaderData.phone} refused={loaderData.refused} />
    </PageDataBoundary>
  );
}

export { AdminError as ErrorBoundary } from "#app/features/admin/components/admin-error.tsx";
