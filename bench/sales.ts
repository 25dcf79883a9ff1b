/**
 * Listing and search under sales (issue 19, point 10; ADR 048): the production server on PostgreSQL, its
 * caches on, measured with autocannon on a category page and on a search page, each with no orders and
 * with PLACEMENTS_PER_S orders a second placed beside it through the API by signed-in shoppers. The
 * orders buy products the two pages show, one unit each, so some of them sell out while it runs, as the
 * popular products of a sale day do. Reports req/s (median of BENCH_RUNS runs) and the share of answers
 * served from the page cache (`X-Cache: HIT`, over all runs). Budget: ≥ 90 % hits under sales.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrina_seed npx tsx bench/sales.ts
 *   npm run bench -- --only=sales   (the same, from the bench runner)
 *
 * Environment: BENCH_DATABASE_URL (PostgreSQL; an empty database is seeded on the server's first start
 * with BENCH_PRODUCTS, default 5000), BENCH_RUNS (3), BENCH_SECONDS (10), BENCH_CONNECTIONS (10),
 * BENCH_PORT (4321), BENCH_PLACEMENTS_PER_S (5). The shoppers and orders it makes are deleted afterwards
 * and the units sold given back.
 */
import { loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { inArray, sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client.ts";
import { basketLines, baskets, inventory } from "../server/db/schema/index.ts";
import {
  checkoutKey,
  expectedLinesOf,
  removeOrderData,
  shopperWithBasket,
} from "../tests/fixtures/order-data.ts";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { root } from "../scripts/lib/run.mjs";
import { median } from "./lib/load.ts";
import { startServer } from "./lib/server.ts";

const env = process.env;
const url = env.BENCH_DATABASE_URL;
if (!url) {
  console.error(
    "Set BENCH_DATABASE_URL to a PostgreSQL database (e.g. postgres://postgres@127.0.0.1:5432/vitrina_seed).",
  );
  process.exit(2);
}
const runs = Number(env.BENCH_RUNS ?? 3);
const seconds = Number(env.BENCH_SECONDS ?? 10);
const connections = Number(env.BENCH_CONNECTIONS ?? 10);
const port = Number(env.BENCH_PORT ?? 4321);
const placementsPerS = Number(env.BENCH_PLACEMENTS_PER_S ?? 5);
const BUDGET_HIT_SHARE = 90;
/** Shoppers taking turns: each has one basket, refilled before each of its orders. */
const SHOPPERS = 20;

await buildIfStale();
const server = await startServer({
  root,
  port,
  env: {
    DATABASE_URL: url,
    SEED_PRODUCTS: env.BENCH_PRODUCTS ?? "5000",
    // Every order stays awaiting payment for the whole run; the shoppers take turns at up to this many each.
    MAX_UNPAID_ORDERS: "100",
  },
});
const database = await openDatabase({ url, poolSize: 2 });
const db = database.db;
/** Units sold per product, given back at the end. */
const sold = new Map<number, number>();

interface Measured {
  page: string;
  placementsPerS: number;
  requestsPerSecond: number;
  hitShare: number;
  responses: number;
  errors: number;
  placed: number;
  failedPlacements: number;
  soldOut: number;
}

try {
  const category = await biggestLeafCategory(server.origin);
  const word = await searchWord(server.origin);
  const pages = [
    { name: `category ${category.path}`, path: category.path, reads: category.api },
    {
      name: `search «${word}»`,
      path: `/search?q=${encodeURIComponent(word)}`,
      reads: `/api/v1/search?q=${encodeURIComponent(word)}&limit=24`,
    },
  ];
  // What is bought: the products the two pages show, those that can be bought now.
  const onSale = new Set<number>();
  for (const page of pages) {
    const { items } = (await (await fetch(`${server.origin}${page.reads}`)).json()) as {
      items: { id: number; state: string }[];
    };
    for (const item of items) if (item.state === "in_stock") onSale.add(item.id);
  }
  const products = [...onSale];
  if (products.length < 10) throw new Error(`only ${products.length} products to sell on the measured pages`);
  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i += 1) shoppers.push(await shopperWithBasket(db, []));

  const results: Measured[] = [];
  for (const page of pages) {
    for (const rate of [0, placementsPerS]) {
      process.stdout.write(`measuring ${page.name} with ${rate} placements/s… `);
      await load(page.path, 1); // warm-up: the page is rendered and kept
      const before = await stockOf(products);
      const sales = rate > 0 ? startSales(rate, shoppers, products) : undefined;
      const runsDone = [];
      try {
        for (let i = 0; i < runs; i += 1) runsDone.push(await load(page.path, seconds));
      } finally {
        await sales?.stop();
      }
      const after = await stockOf(products);
      const hits = runsDone.reduce((n, r) => n + r.hits, 0);
      const responses = runsDone.reduce((n, r) => n + r.responses, 0);
      const measured: Measured = {
        page: page.name,
        placementsPerS: rate,
        requestsPerSecond: Math.round(median(runsDone.map((r) => r.requestsPerSecond))),
        hitShare: responses === 0 ? 0 : Math.round((1000 * hits) / responses) / 10,
        responses,
        errors: runsDone.reduce((n, r) => n + r.errors, 0),
        placed: sales?.placed() ?? 0,
        failedPlacements: sales?.failed() ?? 0,
        soldOut: products.filter((id) => (before.get(id) ?? 0) > 0 && (after.get(id) ?? 0) === 0).length,
      };
      results.push(measured);
      console.info(`${measured.requestsPerSecond} req/s, ${measured.hitShare} % hits`);
    }
  }

  console.info(
    `\nautocannon: ${runs} runs × ${seconds} s, ${connections} connections; req/s the median, hits over all runs; ${products.length} products on sale\n`,
  );
  console.info(
    "| page | placements/s | req/s | X-Cache hits | answers | errors | orders placed (failed) | sold out meanwhile |",
  );
  console.info("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.info(
      `| ${r.page} | ${r.placementsPerS} | ${r.requestsPerSecond} | ${r.hitShare} % | ${r.responses} | ${r.errors} | ${r.placed} (${r.failedPlacements}) | ${r.soldOut} |`,
    );
  }
  console.info(`Load average (1 min): ${loadavg()[0]?.toFixed(2)}.`);
  for (const r of results.filter((r) => r.placementsPerS > 0)) {
    const met = r.hitShare >= BUDGET_HIT_SHARE && r.errors === 0 && r.failedPlacements === 0;
    console.info(
      `budget: ${r.page} under ${r.placementsPerS} placements/s: ${r.hitShare} % hits (≥ ${BUDGET_HIT_SHARE} %), ${r.errors} errors, ${r.failedPlacements} failed orders — ${met ? "met" : "MISSED"}`,
    );
    if (!met) process.exitCode = 1;
  }
} finally {
  await server.stop();
  // The orders go first, then their units come back: nothing is left holding them.
  await removeOrderData(db);
  for (const [productId, units] of sold) {
    await db
      .update(inventory)
      .set({ stock: sql`${inventory.stock} + ${units}` })
      .where(sql`${inventory.productId} = ${productId}`);
  }
  await database.close();
}

