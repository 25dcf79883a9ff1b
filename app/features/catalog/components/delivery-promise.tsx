import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { cityKeys } from "#app/features/city/index.ts";
import { useCachedQueryData } from "#app/lib/cached-query-data.ts";
import type { ProductCard } from "#contract/catalog.ts";
import {
  type DeliveryPlace,
  deliveryDate,
  deliveryPromise,
  localDateTime,
} from "#contract/delivery-dates.ts";
import type { City, CurrentCity } from "#contract/geo.ts";

type Dispatch = NonNullable<ProductCard["dispatch"]>;

const cityOf = (data: CurrentCity | undefined) => data?.city;

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
 * whole hours in every zone we serve), so the cards look again then instead of computing
 * `deliveryDateValidUntil` (up to 48 evaluations of the rule) for every card.
 */
export function untilNextHour(now: number): number {
  return HOUR_MS - (now % HOUR_MS);
}

/** The start of the current hour: the promise is the same at every instant of it. */
function thisHour(): number {
  const now = Date.now();
  return now - (now % HOUR_MS);
}

/**
 * One clock for every card on the page: a single timer at each whole hour tells them all to look again,
 * instead of a timer and a state per card.
 */
const hourListeners = new Set<() => void>();
let hourTimer: ReturnType<typeof setTimeout> | undefined;

function tick(): void {
  for (const listener of hourListeners) listener();
  hourTimer = setTimeout(tick, untilNextHour(Date.now()) + 1000);
}

function subscribeHour(listener: () => void): () => void {
  hourListeners.add(listener);
  hourTimer ??= setTimeout(tick, untilNextHour(Date.now()) + 1000);
  return () => {
    hourListeners.delete(listener);
    if (hourListeners.size === 0 && hourTimer !== undefined) {
      clearTimeout(hourTimer);
      hourTimer = undefined;
    }
  };
}

/** The current whole hour, the same for every delivery date on the page (see `subscribeHour`). */
export function useDeliveryHour(): number {
  return useSyncExternalStore(subscribeHour, thisHour, thisHour);
}

/**
 * «Доставим завтра» on a product card or page, for the shopper's current city. The server renders it with
 * its clock, the browser with its own (the same hour, so hydration renders nothing new); a kept page
 * rendered before the seller's cut-off or a midnight shows another text, which the browser puts right after
 * hydration, and every card looks again at each whole hour. Only for products that can be bought now.
 */
export function DeliveryPromise({
  product,
  className,
}: {
  product: Pick<ProductCard, "dispatch" | "state">;
  className?: string;
}) {
  // From the cache: the layout's city button keeps the query (and the loader put it there for the render).
  const city = useCachedQueryData<CurrentCity, City | undefined>(cityKeys.current(), cityOf);
  const hour = useDeliveryHour();
  const shown =
    product.dispatch && city && product.state === "in_stock"
      ? promiseFor(product.dispatch, city, new Date(hour))
      : null;
  // Hydration keeps the server's text where it differs (a page kept across a cut-off): then the element
  // is made anew with ours. Checked after hydration; later changes render as usual and always match.
  const element = useRef<HTMLParagraphElement>(null);
  const [stale, setStale] = useState(false);
  useEffect(() => {
    if (element.current && element.current.textContent !== shown) setStale(true);
  }, [shown]);

  if (!shown) return null;
  return (
    <p className={className} key={stale ? "browser" : "server"} ref={element} suppressHydrationWarning>
      {shown}
    </p>
  );
}
