import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { adminMeta, loadAdminPage } from "#app/features/admin/admin-page.ts";
import { LoadMore } from "#app/features/admin/components/load-more.tsx";
import { QuestionDesk } from "#app/features/admin/components/question-desk.tsx";
import { OperationsStyles } from "#app/features/admin/operations-styles.tsx";
import {
  adminQuestionsQuery,
  fetchStaffQuestions,
  questionFilterOf,
  questionsHref,
} from "#app/features/admin/questions-api.ts";
import { useMorePages } from "#app/features/admin/use-more-pages.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { QuestionFilter } from "#contract/question-rules.ts";
import type { Route } from "./+types/admin-questions";

export const handle: RouteHandle = { cache: "personal" };

/** Questions about products (issue 22, point 5; ADR 066): the unanswered queue first, answer or hide. */
export function loader(args: Route.LoaderArgs) {
  const status = questionFilterOf(args.request.url);
  return loadAdminPage(args, async (queries, api) => {
    await queries.ensureQueryData(adminQuestionsQuery(status, api));
    return { status };
  });
}

export const meta: Route.MetaFunction = () => adminMeta("Вопросы");

const TABS = [
  { status: "unanswered", label: "Без ответа" },
  { status: "answered", label: "С ответом" },
  { status: "hidden", label: "Скрытые" },
  { status: "all", label: "Все" },
] as const;

const EMPTY: Record<QuestionFilter, string> = {
  unanswered: "Все вопросы отвечены.",
  answered: "Отвеченных вопросов нет.",
  hidden: "Скрытых вопросов нет.",
  all: "Вопросов пока нет.",
};

function Questions({ status }: { status: QuestionFilter }) {
  const { data: first } = useQuery(adminQuestionsQuery(status));
  const { items, next, loadMore } = useMorePages(first, (cursor) => fetchStaffQuestions(status, cursor));
  return (
    <>
      <h1 className="admin-title">Вопросы о товарах</h1>
      <p className="ops-lead">
        Покупатели спрашивают на странице товара. Ответьте от имени продавца или Витрины — ответ появится на
        странице, автор получит SMS. Вопрос с оскорблениями, рекламой или контактами скройте с причиной.
        Очередь без ответа — от самых старых. Каждое действие попадает в журнал.
      </p>
      <nav aria-label="Статус вопросов">
        <ul className="ops-tabs">
          {TABS.map((tab) => (
            <li key={tab.status}>
              <Link to={questionsHref(tab.status)} aria-current={status === tab.status ? "page" : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {items.length === 0 ? (
        <p className="admin-card admin-muted">{EMPTY[status]}</p>
      ) : (
        <>
          <QuestionDesk items={items} />
          <LoadMore next={next} onLoad={loadMore} />
        </>
      )}
    </>
  );
}

export default function AdminQuestions({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <OperationsStyles />
      <Questions status={loaderData.status} />
    </PageDataBoundary>
  );
}

export { AdminError as ErrorBoundary } from "#app/features/admin/components/admin-error.tsx";
