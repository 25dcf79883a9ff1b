import { SearchBox } from "#app/features/search/components/search-box.tsx";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { Route } from "./+types/search-form";

export const loader = (args: Route.LoaderArgs) => loadPageSeo(args, "Поиск");
export const meta: Route.MetaFunction = ({ data }) => pageMeta(data);

/** The phone search screen; recent and popular queries arrive with the search issue. */
export default function SearchForm({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="page-title">{loaderData.seo.h1}</h1>
      <SearchBox variant="page" autoFocus />
    </section>
  );
}
