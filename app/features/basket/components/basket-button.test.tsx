import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { BasketCount } from "#contract/basket.ts";
import { kopecks } from "#contract/money.ts";
import { basketKeys } from "../api.ts";
import { BasketButton, type BasketProduct } from "./basket-button.tsx";

const product = (over: Partial<BasketProduct> = {}): BasketProduct => ({
  id: 7,
  sku: "SKU-7",
  name: "Смартфон",
  price: kopecks(1_499_000),
  brand: { code: "acme", name: "Acme" },
  state: "in_stock",
  orderLimit: null,
  cashbackAmount: kopecks(74_900),
  ...over,
});

/** Server-renders under a root route whose config has the given features, with the count a browser would have. */
function render(node: ReactNode, options: { cashbackInCartBtn?: boolean; count?: BasketCount } = {}) {
  const client = new QueryClient();
  if (options.count) client.setQueryData(basketKeys.count(undefined), options.count);
  const router = createMemoryRouter([{ id: "root", path: "/", element: node }], {
    hydrationData: {
      loaderData: {
        root: { config: { features: { cashbackInCartBtn: options.cashbackInCartBtn ?? false } } },
      },
    },
  });
  return renderToString(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "");

describe("BasketButton", () => {
  it("is «В корзину» for everyone on the server, with the product in its name", () => {
    const html = render(<BasketButton product={product()} />);
    expect(html).toContain('aria-label="В корзину: Смартфон"');
    expect(text(html)).toBe("В корзину");
  });

  it("shows the cashback in points with cashbackInCartBtn", () => {
    expect(text(render(<BasketButton product={product()} />, { cashbackInCartBtn: true }))).toBe(
      "В корзину · +749 баллов",
    );
  });

  it("says «Предзаказ» for a preorder and shows nothing for sold out or coming soon", () => {
    expect(text(render(<BasketButton product={product({ state: "preorder" })} />))).toBe("Предзаказ");
    expect(render(<BasketButton product={product({ state: "sold_out" })} />)).toBe("");
    expect(render(<BasketButton product={product({ state: "coming_soon" })} />)).toBe("");
  });

  it("is a stepper once in the basket, its «+» off at the cap with the reason", () => {
    const html = render(<BasketButton product={product({ orderLimit: 2 })} variant="page" />, {
      count: {
        count: 2,
        version: 3,
        lines: { "7": { quantity: 2, max: 2, capMessage: "Не больше 2 шт. в одном заказе" } },
      },
    });
    expect(html).toContain('aria-label="В корзине: 2 шт."');
    expect(html).toMatch(/<button[^>]*aria-label="Увеличить количество: Смартфон"[^>]*disabled=""/);
    expect(html).toContain("Не больше 2 шт. в одном заказе");
    expect(html).toContain('aria-label="Уменьшить количество: Смартфон"');
    // The buy box states the limit above the stepper: the reason is said to screen readers, not shown twice.
    expect(html).toMatch(/<p class="visually-hidden" id="[^"]+">Не больше 2 шт\. в одном заказе<\/p>/);
    const onCard = render(<BasketButton product={product({ orderLimit: 2 })} />, {
      count: {
        count: 2,
        version: 3,
        lines: { "7": { quantity: 2, max: 2, capMessage: "Не больше 2 шт. в одном заказе" } },
      },
    });
    expect(onCard).toMatch(/<p class="qty__reason" id="[^"]+">Не больше 2 шт\. в одном заказе<\/p>/);
  });

  it("leaves «+» on below the cap, and «−» at one takes the line out", () => {
    const html = render(<BasketButton product={product()} />, {
      count: {
        count: 1,
        version: 1,
        lines: { "7": { quantity: 1, max: 10, capMessage: "Больше нет в наличии" } },
      },
    });
    expect(html).not.toMatch(/aria-label="Увеличить количество: Смартфон"[^>]*disabled/);
    expect(html).toContain('aria-label="Убрать из корзины: Смартфон"');
    expect(html).not.toContain("Больше нет в наличии");
  });
});
