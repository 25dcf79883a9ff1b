import { Link } from "react-router";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import type { Route } from "./+types/personal-wishlist";

export const handle: RouteHandle = { cache: "personal" };

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Избранное");
export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex" },
];

export default function PersonalWishlist({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <div className="empty-state">
        <p className="empty-state__title">В избранном пусто</p>
        <p className="empty-state__text">Нажмите на сердечко в карточке товара, чтобы отложить его.</p>
        <Link className="button button--primary" to="/">
          Перейти к покупкам
        </Link>
      </div>
    </section>
  );
}
