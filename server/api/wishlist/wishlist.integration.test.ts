import { describe, expect, it } from "vitest";
import { WISHLIST_FULL_MESSAGE } from "#contract/wishlist-rules.ts";
import { createUnitOfWork } from "#server/db/unit-of-work.ts";
import { createWishlistRepository } from "#server/domain/wishlist/repository.ts";
import { createWishlistService } from "#server/domain/wishlist/service.ts";
import { createSession } from "#tests/factories/sessions.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { productsByStock, wishlistRowCount } from "#tests/fixtures/wishlist-data.ts";

const origin = "http://localhost";

async function call(
  path: string,
  init: { method?: string; cookie?: string; origin?: string; body?: unknown } = {},
) {
  const { app } = await getTestContext();
  return app.request(`${origin}/api/v1/wishlist${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.origin ? { origin: init.origin } : {}),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

const add = (productId: number, cookie?: string) =>
  call("", { method: "POST", body: { productId }, ...(cookie ? { cookie } : {}) });
const remove = (productId: number, cookie: string) => call(`/${productId}`, { method: "DELETE", cookie });
const ids = async (cookie?: string) =>
  ((await (await call("/ids", cookie ? { cookie } : {})).json()) as { productIds: number[] }).productIds;
const list = async (cookie: string, query = "") =>
  (await (await call(query, { cookie })).json()) as {
    items: { productId: number; addedAt: string; product: { id: number; name: string; state: string } }[];
    total: number;
  };

function visitorCookie(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("vid="));
  expect(cookie, "the visitor cookie is issued").toBeDefined();
  expect(cookie).toContain("HttpOnly");
  return cookie!.split(";")[0]!;
}

describe("wishlist of an anonymous visitor", () => {
  it("keeps hearts under the visitor cookie it issues, and never answers 401", async () => {
    const { database } = await getTestContext();
    const { inStock } = await productsByStock(database.db);
    // No cookie yet: empty answers, no cookie issued by a read.
    const empty = await call("/ids");
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ productIds: [] });
    expect(empty.headers.get("set-cookie")).toBeNull();
    expect(empty.headers.get("cache-control")).toBe("private, no-store");
    const emptyList = await call("");
    expect(emptyList.status).toBe(200);
    expect(await emptyList.json()).toEqual({ items: [], total: 0 });

    const first = await add(inStock[0]!);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const cookie = visitorCookie(first);
    expect(await first.json()).toMatchObject({ productId: inStock[0] });
    expect((await add(inStock[1]!, cookie)).status).toBe(200);

    expect(await ids(cookie)).toEqual([inStock[1], inStock[0]]);
    const mine = await list(cookie);
    expect(mine.total).toBe(2);
    expect(mine.items.map((i) => i.product.id)).toEqual([inStock[1], inStock[0]]);
    expect(mine.items[0]!.product.name).toEqual(expect.any(String));
    // Another browser sees nothing of it.
    const other = visitorCookie(await add(inStock[2]!));
    expect(await ids(other)).toEqual([inStock[2]]);
    // Removing: 204, then the item is gone (404 if removed again).
    expect((await remove(inStock[0]!, cookie)).status).toBe(204);
    expect(await ids(cookie)).toEqual([inStock[1]]);
    const again = await remove(inStock[0]!, cookie);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: "wishlist_item_not_found" });
  });
});

describe("wishlist of a signed-in shopper", () => {
  it("lists items with product cards newest first; inStock=1 keeps what can be bought now; total counts all", async () => {
    const { database } = await getTestContext();
    const { cookie } = await createSession(database.db);
    const { inStock, notInStock } = await productsByStock(database.db);
    for (const id of [inStock[0]!, notInStock[0]!, inStock[1]!])
      expect((await add(id, cookie)).status).toBe(200);

    const all = await list(cookie);
    expect(all.total).toBe(3);
    expect(all.items.map((i) => i.productId)).toEqual([inStock[1], notInStock[0], inStock[0]]);
    expect(all.items.every((i) => i.product.id === i.productId && !Number.isNaN(Date.parse(i.addedAt)))).toBe(
      true,
    );
    const buyable = await list(cookie, "?inStock=1");
    expect(buyable.items.map((i) => i.productId)).toEqual([inStock[1], inStock[0]]);
    expect(buyable.items.every((i) => i.product.state === "in_stock")).toBe(true);
    expect(buyable.total).toBe(3);
    expect((await call("?inStock=maybe", { cookie })).status).toBe(400);
    expect(await ids(cookie)).toEqual([inStock[1], notInStock[0], inStock[0]]);
  });

  it("is the account's, not the browser visitor's: a signed-in shopper's hearts go to the user", async () => {
    const { database } = await getTestContext();
    const { inStock } = await productsByStock(database.db);
    const visitor = visitorCookie(await add(inStock[0]!));
    const { cookie: session } = await createSession(database.db);
    const both = `${visitor}; ${session}`;
    expect((await add(inStock[1]!, both)).status).toBe(200);
    expect(await ids(both)).toEqual([inStock[1]]);
    expect(await ids(visitor)).toEqual([inStock[0]]);
  });

  it("adds idempotently: 50 parallel additions of one product leave one row and one date", async () => {
    const { database } = await getTestContext();
    const { userId, cookie } = await createSession(database.db);
    const [productId] = (await productsByStock(database.db)).inStock;
    const responses = await Promise.all(Array.from({ length: 50 }, () => add(productId!, cookie)));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { addedAt: string }[];
    expect(new Set(bodies.map((b) => b.addedAt)).size).toBe(1);
    expect(await wishlistRowCount(database.db, userId, productId!)).toBe(1);
    expect(await ids(cookie)).toEqual([productId]);
  });

  it("answers 404 for another shopper's item, and leaves it where it is", async () => {
    const { database } = await getTestContext();
    const a = await createSession(database.db);
    const b = await createSession(database.db);
    const [productId] = (await productsByStock(database.db)).inStock;
    expect((await add(productId!, a.cookie)).status).toBe(200);
    const stolen = await remove(productId!, b.cookie);
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toMatchObject({ type: "not_found", code: "wishlist_item_not_found" });
    expect(await ids(a.cookie)).toEqual([productId]);
    // Nor may an anonymous request remove it.
    expect((await call(`/${productId}`, { method: "DELETE" })).status).toBe(404);
    expect((await remove(productId!, a.cookie)).status).toBe(204);
    expect(await ids(a.cookie)).toEqual([]);
  });

  it("answers 404 for a product that does not exist and 400 for a malformed id", async () => {
    const { database } = await getTestContext();
    const { cookie } = await createSession(database.db);
    const missing = await add(2_000_000_000, cookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "product_not_found" });
    expect((await call("", { method: "POST", cookie, body: { productId: "abc" } })).status).toBe(400);
    expect((await call("", { method: "POST", cookie, body: {} })).status).toBe(400);
    expect((await call("/0", { method: "DELETE", cookie })).status).toBe(400);
  });

  it("refuses additions and removals sent from another site's page", async () => {
    const { database } = await getTestContext();
    const { cookie } = await createSession(database.db);
    const [productId] = (await productsByStock(database.db)).inStock;
    const evil = await call("", {
      method: "POST",
      cookie,
      origin: "https://evil.example",
      body: { productId },
    });
    expect(evil.status).toBe(403);
    expect(await evil.json()).toMatchObject({ code: "cross_origin" });
    expect(await ids(cookie)).toEqual([]);
    expect((await call("", { method: "POST", cookie, origin, body: { productId } })).status).toBe(200);
    const evilDelete = await call(`/${productId}`, {
      method: "DELETE",
      cookie,
      origin: "https://evil.example",
    });
    expect(evilDelete.status).toBe(403);
    expect(await ids(cookie)).toEqual([productId]);
  });
});

describe("the wishlist's limit", () => {
  it("refuses a product past the limit with the Russian message, also under parallel additions", async () => {
    const { database } = await getTestContext();
    const { userId } = await createSession(database.db);
    const limit = 3;
    const wishlist = createWishlistService(createUnitOfWork(database.db, createWishlistRepository), limit);
    const owner = { kind: "user" as const, userId, sessionId: "s", roles: [], visitorId: "v" };
    const { inStock, notInStock } = await productsByStock(database.db, 3);
    const candidates = [...inStock, ...notInStock];
    const results = await Promise.allSettled(candidates.map((id) => wishlist.add(owner, id)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(limit);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(candidates.length - limit);
    for (const r of refused)
      expect(r.reason).toMatchObject({ code: "wishlist_full", message: WISHLIST_FULL_MESSAGE });
    expect((await wishlist.productIds(owner)).productIds).toHaveLength(limit);
    // A product already there is still answered: adding it again is not "past the limit".
    const kept = (await wishlist.productIds(owner)).productIds[0]!;
    await expect(wishlist.add(owner, kept)).resolves.toMatchObject({ productId: kept });
  });
});

describe("the wishlist in the API description", () => {
  it("documents its four operations under the wishlist tag, as personal", async () => {
    const { app } = await getTestContext();
    const doc = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { tags: string[]; operationId: string; "x-cache": string }>>;
    };
    const ops = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/v1/wishlist"))
      .flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => ({ path, m, ...op })));
    expect(ops.map((o) => o.operationId).sort()).toEqual([
      "addToWishlist",
      "listWishlist",
      "listWishlistProductIds",
      "removeFromWishlist",
    ]);
    expect(ops.every((o) => o.tags[0] === "wishlist" && o["x-cache"] === "personal")).toBe(true);
  });
});
