import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import {
  brandCategoryUrl,
  brandUrl,
  catalogMenuUrl,
  categoryUrl,
  contentPageUrl,
  productPhotosUrl,
  productUrl,
  searchUrl,
  sellerCategoryUrl,
  sellerUrl,
} from "./urls.ts";

describe("storefront URLs", () => {
  it("build the spec's addresses", () => {
    expect(productUrl(42)).toBe("/product/42");
    expect(productPhotosUrl(42)).toBe("/product/42/photos");
    expect(productPhotosUrl(42, 3)).toBe("/product/42/photos?photo=3");
    expect(productPhotosUrl(42, 0)).toBe("/product/42/photos?photo=0");
    expect(categoryUrl({ id: 7, slug: "smartfony" })).toBe("/catalog/7/smartfony");
    expect(catalogMenuUrl(12)).toBe("/catalog-menu/12");
    expect(brandUrl("samsung")).toBe("/brand/samsung");
    expect(brandCategoryUrl("samsung", 7)).toBe("/brand/samsung/category/7");
    expect(sellerUrl("tehnopark")).toBe("/seller/tehnopark");
    expect(sellerCategoryUrl("tehnopark", 7)).toBe("/seller/tehnopark/category/7");
    expect(contentPageUrl("about")).toBe("/page/about");
  });

  it("encode the search query the way the search form submits it", () => {
    expect(searchUrl("чехол для iPhone")).toBe(`/search/?q=${encodeURIComponent("чехол для iPhone")}`);
    expect(new URL(searchUrl("a&b=c"), "http://x").searchParams.get("q")).toBe("a&b=c");
    expect(searchUrl()).toBe("/search/");
    expect(searchUrl("")).toBe("/search/");
  });

  it("keep a code or slug with reserved characters in one path segment", () => {
    expect(brandUrl("a/b c")).toBe("/brand/a%2Fb%20c");
    expect(categoryUrl({ id: 1, slug: "tv?x" })).toBe("/catalog/1/tv%3Fx");
    expect(contentPageUrl("help/faq")).toBe("/page/help/faq");
  });

  it("lead to the routes they are for", () => {
    const cases: [string, string][] = [
      [productUrl(1), "/product/:productId"],
      [productPhotosUrl(1, 2).split("?")[0] ?? "", "/product/:productId/photos"],
      [categoryUrl({ id: 1, slug: "s" }), "/catalog/:catId/*"],
      [catalogMenuUrl(1), "/catalog-menu/:catMenuId"],
      [brandUrl("b"), "/brand/:brandCode/*"],
      [brandCategoryUrl("b", 1), "/brand/:brandCode/category/:catId"],
      [sellerUrl("s"), "/seller/:sellerCode/*"],
      [sellerCategoryUrl("s", 1), "/seller/:sellerCode/category/:catId/*"],
      [searchUrl("q").split("?")[0] ?? "", "/search/*"],
      [contentPageUrl("about"), "/page/*"],
    ];
    for (const [url, pattern] of cases) expect(matchPath(pattern, url), url).not.toBeNull();
  });
});
