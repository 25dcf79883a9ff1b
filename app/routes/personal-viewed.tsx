import { Link } from "react-router";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/personal-viewed";

export const handle: RouteHandle = { cache: "personal" };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Просмотренные товары");
export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex" },
];

export default function PersonalViewed({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <div className="empty-state">
        <p className="empty-state__title">Вы ещё ничего не смотрели</p>
        <p className="empty-state__text">Здесь появятся товары, которые вы открывали.</p>
        <Link className="button button--primary" to="/">
          Перейти к покупкам
        </Link>
      </div>
    </section>
  );
}
