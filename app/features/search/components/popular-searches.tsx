import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { popularSearchesQuery } from "../api.ts";
import { SHOPPER_SEARCH_STATE } from "../shopper-search.ts";
import { searchHref } from "../suggest-options.ts";

/** «Часто ищут»: popular queries as chips leading to their results. */
export function PopularSearches() {
  const { data } = useQuery(popularSearchesQuery());
  const queries = data?.queries ?? [];
  if (queries.length === 0) return null;
  return (
    <section className="search-screen__section" aria-labelledby="popular-searches-title">
      <h2 id="popular-searches-title" className="search-screen__title">
        Часто ищут
      </h2>
      <ul className="chips search-screen__chips">
        {queries.map((query) => (
          <li key={query}>
            <Link className="chip" to={searchHref(query)} state={SHOPPER_SEARCH_STATE}>
              {query}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
