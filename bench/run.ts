/**
 * `npm run bench`: starts the production server and measures, with autocannon (medians of several short
 * runs), the home page, a product API call and the guid dictionary next to a static file of the home
 * page's size served by the same process — the physical limit on this machine — plus the gzipped
 * JavaScript of the home page's first load; then Lighthouse (mobile preset, median of LIGHTHOUSE_RUNS)
 * on the home, a category, a product and the basket page. Results go to stdout and
 * bench/results/latest.json; the Lighthouse reports to bench/results/lighthouse/.
 *
 * Environment: BENCH_DATABASE_URL (PostgreSQL; default the embedded PGlite in .data/bench),
 * BENCH_PRODUCTS (seeded on first start, default 5000), BENCH_RUNS (3), BENCH_SECONDS (5),
 * BENCH_CONNECTIONS (10), BENCH_PORT (4320), LIGHTHOUSE_RUNS (3; 0 skips Lighthouse), CHROME_PATH.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { root } from "../scripts/lib/run.mjs";
import { type LoadResult, measure } from "./lib/load.ts";
import { startServer } from "./lib/server.ts";
import { type PageScores, printLighthouse, runLighthouse } from "./lighthouse.ts";

const env = process.env;
const runs = Number(env.BENCH_RUNS ?? 3);
const seconds = Number(env.BENCH_SECONDS ?? 5);
const connections = Number(env.BENCH_CONNECTIONS ?? 10);
const port = Number(env.BENCH_PORT ?? 4320);
const lighthouseRuns = Number(env.LIGHTHOUSE_RUNS ?? 3);

await buildIfStale();

const staticName = "bench-static-home.html";
const staticPath = join(root, "build/client/assets", staticName);
const server = await startServer({
  root,
  port,
  env: env.BENCH_DATABASE_URL
    ? { DATABASE_URL: env.BENCH_DATABASE_URL, SEED_PRODUCTS: env.BENCH_PRODUCTS ?? "5000" }
    : { DATABASE_URL: "", DATA_DIR: join(root, ".data/bench"), SEED_PRODUCTS: env.BENCH_PRODUCTS ?? "5000" },
});

try {
  const home = await (await fetch(`${server.origin}/`)).text();
  // The ceiling: the very same bytes as the home page, served from disk by the same process.
  writeFileSync(staticPath, home);

  const scripts = new Set<string>();
  for (const m of home.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) scripts.add(m[1]!);
  for (const m of home.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) scripts.add(m[1]!);
  let jsRaw = 0;
  let jsGzip = 0;
  for (const src of scripts) {
    const bytes = Buffer.from(await (await fetch(`${server.origin}${src}`)).arrayBuffer());
    jsRaw += bytes.length;
    jsGzip += gzipSync(bytes, { level: 9 }).length;
  }

  const { items } = (await (await fetch(`${server.origin}/api/v1/products?limit=1`)).json()) as {
    items: { id: number }[];
  };
  const productId = items[0]?.id ?? 1;
  const targets: [string, string][] = [
    ["static file (same size as home)", `/assets/${staticName}`],
    ["home page (SSR)", "/"],
    [`product API /api/v1/products/${productId}`, `/api/v1/products/${productId}`],
    ["guid /api/v1/main/guid", "/api/v1/main/guid"],
  ];
  const results: Record<string, LoadResult> = {};
  for (const [name, path] of targets) {
    process.stdout.write(`measuring ${name}… `);
    results[name] = await measure(`${server.origin}${path}`, { runs, seconds, connections });
    console.info(`${results[name]!.requestsPerSecond} req/s`);
  }

  const ceiling = results[targets[0]![0]]!.requestsPerSecond;
  console.info(`\nautocannon: ${runs} runs × ${seconds} s, ${connections} connections, medians\n`);
  console.info("| target | req/s | p50 ms | p99 ms | % of static | errors |");
  console.info("|---|---:|---:|---:|---:|---:|");
  for (const [name, r] of Object.entries(results)) {
    const share = ((100 * r.requestsPerSecond) / ceiling).toFixed(0);
    console.info(
      `| ${name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${share} % | ${r.errors + r.non2xx} |`,
    );
  }
  console.info(
    `\nhome page first-load JavaScript: ${scripts.size} files, ${(jsRaw / 1024).toFixed(1)} KB raw, ${(jsGzip / 1024).toFixed(1)} KB gzipped`,
  );
  console.info(`home page HTML: ${(home.length / 1024).toFixed(1)} KB`);

  let lighthouse: PageScores[] = [];
  let lighthouseError: string | undefined;
  if (lighthouseRuns > 0) {
    const categoryPath = await firstCategoryPath(server.origin);
    const paths = ["/", categoryPath, `/product/${productId}`, "/basket"];
    console.info(`\nLighthouse on ${paths.join(", ")} (${lighthouseRuns} runs each)…`);
    try {
      lighthouse = await runLighthouse(server.origin, paths, {
        runs: lighthouseRuns,
        reportDir: join(root, "bench/results/lighthouse"),
      });
      printLighthouse(lighthouse, lighthouseRuns);
    } catch (error) {
      // The load figures above are still worth keeping.
      lighthouseError = String(error);
      console.error(`Lighthouse failed: ${lighthouseError}`);
      process.exitCode = 1;
    }
  }

  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(
    join(root, "bench/results/latest.json"),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        runs,
        seconds,
        connections,
        results,
        js: { files: scripts.size, raw: jsRaw, gzip: jsGzip },
        lighthouse:
          lighthouseRuns > 0
            ? { runs: lighthouseRuns, pages: lighthouse, error: lighthouseError }
            : undefined,
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(staticPath, { force: true });
  await server.stop();
}

/** A real category page: the first sub-category of the first top-level one (or that one if it has none). */
async function firstCategoryPath(origin: string): Promise<string> {
  interface Node {
    id: number;
    slug: string;
    children: Node[];
  }
  const { items } = (await (await fetch(`${origin}/api/v1/categories`)).json()) as { items: Node[] };
  const top = items[0];
  if (!top) throw new Error("the catalogue has no categories");
  const node = top.children[0] ?? top;
  return `/catalog/${node.id}/${node.slug || "x"}`;
}
