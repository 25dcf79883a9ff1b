import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import type { PaymentProblemView } from "#contract/admin-operations.ts";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { PaymentProblemList } from "#app/features/admin/components/payment-problems.tsx";
import { fetchProblems, type ProblemState, problemsQuery } from "#app/features/admin/operations-api.ts";
import { OperationsStyles } from "#app/features/admin/operations-styles.tsx";
import { Button } from "#app/ui/button.tsx";
import { showToast } from "#app/ui/toast/toast-store.ts";
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
  // Pages after the first, appended; a new first page (a refetch after an action) starts over.
  const [more, setMore] = useState<{ after: unknown; items: PaymentProblemView[]; next: string | null }>();
  const current = more && more.after === first ? more : undefined;
  const items = [...(first?.items ?? []), ...(current?.items ?? [])];
  const next = current ? current.next : (first?.next ?? null);
  async function loadMore() {
    if (!next || !first) return;
    try {
      const page = await fetchProblems(state, next);
      setMore({ after: first, items: [...(current?.items ?? []), ...page.items], next: page.next });
    } catch {
      showToast({ type: "error", title: "Не удалось загрузить ещё", text: "Попробуйте ещё раз" });
    }
  }
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
          {next ? (
            <div className="admin-more">
              <Button variant="secondary" onClick={loadMore}>
                Показать ещё
              </Button>
            </div>
          ) : null}
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
