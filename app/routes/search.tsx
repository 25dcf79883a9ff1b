import { useSearchParams } from "react-router";
import { loadPageSeo, pageMeta } from "#app/lib/page.ts";
import type { Route } from "./+types/search";

/** The query: `?q=` from the search form, or the readable tail of /search/{sef...}. */
function queryOf(request: Request, splat: string | undefined): string {
  const url = new URL(request.url);
  return (url.searchParams.get("q") ?? decodeURIComponent(splat ?? "").replace(/[-/]+/g, " "))
    .trim()
    .slice(0, 200);
}

export async function loader(args: Route.LoaderArgs) {
  const query = queryOf(args.request, args.params["*"]);
  const page = await loadPageSeo(args, query ? `Поиск: ${query}` : "Поиск по Витрине");
  return { ...page, query };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data),
  { name: "robots", content: "noindex, follow" },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const query = params.get("q") ?? loaderData.query;
  return (
    <>
      <h1 className="page-title">{query ? `Результаты по запросу «${query}»` : "Поиск по Витрине"}</h1>
      {query ? null : (
        <p className="state-page__text">Введите название товара, бренда или категории в строке поиска.</p>
      )}
    </>
  );
}
