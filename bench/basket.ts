/**
 * Basket mutation latency: `POST /api/v1/basket/lines` (add, set_quantity, select, select_all, remove,
 * each with its own Idempotency-Key) through the app's own request handler — validation, the basket's
 * row lock, the rules, the version, and the full basket it answers with — one shopper at a time and 10
 * shoppers at once, with the in-process reference cache production has. Budget (issue 12): p95 ≤ 15 ms on PostgreSQL.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrina_seed npx tsx bench/basket.ts
 *
 * Environment: BENCH_DATABASE_URL (an already seeded PostgreSQL; required), BENCH_ITERATIONS (60 rounds of
 * 7 changes per shopper), BENCH_WARMUP (5). Its visitors' baskets are deleted afterwards.
 */
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { openCaches } from "../server/cache/index.ts";
import { createApp } from "../server/composition/app.ts";
import { createServices } from "../server/composition/services.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { createLogger } from "../server/logger.ts";

const BUDGET_P95_MS = 15;
const iterations = Number(process.env.BENCH_ITERATIONS ?? 60);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error(
    "Set BENCH_DATABASE_URL to a seeded PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/vitrina_seed).",
  );
  process.exit(2);
}
// As production runs it: the in-process cache of reference data (`basket_max_items`) kept in step by the
// database's change notifications. The basket itself is personal and never cached.
const database = await openDatabase({ url, poolSize: 4 });
const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATABASE_URL: url });
const caches = await openCaches(config, database, createLogger("silent"));
const app = createApp({
  config,
  services: createServices(database.db, { cache: caches?.data, cacheTrusted: caches?.trusted }),
  logger: createLogger("silent"),
  checks: {},
});

const result = await database.db.execute(
  sql`select id from products join inventory on product_id = id where stock >= 50 and order_limit is null and not is_preorder and not is_coming_soon order by popularity desc limit 40`,
);
const productIds = (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
if (productIds.length < 40) throw new Error("The bench needs 40 products with at least 50 in stock");

const visitors: string[] = [];

/** One shopper: a visitor cookie, issued by its first change. */
async function newShopper(): Promise<string> {
  const res = await app.request("/api/v1/basket/count");
  if (res.status !== 200) throw new Error(`count → ${res.status}`);
  const first = await app.request("/api/v1/basket/lines", {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({ intent: "select_all", selected: true }),
  });
  const cookie = first.headers
    .getSetCookie()
    .find((c) => c.startsWith("vid="))
    ?.split(";")[0];
  if (!cookie) throw new Error("no visitor cookie");
  visitors.push(cookie.slice(4));
  return cookie;
}

async function change(cookie: string, body: object): Promise<number> {
  const start = performance.now();
  const res = await app.request("/api/v1/basket/lines", {
    method: "POST",
    headers: { cookie, "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`${JSON.stringify(body)} → ${res.status}: ${text}`);
  return ms;
}

/** A round of seven changes on two products of the shopper's own pair, leaving the basket as it was. */
async function round(cookie: string, a: number, b: number, into: number[] | undefined): Promise<void> {
  const changes = [
    { intent: "add", productId: a },
    { intent: "add", productId: b, quantity: 2 },
    { intent: "set_quantity", productId: a, quantity: 3 },
    { intent: "select", productId: b, selected: false },
    { intent: "select_all", selected: true },
    { intent: "remove", productId: a },
    { intent: "remove", productId: b },
  ];
  for (const body of changes) {
    const ms = await change(cookie, body);
    into?.push(ms);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function scenario(name: string, shoppers: number) {
  const cookies = await Promise.all(Array.from({ length: shoppers }, newShopper));
  // Each shopper also keeps three other lines, as a real basket would, so answers carry several sellers.
  await Promise.all(
    cookies.map(async (cookie, i) => {
      for (const k of [0, 1, 2])
        await change(cookie, { intent: "add", productId: productIds[20 + ((i + k) % 20)] });
    }),
  );
  const times: number[] = [];
  await Promise.all(
    cookies.map(async (cookie, i) => {
      const a = productIds[(2 * i) % 20]!;
      const b = productIds[(2 * i + 1) % 20]!;
      for (let n = 0; n < warmup; n++) await round(cookie, a, b, undefined);
    }),
  );
  // The server's CPU per change: this process's user + system time over the measured rounds (the app,
  // its driver and their system calls; PostgreSQL's own work is in its processes, not here).
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    cookies.map(async (cookie, i) => {
      const a = productIds[(2 * i) % 20]!;
      const b = productIds[(2 * i + 1) % 20]!;
      for (let n = 0; n < iterations; n++) await round(cookie, a, b, times);
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((x, y) => x - y);
  return {
    scenario: name,
    mutations: times.length,
    p50: Number(percentile(times, 50).toFixed(1)),
    p95: Number(percentile(times, 95).toFixed(1)),
    max: Number((times.at(-1) ?? 0).toFixed(1)),
    "cpu ms": Number(((cpu.user + cpu.system) / 1000 / times.length).toFixed(2)),
  };
}

const loadBefore = loadavg()[0]?.toFixed(2);
const results = [];
try {
  results.push(await scenario("one shopper at a time", 1));
  results.push(await scenario("10 shoppers at once", 10));
} finally {
  // An array literal: the ids are base64url, nothing to escape.
  await database.db.execute(
    sql`delete from baskets where visitor_id = any(${`{${visitors.join(",")}}`}::text[])`,
  );
  await caches?.close();
  await database.close();
}
console.table(results);
console.info(
  `Load average (1 min): ${loadBefore} before, ${loadavg()[0]?.toFixed(2)} after, on ${iterations} rounds of 7 changes per shopper.`,
);
const headline = results[0]!;
if (headline.p95 > BUDGET_P95_MS) {
  console.error(`✗ basket mutation p95 ${headline.p95} ms > budget ${BUDGET_P95_MS} ms`);
  process.exitCode = 1;
} else {
  console.info(`✓ basket mutation p95 ${headline.p95} ms ≤ budget ${BUDGET_P95_MS} ms`);
}
