import { Link } from "react-router";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/personal-support-status";

export const handle: RouteHandle = { cache: "personal" };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Статус обращения");
export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex" },
];

export default function PersonalSupportStatus({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <div className="empty-state">
        <p className="empty-state__title">Обращение не найдено</p>
        <p className="empty-state__text">Проверьте ссылку из письма или откройте список обращений.</p>
        <Link className="button button--primary" to="/personal/support">
          К обращениям
        </Link>
      </div>
    </section>
  );
}
