import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { LoadMore } from "#app/features/admin/components/load-more.tsx";
import { ReviewDesk } from "#app/features/admin/components/review-desk.tsx";
import { OperationsStyles } from "#app/features/admin/operations-styles.tsx";
import {
  adminReviewsQuery,
  fetchReviews,
  type ReviewFilter,
  reviewFilterOf,
  reviewsHref,
} from "#app/features/admin/reviews-api.ts";
import { useMorePages } from "#app/features/admin/use-more-pages.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/admin-reviews";

export const handle: RouteHandle = { cache: "personal" };

/** Reviews (issue 21, point 4; ADR 060): the newest first, published or hidden, hide and show again. */
export function loader(args: Route.LoaderArgs) {
  const status = reviewFilterOf(args.request.url);
  return loadAdminPage(args, async (queries, api) => {
    await queries.ensureQueryData(adminReviewsQuery(status, api));
    return { status };
  });
}

export const meta: Route.MetaFunction = () => adminMeta("Отзывы");

const TABS = [
  { status: "all", label: "Все" },
  { status: "published", label: "Опубликованы" },
  { status: "hidden", label: "Скрыты" },
] as const;

function Reviews({ status }: { status: ReviewFilter }) {
  const { data: first } = useQuery(adminReviewsQuery(status));
  const { items, next, loadMore } = useMorePages(first, (cursor) => fetchReviews(status, cursor));
  return (
    <>
      <h1 className="admin-title">Отзывы</h1>
      <p className="ops-lead">
        Отзывы покупателей публикуются сразу. Скройте отзыв с оскорблениями, рекламой, контактами или не о
        товаре: он уйдёт со страницы товара и из рейтинга, покупатель увидит причину. Каждое действие попадает
        в журнал.
      </p>
      <nav aria-label="Статус отзывов">
        <ul className="ops-tabs">
          {TABS.map((tab) => (
            <li key={tab.status}>
              <Link to={reviewsHref(tab.status)} aria-current={status === tab.status ? "page" : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {items.length === 0 ? (
        <p className="admin-card admin-muted">Отзывов с таким статусом нет.</p>
      ) : (
        <>
          <ReviewDesk items={items} />
          <LoadMore next={next} onLoad={loadMore} />
        </>
      )}
    </>
  );
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OperationsStyles />
      <Reviews status={loaderData.status} />
    </PageDataBoundary>
  );
}

export { AdminError as ErrorBoundary } from "#app/features/admin/components/admin-error.tsx";
