/**
 * The back office's order list at 100,000 orders (issue 20, point 2; ADR 053): `GET /api/v1/admin/orders`
 * through the app's own request handler (the staff gate and session, validation, SQL, JSON) as an
 * operator, one scenario per filter — status, date range, number, phone, seller, delivery type — and paging
 * deep with `before`, p50 / p95 over BENCH_ITERATIONS requests each. The SQL of each scenario's slowest
 * request is captured and run again under `EXPLAIN (ANALYZE, BUFFERS)`: it must reach `orders`, `order_shipments` and `users`
 * through an index, never a sequential scan. Budget (architecture.md, Budgets): p95 ≤ 50 ms per filter on
 * PostgreSQL. Exits non-zero when a scenario is over budget or scans a table.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrina_seed npx tsx bench/admin-orders.ts
 *   npm run bench -- --only=admin-orders
 *
 * The orders are its own: BENCH_ORDERS (100,000) orders of 5,000 shoppers (phones +7 951 …) placed over
 * the last year, one or two shipments each across the seeded sellers, with statuses as a year of trade
 * leaves them (most delivered, a few waiting, cancelled, not collected), made in one statement each with
 * `generate_series` (seconds, not the placement path's minutes) and marked by their checkout key. They are
 * deleted afterwards unless BENCH_KEEP_ORDERS=1 (then a later run reuses them).
 *
 * Environment: BENCH_DATABASE_URL (an already seeded PostgreSQL: cities and sellers; required),
 * BENCH_ORDERS (100000), BENCH_ITERATIONS (100), BENCH_WARMUP (10), BENCH_KEEP_ORDERS.
 */
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createSession } from "../tests/factories/sessions.ts";
import { openBenchApp } from "./lib/postgres-app.ts";

const BUDGET_P95_MS = 50;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SHOPPERS = 5_000;
const iterations = Number(process.env.BENCH_ITERATIONS ?? 100);
const warmup = Number(process.env.BENCH_WARMUP ?? 10);
const keep = process.env.BENCH_KEEP_ORDERS === "1";
/** What the screen asks for: one page of the list. */
const PAGE = 50;
const MARK = "bench-admin-";

