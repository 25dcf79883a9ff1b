/**
 * The heap a stream of distinct listing pages leaves behind (issue 10, point 5; ADR 025), measured
 * in-process after full garbage collections, which the RSS that bench/limits.ts reads cannot show: the
 * production SSR build renders `/catalog/{id}/{slug}?priceMin=1…N` (the first leaf category) through the app with its caches on,
 * and the heap, external memory (the page cache's bodies) and the caches' own counts are printed every
 * 300 pages. With `CACHE_TTL_S=0` it shows what the renders alone leave.
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrina_bench \
 *     node --expose-gc --import tsx bench/cache-heap.ts
 *
 * Environment: BENCH_DATABASE_URL (a seeded PostgreSQL; required), BENCH_LISTINGS (1200), and the
 * app's own CACHE_TTL_S, CACHE_DATA_MAX_MB, CACHE_PAGES_MAX_MB. Read-only.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { root } from "../scripts/lib/run.mjs";
import { openCaches } from "../server/cache/index.ts";
import { createApp } from "../server/composition/app.ts";
import { createServices } from "../server/composition/services.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { buildPagePolicy } from "../server/http/page-cache.ts";
import { createLogger } from "../server/logger.ts";

const url = process.env.BENCH_DATABASE_URL;
const gc = (globalThis as { gc?: () => void }).gc;
if (!url || !gc) {
  console.error("Set BENCH_DATABASE_URL and run with `node --expose-gc --import tsx bench/cache-heap.ts`.");
  process.exit(2);
}
const listings = Number(process.env.BENCH_LISTINGS ?? 1200);
const config = loadConfig({
  ...process.env,
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  RATE_LIMITS: "off",
});
const database = await openDatabase({ url, poolSize: 4 });
const logger = createLogger("silent");
const caches = await openCaches(config, database, logger);
const build = (await import(pathToFileURL(join(root, "build/server/index.js")).href)) as ServerBuild;
const handler = createRequestHandler(build, "production");
const app = createApp({
  config,
  services: createServices(database.db, { cache: caches?.data, cacheTrusted: caches?.trusted }),
  logger,
  checks: {},
  ssr: (request, context) => handler(request, context),
  pageCache: caches?.pages,
  cachesTrusted: caches?.trusted,
  pagePolicy: buildPagePolicy(build),
  clientDir: join(root, "build/client"),
});

const MB = 1024 * 1024;
/** Heap and external memory in MB after two full collections (ArrayBuffers are freed between them). */
async function memory() {
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 500));
  gc?.();
  const { heapUsed, external } = process.memoryUsage();
  return { heapMb: Math.round(heapUsed / MB), externalMb: Math.round(external / MB) };
}
const cacheState = () => {
  const pick = (s: { size: number; bytes: number; evictions: number } | undefined) =>
    s && { entries: s.size, mb: Math.round((s.bytes / MB) * 10) / 10, evictions: s.evictions };
  return { data: pick(caches?.data.stats()), pages: pick(caches?.pages.stats()) };
};

type Node = { id: number; slug: string; children: Node[] };
const leaf = (node: Node): Node => (node.children[0] ? leaf(node.children[0]) : node);
const tree = (await (await app.request("http://127.0.0.1/api/v1/categories")).json()) as { items: Node[] };
const category = leaf(tree.items[0] as Node);
await (await app.request("http://127.0.0.1/")).text();
const before = await memory();
console.info({ listings: 0, ...before });
for (let i = 1; i <= listings; i++) {
  const res = await app.request(`http://127.0.0.1/catalog/${category.id}/${category.slug}?priceMin=${i}`);
  await res.arrayBuffer();
  if (i % 300 === 0 || i === listings) console.info({ listings: i, ...(await memory()), ...cacheState() });
}
await caches?.close();
await database.close();
