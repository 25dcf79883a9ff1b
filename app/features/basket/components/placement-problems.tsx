import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import {
  type CheckoutLineProblem,
  LINE_PROBLEMS_STORAGE_KEY,
  readLineProblems,
} from "#contract/checkout-problems.ts";
import { basketQuery } from "../api.ts";

/**
 * What the placement refused (ADR 040): the delivery step sends the shopper back here with each line's
 * reason — fewer left, over the limit, a new price, no longer sold — listed above the basket until the
 * shopper closes the note or places the order.
 */
export function PlacementProblems() {
  const location = useLocation();
  const { data: basket } = useQuery(basketQuery());
  const [problems, setProblems] = useState<CheckoutLineProblem[]>([]);

  useEffect(() => {
    const fromState = readLineProblems((location.state as { lineProblems?: unknown } | null)?.lineProblems);
    setProblems(
      fromState.length > 0 ? fromState : readLineProblems(sessionStorage.getItem(LINE_PROBLEMS_STORAGE_KEY)),
    );
  }, [location.state]);

  if (problems.length === 0) return null;
  const names = new Map(
    (basket?.shipments ?? []).flatMap((s) => s.lines.map((l) => [l.productId, l.product.name] as const)),
  );
  const close = () => {
    sessionStorage.removeItem(LINE_PROBLEMS_STORAGE_KEY);
    setProblems([]);
  };
  return (
    <section className="basket-problems" role="alert" aria-labelledby="basket-problems-title">
      <h2 className="basket-problems__title" id="basket-problems-title">
        Заказ не оформлен: в корзине кое-что изменилось
      </h2>
      <ul className="basket-problems__list">
        {problems.map((p) => (
          <li key={p.productId}>
            <strong>{names.get(p.productId) ?? "Товар"}</strong> — {p.message}
          </li>
        ))}
      </ul>
      <p className="basket-problems__hint">Проверьте корзину и оформите заказ ещё раз.</p>
      <button type="button" className="basket-problems__close" onClick={close}>
        Понятно
      </button>
    </section>
  );
}
