import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { appealQuery } from "#app/features/support/api.ts";
import { Conversation, ReplyForm } from "#app/features/support/components/conversation.tsx";
import { SupportContacts } from "#app/features/support/components/support-contacts.tsx";
import { SupportStyles } from "#app/features/support/support-styles.tsx";
import { ApiError } from "#app/lib/api-client.ts";
import { formatDate } from "#app/lib/format.ts";
import { PageDataBoundary } from "#app/lib/page-data.tsx";
import { loadPersonalPage, personalPageMeta } from "#app/lib/personal-page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { supportAppealParamsSchema } from "#contract/support.ts";
import type { Route } from "./+types/personal-support-status";

export const handle: RouteHandle = { cache: "personal" };

/**
 * One appeal's conversation (`?id=`). No id, a malformed one, another shopper's or none: the page's
 * «Обращение не найдено», the same for all of them.
 */
export function loader(args: Route.LoaderArgs) {
  const parsed = supportAppealParamsSchema.safeParse({
    id: new URL(args.request.url).searchParams.get("id") ?? "",
  });
  return loadPersonalPage(args, "Статус обращения", async (queries, api) => {
    if (!parsed.success) return { appealId: null };
    try {
      await queries.ensureQueryData(appealQuery(parsed.data.id, api));
      return { appealId: parsed.data.id };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { appealId: null };
      throw error;
    }
  });
}

export const meta: Route.MetaFunction = ({ data }) => personalPageMeta(data);

function NotFound({ title }: { title: string }) {
  return (
    <section>
      <h1 className="page-title">{title}</h1>
      <div className="empty-state">
        <p className="empty-state__title">Обращение не найдено</p>
        <p className="empty-state__text">Проверьте ссылку из SMS или откройте список обращений.</p>
        <Link className="button button--primary" to="/personal/support">
          К обращениям
        </Link>
      </div>
    </section>
  );
}

function AppealStatus({ id }: { id: number }) {
  const { data: appeal } = useQuery(appealQuery(id));
  if (!appeal) return null;
  return (
    <article className="support-page" aria-labelledby="appeal-title">
      <p className="support-page__back">
        <Link to="/personal/support">← Все обращения</Link>
      </p>
      <div className="support-page__head support-page__head--status">
        <h1 className="page-title" id="appeal-title">
          Обращение № {appeal.id}
        </h1>
        <span className={`support-status support-status--${appeal.status}`}>{appeal.statusText}</span>
      </div>
      <p className="support-page__facts">
        {appeal.categoryText}
        {appeal.order ? (
          <>
            {" · "}
            <Link to={`/personal/orders/${appeal.order.id}`}>Заказ № {appeal.order.number}</Link>
          </>
        ) : null}
        {" · от "}
        {formatDate(appeal.createdAt)}
      </p>
      <div className="support-page__grid">
        <div className="support-page__main">
          <Conversation appeal={appeal} />
          {appeal.status === "closed" ? (
            <p className="support-closed">
              Обращение закрыто. Если вопрос остался, напишите{" "}
              <Link to="/personal/support">новое обращение</Link>.
            </p>
          ) : (
            <ReplyForm appealId={appeal.id} />
          )}
        </div>
        <SupportContacts />
      </div>
    </article>
  );
}

export default function PersonalSupportStatus({ loaderData }: Route.ComponentProps) {
  return (
    <PageDataBoundary state={loaderData.dehydratedState}>
      <SupportStyles />
      {loaderData.appealId === null ? (
        <NotFound title={loaderData.seo.h1} />
      ) : (
        <AppealStatus id={loaderData.appealId} />
      )}
    </PageDataBoundary>
  );
}
