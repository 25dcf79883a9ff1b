/**
 * Order placement under load (issue 12): 50 signed-in shoppers place orders at once through the app's own
 * request handler — the checkout key, the basket lock, catalogue re-pricing, stock taken from locked rows,
 * the order with its shipments — on PostgreSQL. Reports placements per second, p50 and p95 of one
 * placement and the app's CPU per placement, and checks oversells: the last units of a product raced for
 * by all 50 shoppers go to exactly as many orders as there were units, and no stock goes below zero.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrina_seed npx tsx bench/checkout.ts
 *
 * Environment: BENCH_DATABASE_URL (an already seeded PostgreSQL; required), BENCH_SHOPPERS (50 at once),
 * BENCH_ROUNDS (10 placements each), BENCH_LAST_UNITS (10), BENCH_PROFILE (a file: the measured phase's
 * CPU profile, for Chrome's DevTools). Everything it makes (users, products, orders) is deleted afterwards.
 *
 * The shoppers' baskets are filled, and what their delivery steps would send is read, before the clock
 * starts: SHOPPERS × ROUNDS signed-in shoppers, SHOPPERS of them placing at any moment. The measured phase
 * does only what checkouts do, so its CPU is the app's, not the bench's own refills (a fifth of it when
 * each shopper's basket was refilled between its rounds).
 */
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { loadavg } from "node:os";
import { inArray, sql } from "drizzle-orm";
import { orderLines, orders, products, users } from "../server/db/schema/index.ts";
import {
  checkoutKey,
  expectedLinesOf,
  refillBasket,
  scratchProduct,
  shopperWithBasket,
  stockOf,
} from "../tests/fixtures/order-data.ts";
import { openBenchApp } from "./lib/postgres-app.ts";

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const LAST_UNITS = Number(process.env.BENCH_LAST_UNITS ?? 10);
/** Issue 23: 50 shoppers on PostgreSQL on a quiet machine. */
const GOAL = { perSecond: 150, p95Ms: 400 };

// As a real instance runs it: the production pool (10 connections), the in-process cache of reference
// data and the usual limit of unpaid orders (each shopper places one, the racers a second).
const { database, app, close } = await openBenchApp({ poolSize: 10, cached: true });
const db = database.db;
const made = { users: [] as number[], products: [] as number[] };

type Shopper = Awaited<ReturnType<typeof shopperWithBasket>>;

/** What the delivery step sends for the shopper's basket as it is now. */
async function placement(shopper: Shopper) {
  return JSON.stringify({
    checkoutKey: checkoutKey(),
    ...(await expectedLinesOf(db, shopper.userId)),
    deliveryType: "pickup",
    addressId: shopper.pickupAddressId,
  });
}