// Every statement the app sends, so each scenario's own query can be explained with its parameters.
const captured: { text: string; values: unknown[] }[] = [];
let capturing = false;
const poolQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  if (capturing) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof first === "string") captured.push({ text: first, values: second ?? [] });
    else captured.push({ text: first.text, values: first.values ?? second ?? [] });
  }
  return (poolQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Pool.prototype.query;

const { database, app } = await openBenchApp({ poolSize: 4 });
const db = database.db;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  (await db.execute(query)) as unknown as { rows: T[] };

async function benchOrderCount(): Promise<number> {
  const { rows: r } = await rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM orders WHERE checkout_key LIKE ${`${MARK}%`}`,
  );
  return r[0]!.n;
}

async function removeBenchOrders(): Promise<void> {
  await db.execute(sql`DELETE FROM orders WHERE checkout_key LIKE ${`${MARK}%`}`);
  await db.execute(sql`DELETE FROM users WHERE phone LIKE '+7951%' AND roles = ARRAY['shopper']`);
}

/**
 * 5,000 shoppers and ORDERS orders with their shipments, in three statements. Statuses by the order's
 * hash: 3 % awaiting payment, 7 % paid, 5 % assembling, 7 % in delivery, 5 % waiting at the point, 58 %
 * delivered, 2 % not collected, 13 % cancelled; a third courier; one every five minutes back a year.
 */
async function seedOrders(): Promise<void> {
  const started = performance.now();
  await removeBenchOrders();
  await db.execute(sql`
    INSERT INTO users (phone, name)
    SELECT '+7951' || lpad(g::text, 7, '0'), 'Покупатель'
    FROM generate_series(1, ${SHOPPERS}) g
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    WITH shoppers AS (
      SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE phone LIKE '+7951%'
    ), city AS (SELECT min(id) AS id FROM cities)
    INSERT INTO orders (number, user_id, status, checkout_key, basket_version, delivery_type, city_id,
      delivery, recipient, goods_total, delivery_total, to_pay, payment_deadline, created_at, updated_at,
      paid_at)
    SELECT
      substr(x.d, 1, 4) || '-' || substr(x.d, 5, 4),
      s.id,
      CASE
        WHEN h < 3 THEN 'awaiting_payment' WHEN h < 10 THEN 'paid' WHEN h < 15 THEN 'assembling'
        WHEN h < 22 THEN 'in_delivery' WHEN h < 27 THEN 'ready_for_pickup' WHEN h < 85 THEN 'delivered'
        WHEN h < 87 THEN 'not_collected' ELSE 'cancelled' END,
      ${MARK} || g,
      1,
      CASE WHEN g % 3 = 0 THEN 'courier' ELSE 'pickup' END,
      city.id,
      '{}'::jsonb,
      '{}'::jsonb,
      100000 + (g % 50) * 1000,
      0,
      100000 + (g % 50) * 1000,
      at + interval '20 minutes',
      at,
      at,
      CASE WHEN h >= 3 AND h < 87 THEN at + interval '2 minutes' END
    FROM generate_series(1, ${ORDERS}) g
    CROSS JOIN city
    CROSS JOIN LATERAL (SELECT (g * 37 + g / 100) % 100 AS h,
      now() - (${ORDERS} - g) * interval '5 minutes' AS at,
      -- g ↦ 7919·g mod 10⁸ is one-to-one (7919 is prime to 10⁸): distinct eight-digit numbers.
      lpad(((g::bigint * 7919 + 4242) % 100000000)::text, 8, '0') AS d) x
    JOIN shoppers s ON s.n = (g * 31) % ${SHOPPERS}
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    WITH ranked AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM sellers)
    INSERT INTO order_shipments (order_id, seller_id, delivery_date, status)
    SELECT o.id, r.id, (o.created_at + interval '3 days')::date, o.status
    FROM orders o
    CROSS JOIN LATERAL (
      SELECT DISTINCT k FROM (VALUES (o.id % (SELECT count(*) FROM sellers)),
        (CASE WHEN o.id % 4 = 0 THEN (o.id * 7 + 3) % (SELECT count(*) FROM sellers) END)) v(k)
      WHERE k IS NOT NULL
    ) pick
    JOIN ranked r ON r.n = pick.k
    WHERE o.checkout_key LIKE ${`${MARK}%`}`);
  await db.execute(sql`ANALYZE orders`);
  await db.execute(sql`ANALYZE order_shipments`);
  await db.execute(sql`ANALYZE users`);
  console.info(
    `Seeded ${await benchOrderCount()} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Scenario {
  name: string;
  /** The query string of the i-th request (values vary, as operators' searches do). */
  query: (i: number) => string;
}

let cookie = "";

async function list(query: string): Promise<number> {
  const res = await app.request(`http://localhost/api/v1/admin/orders?limit=${PAGE}&${query}`, {
    headers: { cookie },
  });
  if (res.status !== 200) throw new Error(`${query} → ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { items: unknown[] }).items.length;
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

/** The scenario's list query as the app sent it, explained: which indexes, any table scanned whole. */
async function explain(query: string) {
  captured.length = 0;
  capturing = true;
  try {
    await list(query);
  } finally {
    capturing = false;
  }
  const statement = captured.find((q) => /from "orders"/i.test(q.text) && /limit/i.test(q.text));
  if (!statement) throw new Error(`no list query captured for ${query}`);
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await client.connect();
  try {
    const { rows: plan } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`, [
      ...statement.values,
    ]);
    const root = (plan[0]["QUERY PLAN"] as { Plan: PlanNode; "Execution Time": number }[])[0]!;
    const indexes = new Set<string>();
    const scanned = new Set<string>();
    const walk = (node: PlanNode) => {
      if (node["Index Name"]) indexes.add(node["Index Name"]);
      if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) scanned.add(node["Relation Name"]);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(root.Plan);
    return { indexes: [...indexes], scanned: [...scanned], executionMs: root["Execution Time"] };
  } finally {
    await client.end();
  }
}

async function measure(scenario: Scenario) {
  let found = 0;
  for (let i = 0; i < warmup; i++) await list(scenario.query(i));
  const times: number[] = [];
  let slowest = { ms: -1, query: "" };
  for (let i = 0; i < iterations; i++) {
    const query = scenario.query(i);
    const start = performance.now();
    found += await list(query);
    const ms = performance.now() - start;
    times.push(ms);
    if (ms > slowest.ms) slowest = { ms, query };
  }
  times.sort((a, b) => a - b);
  // The plan of the slowest request's values: the worst case of the filter, not a lucky one.
  const plan = await explain(slowest.query);
  const p95 = Number(percentile(times, 95).toFixed(1));
  return {
    scenario: scenario.name,
    "rows/page": Math.round(found / iterations),
    p50: Number(percentile(times, 50).toFixed(1)),
    p95,
    max: Number((times.at(-1) ?? 0).toFixed(1)),
    "plan ms": Number(plan.executionMs.toFixed(1)),
    indexes: plan.indexes.join(", "),
    "seq scans": plan.scanned.join(", ") || "none",
    verdict: p95 <= BUDGET_P95_MS && plan.scanned.length === 0 ? "ok" : "OVER",
  };
}

