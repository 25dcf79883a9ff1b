import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/personal-purchases";

export const handle: RouteHandle = { cache: "personal" };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Покупки");
export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex" },
];

export default function PersonalPurchases({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <div className="empty-state">
        <p className="empty-state__title">Покупок пока нет</p>
        <p className="empty-state__text">
          Полученные товары появятся здесь — к ним можно вернуться, чтобы оставить отзыв или купить снова.
        </p>
      </div>
    </section>
  );
}
