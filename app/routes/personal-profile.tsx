import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/personal-profile";

export const handle: RouteHandle = { cache: "personal" };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Профиль");
export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex" },
];

export default function PersonalProfile({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <div className="empty-state">
        <p className="empty-state__title">Данные профиля</p>
        <p className="empty-state__text">
          Фамилия, имя, отчество, телефон и email, которые мы подставляем при оформлении заказа.
        </p>
      </div>
    </section>
  );
}
