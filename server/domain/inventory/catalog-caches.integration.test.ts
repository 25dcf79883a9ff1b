import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductCard, ProductDetail } from "#contract/catalog.ts";
import type { Order } from "#contract/orders.ts";
import { createServices } from "#server/composition/services.ts";
import { runInTransaction } from "#server/db/unit-of-work.ts";
import type { createApp } from "#server/composition/app.ts";
import { pagePolicyResolver } from "#server/http/page-cache.ts";
import { expireDueOrders } from "#server/domain/orders/jobs.ts";
import { TEST_ORIGIN } from "#tests/fixtures/api-call.ts";
import { eventually } from "#tests/fixtures/eventually.ts";
import {
  checkoutKey,
  expectedLinesOf,
  passDeadline,
  removeOrderData,
  scratchProduct,
  shopperWithBasket,
  shownInStock,
  stockOf,
} from "#tests/fixtures/order-data.ts";
import { getTestContext, webAppWith } from "#tests/fixtures/test-app.ts";
import { createInventoryRepository } from "./repository.ts";

// Issue 19, point 10 (ADR 048): a sale changes the catalogue's pages only when it changes what they show.
describe("stock and the catalogue caches", () => {
  let app: ReturnType<typeof createApp>;
  let close: () => Promise<void>;
  /** Pages rendered, by path: a page served from the cache is not rendered again. */
  let renders: string[] = [];

  /** A stand-in storefront: each page is what its reads answered, so a stale copy shows. */
  const ssr = async (request: Request) => {
    const url = new URL(request.url);
    renders.push(url.pathname + url.search);
    const product = /^\/product\/(\d+)/.exec(url.pathname)?.[1];
    let body: unknown;
    if (product) {
      const p = (await (await app.request(`/api/v1/products/${product}`)).json()) as ProductDetail;
      body = { state: p.state, stock: p.stock };
    } else {
      const read = url.pathname.startsWith("/search")
        ? `/api/v1/search?q=${encodeURIComponent(url.searchParams.get("q") ?? "")}&limit=50`
        : "/api/v1/products?sort=new&limit=50";
      const { items } = (await (await app.request(read)).json()) as { items: ProductCard[] };
      body = Object.fromEntries(items.map((p) => [p.id, p.state]));
    }
    return new Response(`<html><body>${JSON.stringify(body)}</body></html>`, {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  };
  const page = async (path: string) => {
    const res = await app.request(`${TEST_ORIGIN}${path}`);
    const html = await res.text();
    return { cache: res.headers.get("x-cache"), shows: JSON.parse(/<body>(.*)<\/body>/.exec(html)![1]!) };
  };
  /** Reads the page until the cache has dropped it (the first read after the drop renders it anew). */
  const renderedAgain = (path: string) =>
    eventually(
      () => page(path),
      (p) => p.cache === "MISS",
    );

  /** Places an order for `quantity` units of the product through the API, as a shopper does. */
  const buy = async (productId: number, quantity: number): Promise<Order> => {
    const { database } = await getTestContext();
    const shopper = await shopperWithBasket(database.db, [{ productId, quantity }]);
    const res = await app.request(`${TEST_ORIGIN}/api/v1/orders`, {
      method: "POST",
      headers: { cookie: shopper.cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({
        checkoutKey: checkoutKey(),
        ...(await expectedLinesOf(database.db, shopper.userId)),
        deliveryType: "pickup",
        addressId: shopper.pickupAddressId,
      }),
    });
    const text = await res.text();
    expect(res.status, text).toBe(201);
    return JSON.parse(text) as Order;
  };

  let plenty: { id: number; name: string };
  let last: { id: number; name: string };

  beforeAll(async () => {
    const { database } = await getTestContext();
    // Products of their own, made before any page is kept (making one drops the listings).
    const { app: api } = await getTestContext();
    const name = async (id: number) =>
      ((await (await api.request(`/api/v1/products/${id}`)).json()) as ProductDetail).name;
    const a = await scratchProduct(database.db, { stock: 57 });
    const b = await scratchProduct(database.db, { stock: 1 });
    plenty = { id: a.id, name: await name(a.id) };
    last = { id: b.id, name: await name(b.id) };
    ({ app, close } = await webAppWith({
      ssr,
      pagePolicy: pagePolicyResolver([
        { path: "catalog/*", handle: { cache: "city", query: ["probe"] } },
        { path: "search", handle: { cache: "city", query: ["probe", "q"] } },
        { path: "product/:productId", handle: { cache: "city", query: ["probe"] } },
      ]),
    }));
  });

  afterAll(async () => {
    await close();
    const { database } = await getTestContext();
    await removeOrderData(database.db);
  });

  it("keeps the kept listing and search after a sale that leaves the card as it was; the product's page shows the new count", async () => {
    const listing = "/catalog/1/all?probe=plenty";
    const search = `/search?q=${encodeURIComponent(plenty.name)}&probe=plenty`;
    const product = `/product/${plenty.id}?probe=plenty`;
    for (const path of [listing, search, product]) {
      expect((await page(path)).cache).toBe("MISS");
      expect((await page(path)).cache).toBe("HIT");
    }
    expect((await page(listing)).shows[plenty.id]).toBe("in_stock");
    expect((await page(search)).shows[plenty.id]).toBe("in_stock");
    expect((await page(product)).shows).toEqual({ state: "in_stock", stock: 57 });

    await buy(plenty.id, 1);

    // The product's own page is dropped (its count changed): once that has happened, every message the
    // sale sent has arrived, so the listing and the search still being kept is the rule, not a race.
    expect((await renderedAgain(product)).shows).toEqual({ state: "in_stock", stock: 56 });
    renders = [];
    expect(await page(listing)).toMatchObject({ cache: "HIT", shows: { [plenty.id]: "in_stock" } });
    expect(await page(search)).toMatchObject({ cache: "HIT", shows: { [plenty.id]: "in_stock" } });
    expect(renders).toEqual([]);
  });

  it("drops the listing and search when the last unit sells, and again when an expired order brings it back", async () => {
    const { database } = await getTestContext();
    const listing = "/catalog/1/all?probe=last";
    const search = `/search?q=${encodeURIComponent(last.name)}&probe=last`;
    for (const path of [listing, search]) {
      await page(path);
      expect(await page(path)).toMatchObject({ cache: "HIT" });
      expect((await page(path)).shows[last.id]).toBe("in_stock");
    }

    const order = await buy(last.id, 1);
    expect(await stockOf(database.db, last.id)).toBe(0);
    for (const path of [listing, search]) {
      expect((await renderedAgain(path)).shows[last.id]).toBe("sold_out");
    }

    await passDeadline(database.db, order.id);
    expect(await expireDueOrders(createServices(database.db).orders)).toBe(1);
    expect(await stockOf(database.db, last.id)).toBe(1);
    for (const path of [listing, search]) {
      expect((await renderedAgain(path)).shows[last.id]).toBe("in_stock");
    }
  });

  it("gives 50 takes at once of the last 5 units exactly 5 winners; the card changes once, when they are gone", async () => {
    const { database } = await getTestContext();
    const scarce = await scratchProduct(database.db, { stock: 5 });
    const listing = "/catalog/1/all?probe=scarce";
    await page(listing);
    expect((await page(listing)).shows[scarce.id]).toBe("in_stock");

    const won = await Promise.all(
      Array.from({ length: 50 }, () =>
        runInTransaction(database.db, (tx) => createInventoryRepository(tx).take(scarce.id, 1)),
      ),
    );
    expect(won.filter(Boolean)).toHaveLength(5);
    expect(await stockOf(database.db, scarce.id)).toBe(0);
    expect(await shownInStock(database.db, scarce.id)).toBe(false);
    expect((await renderedAgain(listing)).shows[scarce.id]).toBe("sold_out");
  });
});
