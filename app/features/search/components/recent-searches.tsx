import { useQuery } from "@tanstack/react-query";
import type { MouseEvent } from "react";
import { Link } from "react-router";
import { CloseIcon } from "#app/ui/close-icon.tsx";
import { ClockIcon } from "#app/ui/icons.tsx";
import { toastStore } from "#app/ui/toast/toast-store.ts";
import { recentSearchesQuery, useForgetRecentSearch } from "../api.ts";
import { SHOPPER_SEARCH_STATE } from "../shopper-search.ts";
import { searchHref } from "../suggest-options.ts";

/**
 * «Вы искали»: the visitor's recent queries, each a link to its results with a button to remove it,
 * and «Очистить» for all. Hidden while there are none. `onEmptied` gets focus somewhere sensible when
 * the last row (and the section with it) goes away under the keyboard.
 */
export function RecentSearches({ onEmptied }: { onEmptied: () => void }) {
  const { data } = useQuery(recentSearchesQuery());
  const forget = useForgetRecentSearch(() =>
    toastStore.show({
      title: "Не удалось изменить историю поиска",
      text: "Попробуйте ещё раз",
      type: "error",
    }),
  );
  const items = data?.items ?? [];
  if (items.length === 0) return null;

  const remove = (id: number, event: MouseEvent<HTMLButtonElement>) => {
    // The row goes at once: focus moves to the next row's button (or the previous one's) first.
    const row = event.currentTarget.closest("li");
    const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector("button");
    if (neighbour) neighbour.focus();
    else onEmptied();
    forget.mutate(id);
  };

  return (
    <section className="search-screen__section" aria-labelledby="recent-searches-title">
      <div className="search-screen__head">
        <h2 id="recent-searches-title" className="search-screen__title">
          Вы искали
        </h2>
        <button
          type="button"
          className="search-screen__clear"
          onClick={() => {
            onEmptied();
            forget.mutate("all");
          }}
        >
          Очистить
        </button>
      </div>
      <ul className="recent-searches">
        {items.map((item) => (
          <li key={item.id} className="recent-searches__item">
            <Link className="recent-searches__link" to={searchHref(item.query)} state={SHOPPER_SEARCH_STATE}>
              <ClockIcon size={20} className="recent-searches__icon" />
              <span className="recent-searches__text">{item.query}</span>
            </Link>
            <button
              type="button"
              className="recent-searches__remove"
              aria-label={`Удалить «${item.query}» из истории`}
              onClick={(event) => remove(item.id, event)}
            >
              <CloseIcon size={18} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
