/**
 * Sitemap latency: `/sitemap.xml` (the index) and the first products shard (50,000 URLs) through the
 * app's own request handler, body read to the end, plain and gzip-compressed as crawlers ask for it. Shows
 * the time to the first byte (the shard is streamed while it is read from the database, 5,000 rows per
 * query), the total, the size, and how much the heap grew while the shard was written.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrina_seed npx tsx bench/sitemap.ts
 *
 * Environment: BENCH_DATABASE_URL (an already seeded PostgreSQL; required), BENCH_ITERATIONS (10),
 * BENCH_WARMUP (2). Read-only: it changes nothing in the database.
 */
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { openBenchApp } from "./lib/postgres-app.ts";

const iterations = Number(process.env.BENCH_ITERATIONS ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);

const { database, app } = await openBenchApp();

interface Run {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  chunks: number;
  heapGrowthMb: number;
}

async function fetchOnce(path: string, gzip: boolean): Promise<Run> {
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const started = performance.now();
  const res = await app.request(path, { headers: gzip ? { "Accept-Encoding": "gzip" } : {} });
  if (res.status !== 200) throw new Error(`${path} → ${res.status}`);
  const reader = res.body!.getReader();
  let firstByteMs = 0;
  let bytes = 0;
  let chunks = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (chunks === 0) firstByteMs = performance.now() - started;
    chunks++;
    bytes += value.byteLength;
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  return {
    firstByteMs,
    totalMs: performance.now() - started,
    bytes,
    chunks,
    heapGrowthMb: (heapPeak - heapBefore) / 2 ** 20,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (n: number, digits = 0) => n.toFixed(digits);

const count = await database.db.execute(sql`select count(*)::int as n from products`);
const products = (count as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
const index = await (await app.request("/sitemap.xml")).text();
const shards = [...index.matchAll(/<loc>[^<]*\/sitemaps\/([^<]+)<\/loc>/g)].map((m) => m[1]);
console.info(`${products} products; the index lists ${shards.length} shards: ${shards.join(", ")}`);

const scenarios = [
  { path: "/sitemap.xml", gzip: false },
  { path: "/sitemaps/products-1.xml", gzip: false },
  { path: "/sitemaps/products-1.xml", gzip: true },
  { path: "/sitemaps/categories-1.xml", gzip: false },
];
for (const { path, gzip } of scenarios) {
  for (let i = 0; i < warmup; i++) await fetchOnce(path, gzip);
  const runs: Run[] = [];
  for (let i = 0; i < iterations; i++) runs.push(await fetchOnce(path, gzip));
  const last = runs.at(-1)!;
  console.info(
    `${path}${gzip ? " (gzip)" : ""}: first byte ${fmt(median(runs.map((r) => r.firstByteMs)))} ms, ` +
      `total median ${fmt(median(runs.map((r) => r.totalMs)))} ms ` +
      `(min ${fmt(Math.min(...runs.map((r) => r.totalMs)))}, max ${fmt(Math.max(...runs.map((r) => r.totalMs)))}), ` +
      `${fmt(last.bytes / 1024)} KiB in ${last.chunks} chunks, heap +${fmt(median(runs.map((r) => r.heapGrowthMb)), 1)} MiB`,
  );
}
console.info(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} on this machine`,
);
await database.close();
