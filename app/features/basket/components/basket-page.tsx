import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { formatCount } from "#contract/format.ts";
import { basketQuery } from "../api.ts";
import { BasketView } from "./basket-view.tsx";
import { PlacementProblems } from "./placement-problems.tsx";

function BasketTitle({ title }: { title: string }) {
  const { data } = useQuery(basketQuery());
  const count = data?.count ?? 0;
  return (
    <h1 className="page-title basket-title">
      {title}
      {count > 0 ? (
        <span className="basket-title__count">{formatCount(count, "товар", "товара", "товаров")}</span>
      ) : null}
    </h1>
  );
}

/**
 * The basket page's own content, under the layout's header: its title with the count, what the last
 * placement refused, the lines and the summary (or `empty`). The route renders it, and so does the
 * server alone for a signed-in shopper with lines, into the page's kept frame (the personal part, ADR 074).
 */
export function BasketContent({ title, empty }: { title: string; empty: ReactNode }) {
  return (
    <section className="basket-page">
      <BasketTitle title={title} />
      <PlacementProblems />
      <BasketView empty={empty} />
    </section>
  );
}
