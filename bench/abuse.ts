/**
 * A request cannot cost seconds (issue 10, point 3; ADR 024), measured on the production build:
 *
 * 1. the 6 properties × 100 values listing URL (the probe that used to take 3.5–4 s of database time):
 *    its status and time, each request from its own client address;
 * 2. the listing latency of a normal shopper — a listing and its facets together, as the storefront
 *    asks for them, then half a second of reading — alone, and while 20 hostile clients (each its own
 *    address, given as X-Forwarded-For behind TRUST_PROXY) fire search, suggestions, listings and facets
 *    with the heaviest filters the bounds allow, back to back; with the rate limits on, and the same
 *    attack again with RATE_LIMITS=off to show what they buy. Reported: the shopper's p50/p95 and the
 *    share of the hostile requests refused with 429.
 *
 *   npx tsx bench/abuse.ts                                                    # PGlite, .data/bench
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrina_bench npx tsx bench/abuse.ts
 *   BENCH_ROOT=/tmp/other-checkout npx tsx bench/abuse.ts                     # another checkout's build
 *
 * Environment: BENCH_DATABASE_URL (PostgreSQL; without it the embedded PGlite in BENCH_DATA_DIR, default
 * .data/bench), BENCH_PRODUCTS (seeded on first start, 5000), BENCH_ROOT, BENCH_PORT (4340),
 * BENCH_ABUSE_SECONDS (20 per phase), BENCH_HOSTILE (20 clients). Loopback only; the database is read.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { root as here } from "../scripts/lib/run.mjs";
import { startServer } from "./lib/server.ts";

const env = process.env;
const root = env.BENCH_ROOT ?? here;
const port = Number(env.BENCH_PORT ?? 4340);
const seconds = Number(env.BENCH_ABUSE_SECONDS ?? 40);
/** The attack's first seconds, when every hostile client still has its budget, are reported apart. */
const SETTLE_S = Math.min(15, seconds / 2);
const hostileClients = Number(env.BENCH_HOSTILE ?? 20);
/** The normal shopper reads a listing this long before the next one. */
const SHOPPER_THINK_MS = 500;

if (root === here) {
  const { buildIfStale } = await import("../scripts/build-if-stale.mjs");
  await buildIfStale();
}

const database: Record<string, string> = env.BENCH_DATABASE_URL
  ? { DATABASE_URL: env.BENCH_DATABASE_URL, SEED_PRODUCTS: env.BENCH_PRODUCTS ?? "5000" }
  : {
      DATABASE_URL: "",
      DATA_DIR: env.BENCH_DATA_DIR ?? join(root, ".data/bench"),
      SEED_PRODUCTS: env.BENCH_PRODUCTS ?? "5000",
    };

