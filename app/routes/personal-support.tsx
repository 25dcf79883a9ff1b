import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/personal-support";

export const handle: RouteHandle = { cache: "personal" };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Обращения в поддержку");
export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex" },
];

export default function PersonalSupport({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <div className="empty-state">
        <p className="empty-state__title">Обращений пока нет</p>
        <p className="empty-state__text">
          Напишите нам, если с заказом что-то не так: ответим в течение рабочего дня.
        </p>
      </div>
    </section>
  );
}
