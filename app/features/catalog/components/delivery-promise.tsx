import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { currentCityQuery } from "#app/features/city/index.ts";
import type { ProductCard } from "#contract/catalog.ts";
import {
  type DeliveryPlace,
  deliveryDate,
  deliveryPromise,
  localDateTime,
} from "#contract/delivery-dates.ts";

type Dispatch = NonNullable<ProductCard["dispatch"]>;

/**
 * The shop window's promise for the shopper's city at `now` («Доставим завтра», ADR 036): the one rule of
 * contract/delivery-dates.ts, as the basket and the order use it.
 */
export function promiseFor(dispatch: Dispatch, city: DeliveryPlace, now: Date): string {
  const date = deliveryDate({ warehouse: dispatch, cutoffHour: dispatch.cutoffHour }, city, now);
  return deliveryPromise(date, localDateTime(now, city.timezone).date);
}

const HOUR_MS = 3_600_000;

/**
 * Milliseconds to the next whole hour: the promise can only change there (cut-offs and midnights fall on
 * whole hours in every zone we serve), so the card looks again then instead of computing
 * `deliveryDateValidUntil` (up to 48 evaluations of the rule) for every card.
 */
export function untilNextHour(now: number): number {
  return HOUR_MS - (now % HOUR_MS);
}

/**
 * «Доставим завтра» on a product card or page, for the shopper's current city. The server renders it with
 * its clock; in the browser it is computed again after hydration (a kept page may have been rendered
 * before the seller's cut-off or midnight) and again at every whole hour, so a cached page never shows a
 * stale date. Only for products that can be bought now.
 */
export function DeliveryPromise({
  product,
  className,
}: {
  product: Pick<ProductCard, "dispatch" | "state">;
  className?: string;
}) {
  const city = useQuery(currentCityQuery()).data?.city;
  const [now, setNow] = useState(() => Date.now());
  // The server's text stays on screen while hydrating (no mismatch); the remount after it shows ours.
  const [hydrated, setHydrated] = useState(false);
  const shown =
    product.dispatch && city && product.state === "in_stock"
      ? promiseFor(product.dispatch, city, new Date(now))
      : null;

  useEffect(() => {
    setHydrated(true);
    setNow(Date.now());
  }, []);

  // Looks at the clock again at every whole hour while shown (a cut-off or a midnight may have passed).
  const visible = shown !== null;
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setNow(Date.now()), untilNextHour(now) + 1000);
    return () => clearTimeout(timer);
  }, [now, visible]);

  if (!shown) return null;
  return (
    <p className={className} key={hydrated ? "browser" : "server"} suppressHydrationWarning>
      {shown}
    </p>
  );
}
