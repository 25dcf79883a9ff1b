import { describe, expect, it } from "vitest";
import { titleOnlySeo } from "#app/lib/seo/title-only.ts";
import { nextRootIndex } from "./mega-menu-keys.ts";
import { menuChildHref, menuChildNote, menuPageDescription, menuPageSeo } from "./menu-page.ts";

describe("menuChildHref", () => {
  it("opens the menu page of a child with children and the category of a leaf", () => {
    expect(menuChildHref({ id: 4, href: "/catalog/11/smartfony", childrenCount: 3 })).toBe("/catalog-menu/4");
    expect(menuChildHref({ id: 7, href: "/catalog/12/planshety", childrenCount: 0 })).toBe(
      "/catalog/12/planshety",
    );
  });
});

describe("menuChildNote", () => {
  it("counts products with Russian plurals and grouped thousands", () => {
    expect(menuChildNote({ productCount: 1, childrenCount: 0 })).toBe("1 товар");
    expect(menuChildNote({ productCount: 22, childrenCount: 4 })).toBe("22 товара");
    expect(menuChildNote({ productCount: 12345, childrenCount: 0 })).toBe("12\u00a0345 товаров");
    expect(menuChildNote({ productCount: 0, childrenCount: 0 })).toBe("0 товаров");
  });

  it("counts subsections of a node without a category, and says nothing about an empty one", () => {
    expect(menuChildNote({ productCount: null, childrenCount: 5 })).toBe("5 подразделов");
    expect(menuChildNote({ productCount: null, childrenCount: 2 })).toBe("2 подраздела");
    expect(menuChildNote({ productCount: null, childrenCount: 0 })).toBe("");
  });
});

const NODE = {
  id: 9,
  title: "Смартфоны и гаджеты",
  ancestors: [{ id: 1, title: "Электроника", href: "/catalog/1/elektronika" }],
  children: ["Смартфоны", "Планшеты", "Умные часы", "Наушники", "Аксессуары", "Кабели"].map((title, i) => ({
    id: 20 + i,
    title,
    href: `/catalog/${20 + i}/x`,
    childrenCount: 0,
    productCount: 1,
  })),
};

describe("menuPageSeo", () => {
  it("gives the title-only record a shop-like title and the page's breadcrumbs, keeping the h1", () => {
    const seo = menuPageSeo(titleOnlySeo(NODE.title), NODE);
    expect(seo.h1).toBe("Смартфоны и гаджеты");
    expect(seo.title).toBe("Смартфоны и гаджеты: купить с доставкой и кешбэком");
    expect(seo.breadcrumbs).toEqual([
      { name: "Каталог", url: "/catalog" },
      { name: "Электроника", url: "/catalog-menu/1" },
      { name: "Смартфоны и гаджеты", url: "/catalog-menu/9" },
    ]);
  });

  it("leaves a record from the SEO service as it is", () => {
    const record = { ...titleOnlySeo(NODE.title), title: "Гаджеты в рассрочку", description: "Текст" };
    expect(menuPageSeo(record, NODE)).toBe(record);
  });
});

describe("menuPageDescription", () => {
  it("names the first five children", () => {
    expect(menuPageDescription(NODE)).toBe(
      "Смартфоны и гаджеты на Витрине: смартфоны, планшеты, умные часы, наушники, аксессуары и другое. " +
        "Доставка по всей России, кешбэк баллами и проверенные продавцы.",
    );
    expect(menuPageDescription({ title: "Популярное", children: [] })).toMatch(/^Популярное на Витрине\. /);
  });
});

describe("nextRootIndex", () => {
  it("steps with the arrows, wrapping at both ends, and jumps with Home and End", () => {
    expect(nextRootIndex(0, 9, "ArrowDown")).toBe(1);
    expect(nextRootIndex(8, 9, "ArrowDown")).toBe(0);
    expect(nextRootIndex(0, 9, "ArrowUp")).toBe(8);
    expect(nextRootIndex(4, 9, "Home")).toBe(0);
    expect(nextRootIndex(4, 9, "End")).toBe(8);
  });

  it("ignores other keys and an empty list", () => {
    expect(nextRootIndex(2, 9, "ArrowRight")).toBeUndefined();
    expect(nextRootIndex(0, 0, "ArrowDown")).toBeUndefined();
  });
});
