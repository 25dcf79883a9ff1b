/**
 * Order placement under load (issue 12): 50 signed-in shoppers place orders at once through the app's own
 * request handler — the checkout key, the basket lock, catalogue re-pricing, stock taken from locked rows,
 * the order with its shipments — round after round, on PostgreSQL. Reports placements per second, p50 and
 * p95 of one placement, and checks oversells: the last units of a product raced for by all 50 shoppers go
 * to exactly as many orders as there were units, and no stock goes below zero.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrina_seed npx tsx bench/checkout.ts
 *
 * Environment: BENCH_DATABASE_URL (an already seeded PostgreSQL; required), BENCH_SHOPPERS (50),
 * BENCH_ROUNDS (10 placements per shopper), BENCH_LAST_UNITS (10). Everything it makes (users, products,
 * orders) is deleted afterwards.
 */
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

// As a real instance runs it: the production pool (10 connections) and the in-process cache of reference
// data. Every order here stays unpaid (payment is measured by bench/sales.ts), so each shopper may hold
// all of its rounds' orders unpaid instead of the usual 3 (MAX_UNPAID_ORDERS).
const { database, app, close } = await openBenchApp({
  poolSize: 10,
  cached: true,
  orders: { maxUnpaidOrders: ROUNDS + 1 },
});
const db = database.db;
const made = { users: [] as number[], products: [] as number[] };

type Shopper = Awaited<ReturnType<typeof shopperWithBasket>>;

async function place(shopper: Shopper): Promise<{ status: number; ms: number }> {
  const body = {
    checkoutKey: checkoutKey(),
    ...(await expectedLinesOf(db, shopper.userId)),
    deliveryType: "pickup",
    addressId: shopper.pickupAddressId,
  };
  const started = performance.now();
  const res = await app.request("http://localhost/api/v1/orders", {
    method: "POST",
    headers: { cookie: shopper.cookie, "content-type": "application/json", origin: "http://localhost" },
    body: JSON.stringify(body),
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
  const shoppers: Shopper[] = [];
  for (let i = 0; i < SHOPPERS; i += 1) {
    const lines = [0, 1, 2].map((k) => ({
      productId: stocked[(3 * i + k) % stocked.length]!.id,
      quantity: 1,
    }));
    shoppers.push(await shopperWithBasket(db, lines));
  }
  made.users.push(...shoppers.map((s) => s.userId));

  // Throughput: every shopper places ROUNDS orders, all shoppers at once.
  const times: number[] = [];
  let failed = 0;
  const started = performance.now();
  // The app's CPU (user + system) over the rounds, refills included: PostgreSQL's own is in its processes.
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    shoppers.map(async (shopper, i) => {
      const lines = [0, 1, 2].map((k) => ({
        productId: stocked[(3 * i + k) % stocked.length]!.id,
        quantity: 1,
      }));
      for (let round = 0; round < ROUNDS; round += 1) {
        if (round > 0) await refillBasket(db, shopper.userId, lines);
        const { status, ms } = await place(shopper);
        if (status === 201) times.push(ms);
        else failed += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);

  // Oversell check: LAST_UNITS units, every shopper wants one, all at once.
  const last = await scratchProduct(db, { stock: LAST_UNITS, price: 49_000 });
  made.products.push(last.id);
  await Promise.all(shoppers.map((s) => refillBasket(db, s.userId, [{ productId: last.id, quantity: 1 }])));
  const race = await Promise.all(shoppers.map((s) => place(s)));
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
