import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { City, CityList, CurrentCity } from "#contract/geo.ts";
import { cityKeys } from "../api.ts";
import { CitySearch } from "./city-search.tsx";
import { CurrentCityButton } from "./current-city-button.tsx";

const city = (id: number, name: string, region = `${name}ская область`): City => ({
  id,
  name,
  region,
  latitude: 55,
  longitude: 37,
  timezone: "Europe/Moscow",
});
const cities = Array.from({ length: 20 }, (_, i) => city(i + 2, `Город${i + 2}`));
const moscow = city(1, "Москва", "Москва");

/** Server-renders with the data a loader would have prefetched, as the page's first paint. */
function render(node: ReactNode, data: { current?: CurrentCity; list?: CityList }, path = "/") {
  const client = new QueryClient();
  if (data.current) client.setQueryData(cityKeys.current(), data.current);
  if (data.list) client.setQueryData(cityKeys.list(), data.list);
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("CurrentCityButton", () => {
  it("names the city, offers to change it and links to the city page with the way back", () => {
    const html = render(
      <CurrentCityButton />,
      { current: { city: moscow, confirmed: false } },
      "/basket?x=1",
    );
    expect(html).toContain('aria-label="Ваш город: Москва. Изменить"');
    expect(html).toContain('href="/select-city?returnTo=%2Fbasket%3Fx%3D1"');
    expect(html).toContain(">Москва</span>");
  });

  it("offers the choice while the city is unknown", () => {
    const html = render(<CurrentCityButton />, {});
    expect(html).toContain('aria-label="Выбрать город"');
    expect(html).toContain('href="/select-city"');
  });
});

describe("CitySearch", () => {
  it("renders a labelled combobox and the 12 largest cities as options, the current one marked", () => {
    const html = render(<CitySearch currentCityId={1} returnTo="/basket" />, {
      list: { items: [moscow, ...cities] },
    });
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Поиск города<\/label>/);
    const inputId = html.match(/<label for="([^"]+)"/)?.[1];
    expect(html).toContain(`id="${inputId}"`);
    expect(html).toContain('role="combobox"');
    expect(html).toContain('aria-expanded="true"');
    expect(html).toContain('role="listbox"');
    expect(html).toContain("Популярные города");
    expect(html.match(/role="option"/g)).toHaveLength(12);
    expect(html).toContain("Город федерального значения");
    expect(html).toContain("Город2ская область");
    expect(html).not.toContain("Город13<");
    expect(html).toContain('aria-current="true"');
  });
});
