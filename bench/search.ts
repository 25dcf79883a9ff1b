/**
 * `npx tsx bench/search.ts`: search latency through the search service (no HTTP), against the
 * PostgreSQL at BENCH_DATABASE_URL or the embedded PGlite in BENCH_DATA_DIR (default .data/bench,
 * seeded with BENCH_PRODUCTS products, default 5000, when empty). About 200 varied queries built from
 * the catalogue's own names — product types, plurals, brands, models, colours with ё and е, one-letter
 * typos, the wrong keyboard layout, queries that find nothing — each run once to warm the caches, then
 * BENCH_ROUNDS times (default 3) timed one at a time; plus as many suggestion prefixes. Prints p50, p95,
 * p99 and max per kind and overall. Budget (docs: architecture): p95 ≤ 30 ms on PostgreSQL and ≤ 60 ms
 * on PGlite over 100,000 products.
 */
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { SearchSort } from "#contract/search.ts";
import { openDatabase } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { isCatalogEmpty, seed } from "#server/db/seed/index.ts";
import { DEFAULT_SEED, Random } from "#server/db/seed/random.ts";
import { cyrillicToLatin } from "#server/domain/search/keyboard-layout.ts";
import { normalizeWords } from "#server/domain/search/normalize.ts";
import { createSearchRepository } from "#server/domain/search/repository.ts";
import { createSearchService } from "#server/domain/search/service.ts";

const env = process.env;
const rounds = Number(env.BENCH_ROUNDS ?? 3);
const handle = await openDatabase(
  env.BENCH_DATABASE_URL
    ? { url: env.BENCH_DATABASE_URL, poolSize: 4 }
    : { dataDir: env.BENCH_DATA_DIR ?? join(import.meta.dirname, "../.data/bench") },
);

try {
  if (handle.kind === "pglite") {
    await migrate(handle);
    if (await isCatalogEmpty(handle.db)) {
      console.info("seeding…");
      await seed(handle.db, { products: Number(env.BENCH_PRODUCTS ?? 5000) });
    }
  }
  const repository = createSearchRepository(handle.db);
  const service = createSearchService(repository);

  let started = performance.now();
  await service.warmUp();
  console.info(`vocabulary built in ${Math.round(performance.now() - started)} ms (${handle.kind})`);

  const { searches, prefixes } = await buildQueries(repository);
  const sorts: SearchSort[] = ["relevance", "relevance", "relevance", "popular", "price_asc", "new"];

  // One untimed pass: the page cache and the plans warm up as they would in a running server.
  for (const [, q] of searches) await service.search({ q, page: 1, limit: 24, sort: "relevance" });
  for (const q of prefixes) await service.suggest(q);

  const times = new Map<string, number[]>();
  const record = (kind: string, ms: number) => {
    for (const key of [kind, kind.startsWith("suggest") ? "suggest: all" : "search: all"]) {
      const list = times.get(key) ?? [];
      list.push(ms);
      times.set(key, list);
    }
  };
  let zero = 0;
  const slowest: [ms: number, what: string][] = [];
  for (let round = 0; round < rounds; round++) {
    for (const [i, [kind, q]] of searches.entries()) {
      started = performance.now();
      const result = await service.search({
        q,
        page: 1,
        limit: 24,
        sort: sorts[(i + round) % sorts.length]!,
      });
      const ms = performance.now() - started;
      record(`search: ${kind}`, ms);
      slowest.push([ms, `search ${JSON.stringify(q)} → ${result.total}`]);
      if (round === 0 && result.total === 0) zero++;
    }
    for (const q of prefixes) {
      started = performance.now();
      await service.suggest(q);
      const ms = performance.now() - started;
      record("suggest: prefix", ms);
      slowest.push([ms, `suggest ${JSON.stringify(q)}`]);
    }
  }

  const { rows } = (await handle.db.execute("select count(*)::int as count from products")) as unknown as {
    rows: [{ count: number }];
  };
  const count = rows[0].count;
  console.info(
    `\n${handle.kind}, ${count} products; ${searches.length} searches (${zero} find nothing) and ${prefixes.length} prefixes, ${rounds} rounds, one at a time\n`,
  );
  console.info("| kind | n | p50 ms | p95 ms | p99 ms | max ms |");
  console.info("|---|---:|---:|---:|---:|---:|");
  for (const [kind, list] of [...times].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...list].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
    console.info(
      `| ${kind} | ${sorted.length} | ${at(50).toFixed(1)} | ${at(95).toFixed(1)} | ${at(99).toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} |`,
    );
  }
  if (env.BENCH_SLOWEST) {
    console.info("\nslowest:");
    for (const [ms, what] of slowest.sort((a, b) => b[0] - a[0]).slice(0, Number(env.BENCH_SLOWEST))) {
      console.info(`${ms.toFixed(1).padStart(7)} ms  ${what}`);
    }
  }
} finally {
  await handle.close();
}

/** Queries shoppers type, derived from a sample of the catalogue's names (deterministic). */
async function buildQueries(repository: ReturnType<typeof createSearchRepository>) {
  const rng = new Random(DEFAULT_SEED);
  const names: string[] = [];
  for await (const batch of repository.productNames(2_000)) {
    names.push(...batch);
    break;
  }
  const categories = await repository.popularCategories(100_000, 40);
  const pick = () => normalizeWords(rng.pick(names));
  const typo = (word: string) => {
    const at = rng.int(1, word.length - 2);
    return word.slice(0, at) + word.slice(at + 1);
  };
  const searches: [kind: string, q: string][] = [];
  for (let i = 0; i < 25; i++) {
    const w = pick();
    searches.push(["type", w[0]!]);
    searches.push(["category name (plural)", rng.pick(categories).name.toLowerCase()]);
    searches.push(["type + brand", w.slice(0, 2).join(" ")]);
    searches.push(["model (3-4 words)", w.slice(0, rng.int(3, 4)).join(" ")]);
    searches.push(["brand", pick()[1]!]);
    searches.push(["typo", typo(pick()[0]!)]);
    searches.push(["wrong layout", cyrillicToLatin(pick()[0]!)]);
    searches.push([
      "colour with ё",
      `${pick()[0]} ${rng.pick(["чёрный", "зелёный", "тёмно-синий", "чёрные"])}`,
    ]);
  }
  searches.push(
    ["nothing", "ывапролджэ"],
    ["nothing", "смартфон кастрюля"],
    ["nothing", "qwertyzxcv"],
    ["nothing", "космический корабль"],
    ["nothing", "iphone 17 pro"],
  );
  const prefixes: string[] = [];
  for (let i = 0; i < 40; i++) {
    const [type, brand] = pick();
    prefixes.push(type!.slice(0, 2), type!.slice(0, 4), `${type} ${brand!.slice(0, 2)}`, brand!.slice(0, 3));
    prefixes.push(cyrillicToLatin(type!.slice(0, 4)));
  }
  return { searches, prefixes };
}
