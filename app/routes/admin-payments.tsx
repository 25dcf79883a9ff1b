import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { LoadMore } from "#app/features/admin/components/load-more.tsx";
import { PaymentProblemList } from "#app/features/admin/components/payment-problems.tsx";
import { fetchProblems, type ProblemState, problemsQuery } from "#app/features/admin/operations-api.ts";
import { OperationsStyles } from "#app/features/admin/operations-styles.tsx";
import { useMorePages } from "#app/features/admin/use-more-pages.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/admin-payments";

export const handle: RouteHandle = { cache: "personal" };

const stateOf = (url: string): ProblemState =>
  new URL(url).searchParams.get("state") === "resolved" ? "resolved" : "open";

/** The payments an operator must look at (issue 20, point 9): open ones by default, settled on their tab. */
export function loader(args: Route.LoaderArgs) {
  const state = stateOf(args.request.url);
  return loadAdminPage(args, async (queries, api) => {
    await queries.ensureQueryData(problemsQuery(state, api));
    return { state };
  });
}

export const meta: Route.MetaFunction = () => adminMeta("Проблемные платежи");

function Problems({ state }: { state: ProblemState }) {
  const { data: first } = useQuery(problemsQuery(state));
  const { items, next, loadMore } = useMorePages(first, (cursor) => fetchProblems(state, cursor));
  const open = first?.open ?? 0;
  return (
    <>
      <h1 className="admin-title">Проблемные платежи</h1>
      <p className="ops-lead">
        Деньги, которые банк не вернул после всех повторов, и возвраты, сделанные в кабинете банка. Повторите
        возврат или решите вопрос вручную и отметьте, как решили: это попадёт в журнал действий.
      </p>
      <nav aria-label="Какие проблемы показать">
        <ul className="ops-tabs">
          <li>
            <Link to="/admin/payments" aria-current={state === "open" ? "page" : undefined}>
              Открытые{open > 0 ? ` · ${open}` : ""}
            </Link>
          </li>
          <li>
            <Link
              to="/admin/payments?state=resolved"
              aria-current={state === "resolved" ? "page" : undefined}
            >
              Решённые
            </Link>
          </li>
        </ul>
      </nav>
      {items.length === 0 ? (
        <p className="admin-card admin-muted">
          {state === "open" ? "Открытых проблем нет: все возвраты прошли." : "Решённых проблем пока нет."}
        </p>
      ) : (
        <>
          <PaymentProblemList items={items} />
          <LoadMore next={next} onLoad={loadMore} />
        </>
      )}
    </>
  );
}

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OperationsStyles />
      <Problems state={loaderData.state} />
    </PageDataBoundary>
  );
}

export { AdminError as ErrorBoundary } from "#app/features/admin/components/admin-error.tsx";