let operatorId: number | undefined;
const results: Awaited<ReturnType<typeof measure>>[] = [];
const loadBefore = loadavg()[0]?.toFixed(2);
try {
  if ((await benchOrderCount()) < ORDERS) await seedOrders();
  const operator = await createSession(db, { user: { roles: ["shopper", "operator"] } });
  operatorId = operator.userId;
  cookie = operator.cookie;

  // Values to vary each scenario's requests over, drawn from the bench's own orders.
  const sample = (
    await rows<{ id: number; number: string; phone: string }>(sql`
      SELECT o.id, o.number, u.phone FROM orders o JOIN users u ON u.id = o.user_id
      WHERE o.checkout_key LIKE ${`${MARK}%`} ORDER BY o.id DESC LIMIT 100 OFFSET 1000`)
  ).rows;
  const sellerIds = (await rows<{ id: number }>(sql`SELECT id FROM sellers ORDER BY id`)).rows.map(
    (r) => r.id,
  );
  const { rows: bounds } = await rows<{ oldest: number; newest: number }>(
    sql`SELECT min(id)::bigint AS oldest, max(id)::bigint AS newest FROM orders WHERE checkout_key LIKE ${`${MARK}%`}`,
  );
  const oldest = Number(bounds[0]!.oldest);
  const newest = Number(bounds[0]!.newest);
  const pick = <T>(list: T[], i: number) => list[(i * 7) % list.length]!;
  const day = 86_400_000;
  const week = (i: number) => {
    const to = new Date(Date.now() - ((i * 11) % 350) * day);
    return `from=${new Date(to.getTime() - 7 * day).toISOString()}&to=${to.toISOString()}`;
  };
  /** A cursor near the list's far end: the 95,000th order back and on. */
  const deep = (i: number) => oldest + Math.round((newest - oldest) * 0.05) - i * 10;

  const scenarios: Scenario[] = [
    { name: "no filter, first page", query: () => "" },
    { name: "status: delivered (58 %)", query: () => "status=delivered" },
    { name: "status: not collected (2 %)", query: () => "status=not_collected" },
    { name: "status: awaiting payment (3 %)", query: () => "status=awaiting_payment" },
    { name: "date range: one week", query: week },
    {
      name: "date range: the whole year",
      query: () => `from=${new Date(Date.now() - 366 * day).toISOString()}`,
    },
    { name: "number", query: (i) => `number=${pick(sample, i).number}` },
    { name: "phone (≈ 20 orders)", query: (i) => `phone=${encodeURIComponent(pick(sample, i).phone)}` },
    { name: "seller", query: (i) => `seller=${pick(sellerIds, i)}` },
    { name: "delivery type: courier", query: () => "deliveryType=courier" },
    { name: "paging deep: before", query: (i) => `before=${deep(i)}` },
    { name: "paging deep: status + before", query: (i) => `status=delivered&before=${deep(i)}` },
    { name: "paging deep: seller + before", query: (i) => `seller=${pick(sellerIds, i)}&before=${deep(i)}` },
    { name: "status + seller", query: (i) => `status=ready_for_pickup&seller=${pick(sellerIds, i)}` },
    { name: "status + one week", query: (i) => `status=delivered&${week(i)}` },
  ];
  for (const s of scenarios) {
    process.stdout.write(`${s.name}… `);
    const r = await measure(s);
    results.push(r);
    console.info(`p95 ${r.p95} ms`);
  }
} finally {
  if (operatorId) await db.execute(sql`DELETE FROM users WHERE id = ${operatorId}`);
  if (!keep) await removeBenchOrders();
  await database.close();
}

console.table(results);
console.info(
  `Load average (1 min): ${loadBefore} before, ${loadavg()[0]?.toFixed(2)} after; ${iterations} requests per scenario, ${PAGE} a page, ${ORDERS} orders.`,
);
const over = results.filter((r) => r.verdict !== "ok");
console.info(
  over.length === 0
    ? `Every filter within the ${BUDGET_P95_MS} ms p95 budget, each through an index.`
    : `OVER: ${over.map((r) => `${r.scenario} (p95 ${r.p95} ms, seq scans: ${r["seq scans"]})`).join("; ")}`,
);
if (over.length > 0) process.exitCode = 1;