interface Category {
  id: number;
  slug: string;
  children: Category[];
}
interface Facets {
  properties: { code: string; kind: string; values?: { value: string }[] }[];
  brands: { code: string }[];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
const round = (ms: number) => Math.round(ms * 10) / 10;
const randomOf = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const LETTERS = "абвгдежзиклмнопрстуфхцчшщэюя";
const word = (n: number) => Array.from({ length: n }, () => randomOf([...LETTERS])).join("");

/** A GET from the client at `address` (X-Forwarded-For: the server trusts its proxy, which is us). */
async function get(origin: string, path: string, address: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${origin}${path}`, {
    headers: { "x-forwarded-for": address, "accept-encoding": "gzip" },
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

let lookups = 0;
/** The bench's own look at the catalogue, each call from an address of its own (no budget is spent). */
async function json<T>(origin: string, path: string): Promise<T> {
  lookups++;
  const address = `10.9.${Math.floor(lookups / 250)}.${(lookups % 250) + 1}`;
  const res = await fetch(`${origin}${path}`, { headers: { "x-forwarded-for": address } });
  if (!res.ok) throw new Error(`${path} → ${res.status}`);
  return (await res.json()) as T;
}

/** What the bench needs from the catalogue: leaves to browse, and the one with the most enum filters. */
async function catalogue(origin: string) {
  const { items } = await json<{ items: Category[] }>(origin, "/api/v1/categories");
  const leaves: Category[] = [];
  const walk = (nodes: Category[]) => {
    for (const n of nodes) n.children.length === 0 ? leaves.push(n) : walk(n.children);
  };
  walk(items);
  let widest = { id: leaves[0]?.id ?? 0, codes: [] as string[], brands: [] as string[] };
  for (const leaf of leaves) {
    const f = await json<Facets>(origin, `/api/v1/products/facets?categoryId=${leaf.id}`);
    const codes = f.properties.filter((p) => p.kind === "enum").map((p) => p.code);
    if (codes.length > widest.codes.length)
      widest = { id: leaf.id, codes, brands: f.brands.map((b) => b.code) };
  }
  return { leaves, widest };
}

/** The probe of issue 10: every enum property of the category with 100 values. */
function probePath(widest: { id: number; codes: string[] }): string {
  const values = encodeURIComponent(Array.from({ length: 100 }, (_, i) => `${i + 35}`).join(","));
  return `/api/v1/products?categoryId=${widest.id}&${widest.codes
    .slice(0, 6)
    .map((c) => `p.${c}=${values}`)
    .join("&")}`;
}

/** The heaviest listing filter within the bounds: 6 properties × 15 random values, plus brands. */
function heavyFilter(widest: { id: number; codes: string[]; brands: string[] }): string {
  const props = widest.codes
    .slice(0, 6)
    .map((c) => `p.${c}=${encodeURIComponent(Array.from({ length: 15 }, () => word(6)).join(","))}`);
  const brands = widest.brands.slice(0, 8).join(",");
  return `categoryId=${widest.id}&${props.join("&")}${brands ? `&brand=${brands}` : ""}&priceMin=${Math.floor(
    Math.random() * 1000,
  )}`;
}

/** One hostile request, cycling through the four expensive endpoints. */
function hostilePath(i: number, widest: { id: number; codes: string[]; brands: string[] }): string {
  switch (i % 4) {
    case 0:
      return `/api/v1/search?q=${encodeURIComponent(`${word(9)} ${word(7)} ${word(8)}`)}&page=${1 + (i % 40)}`;
    case 1:
      return `/api/v1/search/suggest?q=${encodeURIComponent(word(12))}`;
    case 2:
      return `/api/v1/products?${heavyFilter(widest)}&sort=price_desc&page=${1 + (i % 30)}`;
    default:
      return `/api/v1/products/facets?${heavyFilter(widest)}`;
  }
}

interface PhaseResult {
  phase: string;
  views: number;
  p50: number;
  p95: number;
  max: number;
  /** The same after the attack's first SETTLE_S seconds. */
  settled?: { views: number; p50: number; p95: number };
  shopperErrors: number;
  hostileRequests?: number;
  hostilePerSecond?: number;
  hostile429Share?: number;
  hostileOther?: Record<string, number>;
}

/** The shopper browses for `seconds` while `hostile` clients (maybe none) hammer. */
async function phase(
  name: string,
  origin: string,
  leaves: Category[],
  widest: { id: number; codes: string[]; brands: string[] },
  hostile: number,
): Promise<PhaseResult> {
  const until = Date.now() + seconds * 1000;
  const statuses = new Map<number, number>();
  let hostileRequests = 0;
  const attackers = Array.from({ length: hostile }, async (_, n) => {
    const address = `10.2.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    for (let i = n; Date.now() < until; i++) {
      try {
        const { status } = await get(origin, hostilePath(i, widest), address);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      } catch {
        statuses.set(0, (statuses.get(0) ?? 0) + 1);
      }
      hostileRequests++;
    }
  });
  const times: number[] = [];
  const settledTimes: number[] = [];
  const settleAt = performance.now() + SETTLE_S * 1000;
  let shopperErrors = 0;
  const sorts = ["popular", "price_asc", "rating", "new"];
  const shopper = (async () => {
    // A moment for the attack to be under way.
    if (hostile > 0) await sleep(1_000);
    for (let i = 0; Date.now() < until; i++) {
      const leaf = leaves[i % leaves.length] as Category;
      // A price ceiling of the shopper's own: every view is new to the server's caches, as in any phase.
      const filter = `categoryId=${leaf.id}&priceMax=${1_000 + Math.floor(Math.random() * 99_000)}`;
      const started = performance.now();
      const answers = await Promise.all([
        get(origin, `/api/v1/products?${filter}&sort=${sorts[i % sorts.length]}&page=1&limit=24`, "10.1.0.1"),
        get(origin, `/api/v1/products/facets?${filter}`, "10.1.0.1"),
      ]);
      const ms = performance.now() - started;
      times.push(ms);
      if (started >= settleAt) settledTimes.push(ms);
      shopperErrors += answers.filter((a) => a.status !== 200).length;
      await sleep(SHOPPER_THINK_MS);
    }
  })();
  await Promise.all([shopper, ...attackers]);
  times.sort((a, b) => a - b);
  settledTimes.sort((a, b) => a - b);
  const result: PhaseResult = {
    phase: name,
    views: times.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1) ?? Number.NaN),
    shopperErrors,
  };
  if (hostile > 0) {
    result.settled = {
      views: settledTimes.length,
      p50: round(percentile(settledTimes, 50)),
      p95: round(percentile(settledTimes, 95)),
    };
    const refused = statuses.get(429) ?? 0;
    result.hostileRequests = hostileRequests;
    result.hostilePerSecond = Math.round(hostileRequests / seconds);
    result.hostile429Share = Math.round((1000 * refused) / Math.max(1, hostileRequests)) / 10;
    result.hostileOther = Object.fromEntries(
      [...statuses].filter(([s]) => s !== 429).map(([s, n]) => [s, n]),
    );
  }
  return result;
}

