import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { returnableQuery } from "#app/features/refunds/api.ts";
import { NewRefundForm } from "#app/features/refunds/components/new-refund-form.tsx";
import { RefundsStyles } from "#app/features/refunds/refunds-styles.tsx";
import { orNotFound, pageNotFound } from "#app/lib/page.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { idParam } from "#contract/id-param.ts";
import type { Route } from "./+types/personal-refund-new";

export const handle: RouteHandle = { cache: "personal" };

const orderIdSchema = idParam("Page Not Found", 999_999_999_999);

/**
 * «Вернуть товар» from an order (`?orderId=`; ADR 059). No order, a malformed id, another shopper's or none:
 * the 404 screen, the same for all.
 */
export function loader(args: Route.LoaderArgs) {
  const parsed = orderIdSchema.safeParse(new URL(args.request.url).searchParams.get("orderId") ?? "");
  return loadPersonalPage(args, "Возврат товара", async (queries, api) => {
    if (!parsed.success) return pageNotFound();
    await orNotFound(queries.ensureQueryData(returnableQuery(parsed.data, api)));
    return { orderId: parsed.data };
  });
}

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

function NewRefund({ orderId, title }: { orderId: number; title: string }) {
  const { data } = useQuery(returnableQuery(orderId));
  if (!data) return null;
  const free = data.lines.some((l) => l.returnable > 0);
  return (
    <section className="refund-page">
      <p className="refund-page__back">
        <Link to={`/personal/orders/${orderId}`}>← Заказ № {data.orderNumber}</Link>
      </p>
      <h1 className="page-title">{title}</h1>
      {free ? (
        <NewRefundForm returnable={data} />
      ) : (
        <div className="empty-state">
          <p className="empty-state__title">Возвращать нечего</p>
          <p className="empty-state__text">
            {data.lines.length === 0
              ? "Вернуть можно только полученные товары."
              : "Все товары этого заказа уже в заявках на возврат."}
          </p>
          <Link className="button button--primary" to="/personal/refunds">
            Мои возвраты
          </Link>
        </div>
      )}
    </section>
  );
}

export default function PersonalRefundNew({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <RefundsStyles />
      <NewRefund orderId={loaderData.orderId} title={loaderData.seo.h1} />
    </PageDataBoundary>
  );
}
