import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/index.ts";
import {
  checkoutKey,
  expectedLinesOf,
  forgetOrderDataSince,
  orderDataMark,
  scratchProduct,
  shopperWithBasket,
} from "#tests/fixtures/order-data.ts";
import { scratchCatalogApp } from "#tests/fixtures/scratch-catalog.ts";
import { countStatements } from "#tests/fixtures/statement-counter.ts";
import { testDriver } from "#tests/fixtures/test-database.ts";

/**
 * What one order placement costs the database, counted in statements (issue 23, point 4: 150 placements a
 * second on two cores, where each round trip costs the app more CPU than what it computes). The checks
 * read what they need once — the checkout key's order and the unpaid ones in one read, the products with
 * their sellers' warehouses in another, the address, its city, the recipient, the shopper's contacts and
 * points in a third — the order is written with its shipments, lines and first event in one statement, and the
 * answer reads the order back in one named statement, not six. Every statement of the transaction is
 * named and built once for the process (ADR 077).
 */
describe.runIf(testDriver() === "postgres")("an order placement's round trips to PostgreSQL", () => {
  let scratch: Awaited<ReturnType<typeof scratchCatalogApp>>;
  let app: Awaited<ReturnType<typeof scratchCatalogApp>>["app"];
  let counter: ReturnType<typeof countStatements>;
  let mark: ReturnType<typeof orderDataMark>;

  beforeAll(async () => {
    mark = orderDataMark();
    scratch = await scratchCatalogApp("ordertrips", 10);
    app = scratch.app;
    counter = countStatements();
  });

  afterAll(async () => {
    counter?.restore();
    // What the order fixtures made here goes with the scratch database: forgotten, or the worker's next
    // clean-up would delete the same ids from its shared database.
    if (mark) forgetOrderDataSince(mark);
    await scratch?.close();
  });

  it("places an order from two sellers in 14 statements, each named, its answer read back in one, and lists orders in one", async () => {
    const db = scratch.catalog.direct.db;
    // Two sellers: each gets a shipment, yet the shipments and the lines are one statement each.
    const [one, two] = await db
      .selectDistinct({ id: products.sellerId })
      .from(products)
      .orderBy(products.sellerId)
      .limit(2);
    const first = await scratchProduct(db, { stock: 5, price: 120_000, sellerId: one!.id });
    const second = await scratchProduct(db, { stock: 5, price: 80_000, sellerId: two!.id });
    const shopper = await shopperWithBasket(db, [
      { productId: first.id, quantity: 1 },
      { productId: second.id, quantity: 2 },
    ]);
    const body = JSON.stringify({
      checkoutKey: checkoutKey(),
      ...(await expectedLinesOf(db, shopper.userId)),
      deliveryType: "pickup",
      addressId: shopper.pickupAddressId,
    });
    const place = () =>
      app.request("http://localhost/api/v1/orders", {
        method: "POST",
        headers: { cookie: shopper.cookie, "content-type": "application/json", origin: "http://localhost" },
        body,
      });

    counter.reset();
    const placed = await place();
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { number: orderNumber, shipments } = (await placed.clone().json()) as {
      number: string;
      shipments: { lines: unknown[] }[];
    };
    expect(shipments.map((s) => s.lines.length)).toEqual([1, 1]);
    const statements = counter.statements();
    expect(statements.length, statements.join("\n")).toBe(14);
    expect(statements.filter((text) => /^commit/i.test(text))).toHaveLength(1);
    // The order, its shipments, its lines and its first event: one statement.
    expect(statements.filter((text) => /insert into/i.test(text))).toHaveLength(1);
    // Inside the transaction every statement is named, built once for the process (ADR 077).
    const begin = statements.findIndex((text) => /^begin/i.test(text));
    const inTransaction = statements.slice(
      begin + 1,
      statements.findIndex((text) => /^commit/i.test(text)),
    );
    const placementNames = [
      "placement_lock",
      "placement_orders",
      "placement_basket",
      "placement_basket_lines",
      "placement_products",
      "placement_shopper",
      "placement_order",
      "placement_products_locked",
      "take_stock",
    ];
    expect(counter.named.filter((name) => placementNames.includes(name))).toEqual(placementNames);
    expect(inTransaction).toHaveLength(placementNames.length);
    // The order's parts after the commit: one named statement, planned once per connection.
    const afterCommit = statements.slice(statements.findIndex((text) => /^commit/i.test(text)) + 1);
    expect(afterCommit).toHaveLength(1);
    expect(counter.named).toContain("order_details");
    // The city comes with the address, not on its own.
    expect(statements.filter((text) => /from "cities"/.test(text))).toHaveLength(0);

    // A retry of the same key answers the same order: the one read finds it before any lock on the basket.
    counter.reset();
    const retried = await place();
    expect(retried.status).toBe(200);
    expect(counter.statements().join("\n")).not.toMatch(/"baskets"/);

    // The account's list (a kept frame's data, fetched by the browser: ADR 072): the session, then one
    // read of the orders with their lines and shipments, both named (ADR 075).
    counter.reset();
    const list = await app.request("http://localhost/api/v1/orders?tab=active", {
      headers: { cookie: shopper.cookie },
    });
    expect(list.status).toBe(200);
    const { items } = (await list.json()) as { items: { number: string; itemsCount: number }[] };
    expect(items.map((item) => [item.number, item.itemsCount])).toEqual([[orderNumber, 3]]);
    const reads = counter.statements();
    expect(reads.length, reads.join("\n")).toBe(2);
    expect(counter.named).toEqual(["live_session", "orders_active"]);

    // The payment step's two reads (a personal part, ADR 076): the order with its parts, and its points;
    // each the session, then named statements only.
    const { id } = (await placed.clone().json()) as { id: number };
    for (const [path, named] of [
      [`/api/v1/orders/${id}`, ["live_session", "order_of_user", "order_details"]],
      [`/api/v1/orders/${id}/bonus`, ["live_session", "order_of_user", "bonus_balance"]],
    ] as const) {
      counter.reset();
      const res = await app.request(`http://localhost${path}`, { headers: { cookie: shopper.cookie } });
      expect(res.status, path).toBe(200);
      expect(counter.statements(), path).toHaveLength(named.length);
      expect(counter.named, path).toEqual(named);
    }
  });
});
