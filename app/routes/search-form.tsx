import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { Route } from "./+types/search-form";

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Поиск");
export const meta: Route.MetaFunction = ({ data }) => pageMeta(data);

export default function SearchForm({ loaderData }: Route.ComponentProps) {
  return (
    <section className="state-page">
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <form action="/search/" method="get" aria-label="Поиск" className="search-field search-field--page">
        <label htmlFor="page-search" className="visually-hidden">
          Поиск по Витрине
        </label>
        <input
          id="page-search"
          name="q"
          type="search"
          placeholder="Искать товары и бренды"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
        />
        <button type="submit" className="search-field__submit">
          Найти
        </button>
      </form>
    </section>
  );
}