const results: PhaseResult[] = [];
let probe: { path: string; chars: number; statuses: number[]; p50: number; max: number } | undefined;
const loadBefore = loadavg()[0]?.toFixed(2);

for (const limits of ["on", "off"] as const) {
  const server = await startServer({
    root,
    port,
    env: { ...database, TRUST_PROXY: "1", RATE_LIMITS: limits, LOG_LEVEL: "error" },
  });
  try {
    const { leaves, widest } = await catalogue(server.origin);
    if (limits === "on") {
      const path = probePath(widest);
      const times: number[] = [];
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const { status, ms } = await get(server.origin, path, `10.3.0.${i + 1}`);
        statuses.push(status);
        times.push(ms);
      }
      times.sort((a, b) => a - b);
      probe = {
        path,
        chars: path.length,
        statuses: [...new Set(statuses)],
        p50: round(percentile(times, 50)),
        max: round(times.at(-1) ?? 0),
      };
      console.info(
        `6 × 100-value listing (${widest.codes.slice(0, 6).length} properties, ${path.length} characters): status ${probe.statuses.join(", ")}, p50 ${probe.p50} ms, max ${probe.max} ms over 20 requests`,
      );
      results.push(await phase("shopper alone (limits on)", server.origin, leaves, widest, 0));
      console.table([results.at(-1)]);
    }
    results.push(
      await phase(
        `shopper while ${hostileClients} clients hammer (limits ${limits})`,
        server.origin,
        leaves,
        widest,
        hostileClients,
      ),
    );
    console.table([results.at(-1)]);
  } finally {
    await server.stop();
  }
}

console.info(
  `\n${seconds} s per phase, ${hostileClients} hostile clients, shopper think time ${SHOPPER_THINK_MS} ms`,
);
console.info(
  `| phase | shopper views | p50 ms | p95 ms | max ms | after ${SETTLE_S} s: p50 / p95 ms | shopper non-200 | hostile req/s | hostile 429 |`,
);
console.info("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of results) {
  const settled = r.settled ? `${r.settled.p50} / ${r.settled.p95}` : "—";
  const share = r.hostile429Share === undefined ? "—" : `${r.hostile429Share} %`;
  console.info(
    `| ${r.phase} | ${r.views} | ${r.p50} | ${r.p95} | ${r.max} | ${settled} | ${r.shopperErrors} | ${r.hostilePerSecond ?? "—"} | ${share} |`,
  );
}
console.info(`Load average (1 min): ${loadBefore} before, ${loadavg()[0]?.toFixed(2)} after.`);
mkdirSync(join(here, "bench/results"), { recursive: true });
writeFileSync(
  join(here, "bench/results/abuse.json"),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      database: env.BENCH_DATABASE_URL ? "postgres" : "pglite",
      seconds,
      hostileClients,
      probe,
      results,
    },
    null,
    2,
  ),
);
