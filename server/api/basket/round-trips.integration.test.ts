import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainProduct } from "#tests/fixtures/catalog-writes.ts";
import { countStatements } from "#tests/fixtures/statement-counter.ts";
import { scratchCatalogApp } from "#tests/fixtures/scratch-catalog.ts";
import { testDriver } from "#tests/fixtures/test-database.ts";

/**
 * What one basket change costs the database, counted in statements (issue 23, point 4): on this kind of
 * machine a round trip to PostgreSQL costs the app more CPU than anything it computes, so a change makes
 * exactly the ones it needs — begin, the basket's lock and version, the product's rules (adding), the
 * change, commit, and the answer's lines — with the city and the limits from the in-process cache.
 */
describe.runIf(testDriver() === "postgres")("a basket change's round trips to PostgreSQL", () => {
  let scratch: Awaited<ReturnType<typeof scratchCatalogApp>>;
  let app: Awaited<ReturnType<typeof scratchCatalogApp>>["app"];
  let productId: number;
  let counter: ReturnType<typeof countStatements>;

  beforeAll(async () => {
    scratch = await scratchCatalogApp("baskettrips", 10);
    app = scratch.app;
    ({ id: productId } = await plainProduct(scratch.catalog.direct.db));
    counter = countStatements();
  });

  afterAll(async () => {
    counter?.restore();
    await scratch?.close();
  });

  const change = (cookie: string | undefined, body: object) =>
    app.request("/api/v1/basket/lines", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": randomUUID(),
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });

  it("adds in 6 statements and changes a line in 5, the city and limits read once and then kept", async () => {
    // The shopper's first change makes the basket; the caches fill.
    const first = await change(undefined, { intent: "add", productId });
    expect(first.status).toBe(200);
    const cookie = first.headers
      .getSetCookie()
      .find((c) => c.startsWith("vid="))
      ?.split(";")[0];
    expect(cookie).toBeTruthy();
    await change(cookie, { intent: "remove", productId });

    const counted = async (body: object) => {
      counter.reset();
      const response = await change(cookie, body);
      expect(response.status, await response.clone().text()).toBe(200);
      return counter.statements();
    };
    const added = await counted({ intent: "add", productId });
    expect(added.length, added.join("\n")).toBe(6);
    expect(added[0]).toMatch(/^begin/i);
    expect(added.filter((text) => /^commit/i.test(text))).toHaveLength(1);
    expect(added.join("\n")).not.toMatch(/cities|options/);
    // The product's rules and the answer's lines (an eight-table join planned in ~1 ms) by name.
    expect(counter.named).toEqual(["basket_product", "basket_lines"]);

    const selected = await counted({ intent: "select", productId, selected: false });
    expect(selected.length, selected.join("\n")).toBe(5);
    expect(selected.join("\n")).not.toMatch(/cities|options/);
    expect(counter.named).toEqual(["basket_lines"]);
  });

  it("reads the basket with its lines in one statement, and an empty basket in one", async () => {
    const first = await change(undefined, { intent: "add", productId });
    const cookie = first.headers
      .getSetCookie()
      .find((c) => c.startsWith("vid="))
      ?.split(";")[0];
    const read = async () => {
      counter.reset();
      const response = await app.request("/api/v1/basket", { headers: { cookie: cookie! } });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      return { basket: JSON.parse(text), statements: counter.statements() };
    };
    const full = await read();
    expect(full.basket.shipments.flatMap((s: { lines: unknown[] }) => s.lines)).toHaveLength(1);
    expect(full.statements, full.statements.join("\n")).toHaveLength(1);
    expect(counter.named).toEqual(["basket_with_lines_visitor"]);

    await change(cookie, { intent: "remove", productId });
    const empty = await read();
    expect(empty.basket.shipments).toEqual([]);
    // The version is the basket's own, read in the same statement.
    expect(empty.basket.version).toBeGreaterThan(full.basket.version);
    expect(empty.statements).toHaveLength(1);
  });
});
