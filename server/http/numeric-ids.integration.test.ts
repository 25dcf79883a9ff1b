import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductDetail } from "#contract/catalog.ts";
import {
  brandCategoryUrl,
  catalogMenuUrl,
  categoryUrl,
  productPhotosUrl,
  productUrl,
  sellerCategoryUrl,
} from "#contract/urls.ts";
import { closeStorefront, storefrontApp } from "#tests/fixtures/storefront-app.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

/**
 * A numeric id has one address (ADR 026): `/product/1e3` is not `/product/1000`. Every other spelling
 * Number() would accept is a 404 page, a 400 from the API and a 404 for a picture.
 */
afterAll(closeStorefront);

/** Other spellings of `id` that Number() reads as the same id (`%20` is a space). */
const otherSpellings = (id: number) => [
  `0${id}`,
  `+${id}`,
  `${id}.0`,
  `${id}e0`,
  `%20${id}`,
  `0x${id.toString(16)}`,
  `${id / 10}e1`,
];

let product: ProductDetail;
let menuId: number;
beforeAll(async () => {
  const { app } = await getTestContext();
  product = await (await app.request("/api/v1/products/10")).json();
  menuId = (await (await app.request("/api/v1/catalog-menu")).json()).items[0].id;
});

describe("pages", () => {
  /** Each page with a numeric id, for that id spelt `spelt`. */
  const pages = (spelt: (id: number) => string) => [
    productUrl(product.id).replace(String(product.id), spelt(product.id)),
    productPhotosUrl(product.id).replace(String(product.id), spelt(product.id)),
    categoryUrl(product.category).replace(String(product.category.id), spelt(product.category.id)),
    brandCategoryUrl(product.brand.code, product.category.id).replace(/\d+$/, spelt(product.category.id)),
    sellerCategoryUrl(product.seller.code, product.category.id).replace(/\d+$/, spelt(product.category.id)),
    catalogMenuUrl(menuId).replace(/\d+$/, spelt(menuId)),
  ];

  it("answer at the canonical address", async () => {
    const app = await storefrontApp();
    for (const path of pages(String)) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
  });

  it("are not found at any other spelling of the id", async () => {
    const app = await storefrontApp();
    for (const spelling of [0, 2, 3, 4, 5].map((i) => (id: number) => otherSpellings(id)[i]!)) {
      for (const path of pages(spelling)) {
        const res = await app.request(path);
        expect(res.status, path).toBe(404);
        expect(await res.text(), path).toContain("Page Not Found");
      }
    }
  });
});

describe("the API", () => {
  it("refuses other spellings of an id in any path or query", async () => {
    const { app } = await getTestContext();
    const id = product.id;
    const reads = (spelt: string) => [
      `/api/v1/products/${spelt}`,
      `/api/v1/products/${spelt}/reviews`,
      `/api/v1/products?categoryId=${spelt.replace(String(id), String(product.category.id))}`,
      `/api/v1/catalog-menu/${spelt.replace(String(id), String(menuId))}`,
    ];
    for (const path of reads(String(id))) expect((await app.request(path)).status, path).toBe(200);
    for (const spelt of otherSpellings(id)) {
      for (const path of reads(spelt)) {
        const res = await app.request(path);
        expect(res.status, path).toBe(400);
        expect((await res.json()).type, path).toBe("validation");
      }
      for (const [method, path] of [
        ["POST", `/api/v1/viewed/${spelt}`],
        ["POST", `/api/v1/address/confirm/${spelt.replace(String(id), "1")}`],
        ["DELETE", `/api/v1/search/recent/${spelt}`],
      ] as const) {
        expect((await app.request(path, { method })).status, `${method} ${path}`).toBe(400);
      }
    }
  });
});

describe("pictures", () => {
  it("have one address each", async () => {
    const { app } = await getTestContext();
    expect((await app.request(`/media/products/${product.id}/0.svg`)).status).toBe(200);
    for (const path of [
      ...otherSpellings(product.id).map((spelt) => `/media/products/${spelt}/0.svg`),
      `/media/products/${product.id}/00.svg`,
      `/media/products/${product.id}/01.svg`,
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });
});
