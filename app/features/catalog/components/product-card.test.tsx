import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProductCard as ProductCardData } from "#contract/catalog.ts";
import { kopecks } from "#contract/money.ts";
import { ProductCard } from "./product-card.tsx";

const card: ProductCardData = {
  id: 7,
  sku: "SKU-7",
  name: "Смартфон",
  slug: "smartfon",
  price: kopecks(1_299_050),
  oldPrice: kopecks(1_500_000),
  discountPercent: 13,
  cashbackPercent: 5,
  cashbackAmount: kopecks(64_900),
  rating: 4.6,
  reviewsCount: 1_234,
  state: "in_stock",
  isOriginal: false,
  isTopProfit: false,
  orderLimit: null,
  installments: true,
  image: null,
  brand: { code: "acme", name: "Acme" },
  dispatch: null,
};

function render(product: ProductCardData, theme = "alfa"): string {
  const router = createMemoryRouter([{ id: "root", path: "/", element: <ProductCard product={product} /> }], {
    hydrationData: { loaderData: { root: { config: { features: {}, theme } } } },
  });
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ");
}

// The card wrote «12 990,5 ₽» and a rating «4.6» where the rest of the shop wrote «12 990,50 ₽» and
// «4,6» (issue 19, point 11): one formatter now, with the no-break spaces it puts in.
describe("ProductCard", () => {
  const text = render(card);

  it("writes the price with both kopeck digits and the rating with a decimal comma", () => {
    expect(text).toContain("12\u00a0990,50\u00a0₽");
    expect(text).toContain("15\u00a0000\u00a0₽");
    expect(text).toContain("+649\u00a0₽ кешбэк");
    expect(text).toContain("4,6");
    expect(text).not.toContain("4.6");
  });

  it("groups the number of reviews and words it", () => {
    expect(text).toContain("1\u00a0234 отзыва");
  });

  // Installments (ADR 062): the smallest month under the price, only for goods sold so.
  it("says what a month of installments costs, naming Halva in the halva theme", () => {
    expect(text).toMatch(/Частями\s+от 542\u00a0₽\s+× 24 мес/);
    expect(render(card, "halva")).toMatch(/Халва 0\u00a0%\s+от 542\u00a0₽\s+× 24 мес/);
    expect(render({ ...card, installments: false })).not.toContain("мес");
    expect(render({ ...card, price: kopecks(299_900), oldPrice: null })).not.toContain("мес");
  });
});
