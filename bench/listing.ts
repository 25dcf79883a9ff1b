/**
 * Category listing latency: `GET /api/v1/products` and `GET /api/v1/products/facets` with three active
 * facets (two brands, two memory sizes, a price ceiling) in the largest leaf category, both requests
 * issued together as the storefront's loader does, through the app's own request handler (validation,
 * SQL, JSON). Budget (docs: architecture.md): p95 ≤ 50 ms on PostgreSQL over 100,000 products.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrina_seed npx tsx bench/listing.ts
 *
 * Environment: BENCH_DATABASE_URL (an already seeded PostgreSQL; required), BENCH_ITERATIONS (100),
 * BENCH_WARMUP (10). Read-only: it changes nothing in the database.
 */
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { openBenchApp } from "./lib/postgres-app.ts";

const BUDGET_P95_MS = 50;
const iterations = Number(process.env.BENCH_ITERATIONS ?? 100);
const warmup = Number(process.env.BENCH_WARMUP ?? 10);

const { database, app } = await openBenchApp();

async function categoryId(name: string): Promise<number> {
  const result = await database.db.execute(
    sql`select id from categories where name = ${name} order by depth desc limit 1`,
  );
  const id = (result as unknown as { rows: { id: number }[] }).rows[0]?.id;
  if (id === undefined) throw new Error(`No category "${name}" in the database`);
  return id;
}

async function get(path: string): Promise<number> {
  const res = await app.request(path);
  if (res.status !== 200) throw new Error(`${path} → ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { total: number };
  return body.total;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Scenario {
  name: string;
  paths: string[];
}

async function measure(scenario: Scenario) {
  for (let i = 0; i < warmup; i++) await Promise.all(scenario.paths.map(get));
  const times: number[] = [];
  let totals: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    totals = await Promise.all(scenario.paths.map(get));
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    total: totals[0],
    p50: Number(percentile(times, 50).toFixed(1)),
    p95: Number(percentile(times, 95).toFixed(1)),
    max: Number((times.at(-1) ?? 0).toFixed(1)),
  };
}

const phones = await categoryId("Смартфоны");
const gadgets = await categoryId("Смартфоны и гаджеты");
const electronics = await categoryId("Электроника");
const three = `brand=samsung,xiaomi,apple&p.memory=${encodeURIComponent("128 ГБ,256 ГБ")}&priceMax=60000`;
// 24 a page, as the storefront asks (LISTING_LIMIT).
const list = (q: string) => `/api/v1/products?${q}&sort=popular&limit=24`;
const facets = (q: string) => `/api/v1/products/facets?${q}`;

const scenarios: Scenario[] = [
  {
    name: "leaf, 3 facets: list + facets",
    paths: [list(`categoryId=${phones}&${three}`), facets(`categoryId=${phones}&${three}`)],
  },
  { name: "leaf, 3 facets: list only", paths: [list(`categoryId=${phones}&${three}`)] },
  { name: "leaf, 3 facets: facets only", paths: [facets(`categoryId=${phones}&${three}`)] },
  {
    name: "leaf, no filters: list + facets",
    paths: [list(`categoryId=${phones}`), facets(`categoryId=${phones}`)],
  },
  {
    name: "leaf, 3 facets, price sort: list",
    paths: [list(`categoryId=${phones}&${three}`).replace("popular", "price_asc")],
  },
  {
    name: "branch, 3 facets: list + facets",
    paths: [list(`categoryId=${gadgets}&${three}`), facets(`categoryId=${gadgets}&${three}`)],
  },
  {
    name: "section, 2 facets: list + facets",
    paths: [
      list(`categoryId=${electronics}&brand=samsung,xiaomi&priceMax=60000`),
      facets(`categoryId=${electronics}&brand=samsung,xiaomi&priceMax=60000`),
    ],
  },
  {
    // A brand's own page: its facets are counted within the brand (`within=brand`, as the page asks).
    name: "brand page, no category: list + facets",
    paths: [list("brand=samsung"), facets("brand=samsung&within=brand")],
  },
];

// Latency on a shared machine tracks its load; print it so runs can be compared.
const loadBefore = loadavg()[0]?.toFixed(2);
const results = [];
try {
  for (const s of scenarios) results.push(await measure(s));
} finally {
  await database.close();
}
console.table(results);
console.info(
  `Load average (1 min): ${loadBefore} before, ${loadavg()[0]?.toFixed(2)} after, on ${iterations} iterations.`,
);
const headline = results[0];
if (headline) {
  const verdict = headline.p95 <= BUDGET_P95_MS ? "within" : "OVER";
  console.info(
    `Headline (${headline.scenario}): p50 ${headline.p50} ms, p95 ${headline.p95} ms — ${verdict} the ${BUDGET_P95_MS} ms budget.`,
  );
}
