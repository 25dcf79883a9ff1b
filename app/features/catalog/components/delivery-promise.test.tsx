import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cityKeys } from "#app/features/city/index.ts";
import type { ProductCard } from "#contract/catalog.ts";
import type { City } from "#contract/geo.ts";
import { DeliveryPromise, promiseFor, untilNextHour } from "./delivery-promise.tsx";

const moscow: City = {
  id: 1,
  name: "Москва",
  region: "Москва",
  latitude: 55.7558,
  longitude: 37.6173,
  timezone: "Europe/Moscow",
};
const vladivostok: City = {
  id: 26,
  name: "Владивосток",
  region: "Приморский край",
  latitude: 43.1155,
  longitude: 131.8855,
  timezone: "Asia/Vladivostok",
};
/** A seller shipping from Moscow, orders before 14:00 leave the same day. */
const fromMoscow = { latitude: 55.7558, longitude: 37.6173, timezone: "Europe/Moscow", cutoffHour: 14 };

function render(product: Pick<ProductCard, "dispatch" | "state">, city: City) {
  const client = new QueryClient();
  client.setQueryData(cityKeys.current(), { city, confirmed: true });
  return renderToString(
    <QueryClientProvider client={client}>
      <DeliveryPromise product={product} className="x" />
    </QueryClientProvider>,
  );
}

describe("promiseFor", () => {
  it("says tomorrow before the cut-off and the day after past it", () => {
    // 10:00, 13:59:59 and 14:00 in Moscow on Wednesday 25 November 2026.
    expect(promiseFor(fromMoscow, moscow, new Date("2026-11-25T07:00:00Z"))).toBe("Доставим завтра");
    expect(promiseFor(fromMoscow, moscow, new Date("2026-11-25T10:59:59Z"))).toBe("Доставим завтра");
    expect(promiseFor(fromMoscow, moscow, new Date("2026-11-25T11:00:00Z"))).toBe("Доставим послезавтра");
  });

  it("looks again at the next whole hour, where a cut-off or a midnight can fall", () => {
    expect(untilNextHour(Date.parse("2026-11-25T10:59:59Z"))).toBe(1000);
    expect(untilNextHour(Date.parse("2026-11-25T11:00:00Z"))).toBe(3_600_000);
  });

  it("gives a far city a later date", () => {
    // Moscow to Vladivostok is ~6,400 km: a week on the road.
    expect(promiseFor(fromMoscow, vladivostok, new Date("2026-11-25T07:00:00Z"))).toBe("Доставим 2 декабря");
  });
});

describe("DeliveryPromise", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("renders the promise for the shopper's city, and nothing for a product that cannot be bought now", () => {
    // The card reads the clock itself: a fixed one, so no hour (a cut-off, a midnight) can pass between
    // the expected promise and the render.
    const now = new Date("2026-11-25T07:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now });
    const here = render({ dispatch: fromMoscow, state: "in_stock" }, moscow);
    expect(here).toContain(promiseFor(fromMoscow, moscow, now));
    expect(here).toMatch(/^<p class="x">Доставим /);
    const there = render({ dispatch: fromMoscow, state: "in_stock" }, vladivostok);
    expect(there).toContain(promiseFor(fromMoscow, vladivostok, now));
    expect(there).not.toBe(here);
    expect(render({ dispatch: fromMoscow, state: "sold_out" }, moscow)).toBe("");
    expect(render({ dispatch: fromMoscow, state: "coming_soon" }, moscow)).toBe("");
    expect(render({ dispatch: null, state: "in_stock" }, moscow)).toBe("");
  });
});
