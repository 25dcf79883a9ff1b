import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { RETURN_WINDOW_DAYS } from "#contract/return-window.ts";
import type { Route } from "./+types/personal-refunds";

export const handle: RouteHandle = { cache: "personal" };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Возвраты");
export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex" },
];

export default function PersonalRefunds({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <div className="empty-state">
        <p className="empty-state__title">Заявок на возврат нет</p>
        <p className="empty-state__text">
          Вернуть товар можно из карточки полученного заказа в течение {RETURN_WINDOW_DAYS} дней после
          получения.
        </p>
      </div>
    </section>
  );
}