/** One autocannon run on `path`: its req/s, and how many answers came from the page cache. */
async function load(path: string, duration: number) {
  let hits = 0;
  let responses = 0;
  const result = await autocannon({
    url: `${server.origin}${path}`,
    duration,
    connections,
    pipelining: 1,
    headers: { "accept-encoding": "gzip, br" },
    requests: [
      {
        method: "GET",
        path,
        onResponse: (status, _body, _context, headers) => {
          if (status !== 200) return;
          responses += 1;
          const cache = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "x-cache")?.[1];
          if (cache === "HIT") hits += 1;
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    hits,
    responses,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Places `rate` orders a second until stopped, each of one unit of a random product of `products`, by the
 * shoppers in turn: the shopper's basket is refilled with it (a new version, as a change in the basket
 * makes), then the order is placed through the API with pickup delivery, as the checkout page does.
 */
function startSales(
  rate: number,
  shoppers: Awaited<ReturnType<typeof shopperWithBasket>>[],
  products: number[],
) {
  let running = true;
  let placed = 0;
  let failed = 0;
  let turn = 0;
  const underway = new Set<Promise<void>>();
  const placeOne = async () => {
    const shopper = shoppers[turn++ % shoppers.length]!;
    const productId = products[Math.floor(Math.random() * products.length)]!;
    await refill(shopper.userId, productId);
    const res = await fetch(`${server.origin}/api/v1/orders`, {
      method: "POST",
      headers: { cookie: shopper.cookie, origin: server.origin, "content-type": "application/json" },
      body: JSON.stringify({
        checkoutKey: checkoutKey(),
        ...(await expectedLinesOf(db, shopper.userId)),
        deliveryType: "pickup",
        addressId: shopper.pickupAddressId,
      }),
    });
    const text = await res.text();
    if (res.status === 201) {
      placed += 1;
      sold.set(productId, (sold.get(productId) ?? 0) + 1);
    } else if (!(res.status === 409 && /закончился|Осталось/.test(text))) {
      // A product sold out meanwhile is a shopper's refusal, not the shop's failure.
      failed += 1;
      if (failed <= 3) console.error(`placement answered ${res.status}: ${text.slice(0, 300)}`);
    }
  };
  const loop = (async () => {
    const gap = 1000 / rate;
    let next = performance.now();
    while (running) {
      const p = placeOne()
        .catch((err: unknown) => {
          failed += 1;
          console.error(err);
        })
        .finally(() => underway.delete(p));
      underway.add(p);
      next += gap;
      await sleep(Math.max(0, next - performance.now()));
    }
  })();
  return {
    placed: () => placed,
    failed: () => failed,
    stop: async () => {
      running = false;
      await loop;
      await Promise.all(underway);
    },
  };
}

/** The shopper's basket holds one unit of the product, under a new version. */
async function refill(userId: number, productId: number) {
  const [basket] = await db
    .update(baskets)
    .set({ version: sql`${baskets.version} + 1` })
    .where(sql`${baskets.userId} = ${userId}`)
    .returning({ id: baskets.id });
  await db.delete(basketLines).where(sql`${basketLines.basketId} = ${basket!.id}`);
  await db.insert(basketLines).values({ basketId: basket!.id, productId, quantity: 1, priceWhenAdded: 1 });
}

async function stockOf(ids: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: inventory.productId, stock: inventory.stock })
    .from(inventory)
    .where(inArray(inventory.productId, ids));
  return new Map(rows.map((r) => [r.id, r.stock]));
}

/** The leaf category with the most products: its page and the listing API call the page makes. */
async function biggestLeafCategory(origin: string) {
  const result = await db.execute(
    sql`SELECT c.id, c.slug FROM categories c JOIN products p ON p.category_id = c.id
        WHERE NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id)
        GROUP BY c.id, c.slug ORDER BY count(*) DESC, c.id LIMIT 1`,
  );
  const row = (result as unknown as { rows: { id: number; slug: string }[] }).rows[0];
  if (!row) throw new Error(`the catalogue at ${origin} has no products`);
  return {
    path: `/catalog/${row.id}/${row.slug || "x"}`,
    api: `/api/v1/products?categoryId=${row.id}&limit=24`,
  };
}

/** A word that finds many products: the first word of the most popular product's name. */
async function searchWord(origin: string): Promise<string> {
  const { items } = (await (await fetch(`${origin}/api/v1/products?sort=popular&limit=1`)).json()) as {
    items: { name: string }[];
  };
  const word = items[0]?.name.split(/\s+/)[0];
  if (!word) throw new Error("no product to search for");
  return word;
}