async function place(shopper: Shopper, body: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await app.request("http://localhost/api/v1/orders", {
    method: "POST",
    headers: { cookie: shopper.cookie, "content-type": "application/json", origin: "http://localhost" },
    body,
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const loadBefore = loadavg()[0]?.toFixed(2);
try {
  // Three products per shopper's basket from a pool of 30 (from several sellers), so shoppers share some
  // products — their rows are locked by several placements at once, as popular products are.
  const stocked = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      scratchProduct(db, { stock: SHOPPERS * ROUNDS, price: 99_000 + i * 1_000 }),
    ),
  );
  made.products.push(...stocked.map((p) => p.id));
  // Shopper i's basket: three products of the pool, the same three for every round of the same «seat».
  const linesOf = (seat: number) =>
    [0, 1, 2].map((k) => ({ productId: stocked[(3 * seat + k) % stocked.length]!.id, quantity: 1 }));
  const baskets: { shopper: Shopper; body: string }[] = [];
  for (let i = 0; i < SHOPPERS * ROUNDS; i += 1) {
    const shopper = await shopperWithBasket(db, linesOf(i % SHOPPERS));
    made.users.push(shopper.userId);
    baskets.push({ shopper, body: await placement(shopper) });
  }

  // Throughput: SHOPPERS placements in flight at any moment until every basket is placed.
  const times: number[] = [];
  let failed = 0;
  let next = 0;
  const profiler = process.env.BENCH_PROFILE ? new Session() : undefined;
  profiler?.connect();
  await profiler?.post("Profiler.enable");
  await profiler?.post("Profiler.start");
  const started = performance.now();
  // The app's CPU (user + system, every thread of this process) over the phase: PostgreSQL's own is in
  // its processes.
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: SHOPPERS }, async () => {
      for (let i = next++; i < baskets.length; i = next++) {
        const { status, ms } = await place(baskets[i]!.shopper, baskets[i]!.body);
        if (status === 201) times.push(ms);
        else failed += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  if (profiler) {
    const { profile } = await profiler.post("Profiler.stop");
    await writeFile(process.env.BENCH_PROFILE!, JSON.stringify(profile));
    profiler.disconnect();
  }
  times.sort((a, b) => a - b);

  // Oversell check: LAST_UNITS units, every shopper wants one, all at once.
  const last = await scratchProduct(db, { stock: LAST_UNITS, price: 49_000 });
  made.products.push(last.id);
  const racers = baskets.slice(0, SHOPPERS).map((b) => b.shopper);
  await Promise.all(racers.map((s) => refillBasket(db, s.userId, [{ productId: last.id, quantity: 1 }])));
  const bodies = await Promise.all(racers.map(placement));
  const race = await Promise.all(racers.map((s, i) => place(s, bodies[i]!)));
  const won = race.filter((r) => r.status === 201).length;
  const stockLeft = await stockOf(db, last.id);
  const [soldRow] = await db
    .select({ sold: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .where(sql`${orderLines.productId} = ${last.id}`);
  const sold = soldRow?.sold ?? 0;
  const oversells = Math.max(0, sold - LAST_UNITS) + (stockLeft < 0 ? 1 : 0);

  console.table([
    {
      shoppers: SHOPPERS,
      placements: times.length,
      failed,
      "orders/s": Number((times.length / seconds).toFixed(1)),
      "p50 ms": Number(percentile(times, 50).toFixed(1)),
      "p95 ms": Number(percentile(times, 95).toFixed(1)),
      "max ms": Number((times.at(-1) ?? 0).toFixed(1)),
      "app cpu ms": Number(((cpu.user + cpu.system) / 1000 / Math.max(1, times.length)).toFixed(2)),
    },
  ]);
  console.info(
    `Last units: ${LAST_UNITS} in stock, ${SHOPPERS} shoppers at once → ${won} orders, ${sold} units sold, stock left ${stockLeft}, oversells ${oversells}.`,
  );
  console.info(`Load average (1 min): ${loadBefore} before, ${loadavg()[0]?.toFixed(2)} after.`);
  // Issue 23's goal, on a quiet machine: reported, not failed (the machine's load decides too much of it).
  const rate = times.length / seconds;
  const p95 = percentile(times, 95);
  console.info(
    `${rate >= GOAL.perSecond && p95 <= GOAL.p95Ms ? "✓" : "✗"} goal: ≥ ${GOAL.perSecond} placements/s with p95 ≤ ${GOAL.p95Ms} ms — ${rate.toFixed(1)}/s, p95 ${p95.toFixed(0)} ms`,
  );
  if (failed > 0 || won !== LAST_UNITS || oversells !== 0 || stockLeft !== 0) {
    console.error("✗ placements failed or the last units were not sold exactly once");
    process.exitCode = 1;
  } else {
    console.info("✓ no failed placement, no oversell");
  }
} finally {
  if (made.users.length > 0) {
    await db.delete(orders).where(inArray(orders.userId, made.users));
    await db.delete(users).where(inArray(users.id, made.users));
  }
  if (made.products.length > 0) await db.delete(products).where(inArray(products.id, made.products));
  await close();
}
