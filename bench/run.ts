/**
 * `npm run bench`: starts the production server and measures, with autocannon (medians of several short
 * runs), the home page, a product API call and the guid dictionary next to a static file of the home
 * page's size served by the same process — the physical limit on this machine — plus the gzipped
 * JavaScript of the home page's first load; then Lighthouse (mobile preset, median of LIGHTHOUSE_RUNS)
 * on the home, a category, a product and the basket page, and, for a shopper signed in through the bank
 * with three lines in the basket, that basket and the delivery step. Results go to stdout and
 * bench/results/latest.json; the Lighthouse reports to bench/results/lighthouse/.
 *
 * With BENCH_DATABASE_URL it then runs the database budgets on that PostgreSQL — bench/search.ts (search
 * p95 ≤ 30 ms) and bench/listing.ts (a listing with three facets, p95 ≤ 50 ms) — and with
 * BENCH_PGLITE_DIR, bench/search.ts on that embedded database (p95 ≤ 60 ms). Issue 4's budgets are for
 * 100,000 products: seed them with `SEED_PRODUCTS=100000 npm run db:seed` (PostgreSQL) or let
 * bench/search.ts seed BENCH_PRODUCTS=100000 into an empty BENCH_PGLITE_DIR.
 *
 * With BENCH_DATABASE_URL, bench/sales.ts measures a category and a search page with 0 and 5 orders a
 * second placed beside them (issue 19: ≥ 90 % page-cache hits under sales), and bench/admin-orders.ts the
 * back office's order list over 100,000 orders of its own (issue 20: p95 ≤ 50 ms per filter, each through
 * an index; `--only=admin-orders`). `--only=<text>` runs only the
 * database benches whose name or script contains the text (`npm run bench -- --only=sales`).
 *
 * With BENCH_DATABASE_URL the load figures also include 100 product pages while other products' stock
 * changes 10 times a second, as orders would change it: the page cache must keep the pages it can.
 *
 * Then the product page rendered for every request (issue 23's «uncached renders»), on the same database
 * with no page kept and then with every cache off, each next to a static file of its bytes from that
 * server; `npm run bench -- --uncached` measures only these, `--personal` only the personal pages.
 *
 * Last, bench/abuse.ts (ADR 024), on the same database: the 6 × 100-value listing URL's status and time,
 * and a normal shopper's listing latency alone and while 20 clients hammer the expensive endpoints, with
 * the rate limits on and off. Every other target runs with RATE_LIMITS=off (bench/lib/server.ts).
 *
 * Environment: BENCH_DATABASE_URL (PostgreSQL; default the embedded PGlite in .data/bench),
 * BENCH_PGLITE_DIR, BENCH_PRODUCTS (seeded on first start, default 5000), BENCH_RUNS (3), BENCH_SECONDS (5),
 * BENCH_CONNECTIONS (10), BENCH_PORT (4320), LIGHTHOUSE_RUNS (3; 0 skips Lighthouse), CHROME_PATH.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { TestBrowser, throughBank } from "#tests/fixtures/bank-browser.ts";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { root, run } from "../scripts/lib/run.mjs";
import { type LoadResult, type MeasureOptions, measure } from "./lib/load.ts";
import { startServer } from "./lib/server.ts";
import { type LighthouseTarget, type PageScores, printLighthouse, runLighthouse } from "./lighthouse.ts";

const env = process.env;
const runs = Number(env.BENCH_RUNS ?? 3);
const seconds = Number(env.BENCH_SECONDS ?? 5);
const connections = Number(env.BENCH_CONNECTIONS ?? 10);
const port = Number(env.BENCH_PORT ?? 4320);
const lighthouseRuns = Number(env.LIGHTHOUSE_RUNS ?? 3);
/**
 * `npm run bench -- --lighthouse`: only Lighthouse, on the pages whose name contains LIGHTHOUSE_PAGES
 * (comma-separated; all six without it), with the same signed-in shopper; no load figures, no database
 * benches. For comparing two builds' scores one after the other.
 */
const lighthouseOnly = process.argv.includes("--lighthouse");
/** `npm run bench -- --uncached`: only the product page rendered per request (measureUncachedRenders). */
const uncachedOnly = process.argv.includes("--uncached");
/**
 * `npm run bench -- --personal`: only issue 23's personal pages, each beside the static file of its own
 * bytes, and their budgets: no other page, no Lighthouse, no database benches. For comparing two builds.
 */
const personalOnly = process.argv.includes("--personal");
const lighthousePages = env.LIGHTHOUSE_PAGES?.split(",").filter(Boolean);

await buildIfStale();

/**
 * `npm run bench -- --only=<text>`: only the database benches whose name or script contains the text
 * (`--only=sales`: listing and search under sales), without the page load figures and Lighthouse.
 */
const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
if (only !== undefined) {
  await runDatabaseBenches(only);
  process.exit();
}

/** Stock changes a second in the churn target: a busy shop's orders. */
const CHURN_PER_S = 10;

/** The issue 11 target: a signed-in shopper's product page (budget: ≥ 40 % of the static file). */
const SIGNED_IN_PRODUCT = "product page, signed-in shopper (session, visitor and hint cookies)";

/** Budgets from the architecture doc and issue 4 (issue 11 holds the signed-in product page to the same share). */
const BUDGET = { ssrShare: 40, productJsKb: 150, personalShare: 25 };

/** Issue 23: the orders page as a shopper with this many orders sees it. */
const PERSONAL_ORDERS = 20;

/** In a personal page's path: the bench shopper's newest order awaiting payment. */
const ORDER = "{order}";

/**
 * Issue 23's personal pages, signed in: the basket with 3 lines, the delivery step, the orders page. A
 * shell (ADR 072) is kept as a frame and its `data` fetched by the browser after hydration: both are
 * measured, and the budget holds the two together — a shopper's page costs the frame and its data.
 */
const PERSONAL_PAGES: readonly { ceiling: string; path: string; name: string; data?: string }[] = [
  {
    ceiling: "basket",
    path: "/basket",
    name: "/basket, signed in, 3 lines (a kept frame, its lines rendered per request)",
  },
  { ceiling: "delivery", path: "/checkout/steps/delivery", name: "delivery step, signed in, 3 lines" },
  {
    ceiling: "payment",
    path: `/checkout/steps/payment/${ORDER}`,
    name: "payment step, signed in, an order awaiting payment (a kept frame, its step rendered per request)",
  },
  {
    ceiling: "orders",
    path: "/personal/orders",
    name: `/personal/orders, signed in, ${PERSONAL_ORDERS} orders (a shell)`,
    data: "/api/v1/orders?tab=active",
  },
];

/** A shell's data request, as a target of its own. */
const dataTargetOf = (page: { name: string; data?: string }) => `${page.name}: its data ${page.data}`;

const staticDir = join(root, "build/client/assets");
const staticHome = "bench-static-home.html";
const staticProduct = "bench-static-product.html";
const serverEnv = {
  // The orders page is measured with PERSONAL_ORDERS orders awaiting payment (the shop allows 3).
  MAX_UNPAID_ORDERS: String(PERSONAL_ORDERS + 5),
  ...(env.BENCH_DATABASE_URL
    ? { DATABASE_URL: env.BENCH_DATABASE_URL, SEED_PRODUCTS: env.BENCH_PRODUCTS ?? "5000" }
    : {
        DATABASE_URL: "",
        DATA_DIR: join(root, ".data/bench"),
        SEED_PRODUCTS: env.BENCH_PRODUCTS ?? "5000",
      }),
};
if (uncachedOnly) {
  await measureUncachedRenders();
  process.exit();
}
const server = await startServer({ root, port, env: serverEnv });

try {
  const { items } = (await (await fetch(`${server.origin}/api/v1/products?limit=100`)).json()) as {
    items: { id: number }[];
  };
  const productId = items[0]?.id ?? 1;
  const home = await (await fetch(`${server.origin}/`)).text();
  const product = await (await fetch(`${server.origin}/product/${productId}`)).text();
  // The ceilings: the very same bytes as each page, served from disk by the same process.
  writeFileSync(join(staticDir, staticHome), home);
  writeFileSync(join(staticDir, staticProduct), product);
  const homeJs = await firstLoadJs(server.origin, home);
  const productJs = await firstLoadJs(server.origin, product);
  const manyProducts = items.map((p) => `/product/${p.id}`);
  const signedIn = await signInCookies(server.origin);
  // The shopper's orders first (each placement empties the basket of what it bought), then the basket.
  const orderId = await shopperWithOrders(server.origin, signedIn, PERSONAL_ORDERS);
  const shopper = await shopperWithBasket(server.origin, signedIn, 3);
  const personalPages = PERSONAL_PAGES.map((page) => ({
    ...page,
    path: page.path.replace(ORDER, String(orderId)),
  }));
  // Each personal page's ceiling: its very bytes for this shopper, served as a static file.
  const personalStatics: { name: string; path: string }[] = [];
  for (const page of personalPages) {
    const res = await fetch(`${server.origin}${page.path}`, { headers: { cookie: shopper } });
    if (res.status !== 200) throw new Error(`${page.path} for the bench's shopper: ${res.status}`);
    const file = `bench-static-${page.ceiling}.html`;
    writeFileSync(join(staticDir, file), await res.text());
    personalStatics.push({ name: `static file, ${page.ceiling} page bytes`, path: `/assets/${file}` });
  }

  type Target = {
    name: string;
    path: string;
    ceiling?: string;
    options?: Partial<MeasureOptions>;
    /** Work to run while the target is measured; returns how to stop it. */
    during?: () => Promise<() => Promise<void>>;
  };
  // Personal pages, each next to a static file of its own bytes (a shell's: its frame, and its data).
  const personalTargets: Target[] = [
    ...personalStatics,
    ...personalPages.flatMap((page) => [
      { name: page.name, path: page.path, ceiling: page.ceiling, options: { headers: { cookie: shopper } } },
      ...(page.data
        ? [
            {
              name: dataTargetOf(page),
              path: page.data,
              ceiling: page.ceiling,
              options: { headers: { cookie: shopper } },
            },
          ]
        : []),
    ]),
  ];
  const allTargets: Target[] = [
    { name: "static file, product page bytes", path: `/assets/${staticProduct}` },
    { name: "product page (SSR, anonymous)", path: `/product/${productId}`, ceiling: "product" },
    {
      name: `product pages, ${manyProducts.length} different (SSR, anonymous)`,
      path: `/product/${productId}`,
      ceiling: "product",
      options: { paths: manyProducts },
    },
    {
      // A signed-in shopper with a live session, a visitor id and the signed-in hint: the page's render never
      // sees them (ADR 020, 034), so they get the kept page; their name and hearts come after hydration.
      name: SIGNED_IN_PRODUCT,
      path: `/product/${productId}`,
      ceiling: "product",
      options: { headers: { cookie: signedIn } },
    },
    {
      // The basket as a first visitor sees it (empty, with popular products): rendered per request.
      name: "basket page, anonymous and empty (rendered per request)",
      path: "/basket",
    },
    ...personalTargets,
    ...(env.BENCH_DATABASE_URL
      ? [
          {
            // Orders move stock all the time: other products' changes must not empty the page cache.
            name: `product pages, ${manyProducts.length} different, while other products change ${CHURN_PER_S}×/s`,
            path: `/product/${productId}`,
            ceiling: "product",
            options: { paths: manyProducts },
            during: () =>
              churnStock(
                env.BENCH_DATABASE_URL!,
                items.map((p) => p.id),
              ),
          },
        ]
      : []),
    { name: "static file, home page bytes", path: `/assets/${staticHome}` },
    { name: "home page (SSR, anonymous)", path: "/", ceiling: "home" },
    {
      name: `product API /api/v1/products/${productId}`,
      path: `/api/v1/products/${productId}`,
      ceiling: "product",
    },
    { name: "guid /api/v1/main/guid", path: "/api/v1/main/guid", ceiling: "product" },
  ];
  const targets = personalOnly ? personalTargets : allTargets;
  const results: Record<string, LoadResult & { shareOfStatic?: number }> = {};
  if (!lighthouseOnly) {
    for (const target of targets) {
      process.stdout.write(`measuring ${target.name}… `);
      const stop = await target.during?.();
      try {
        results[target.name] = await measure(`${server.origin}${target.path}`, {
          runs,
          seconds,
          connections,
          ...target.options,
        });
      } finally {
        await stop?.();
      }
      console.info(`${results[target.name]!.requestsPerSecond} req/s`);
    }
    const ceilings: Record<string, number> = personalOnly
      ? {}
      : {
          product: results["static file, product page bytes"]!.requestsPerSecond,
          home: results["static file, home page bytes"]!.requestsPerSecond,
        };
    for (const page of PERSONAL_PAGES) {
      ceilings[page.ceiling] = results[`static file, ${page.ceiling} page bytes`]!.requestsPerSecond;
    }
    for (const target of targets) {
      if (!target.ceiling) continue;
      const r = results[target.name]!;
      r.shareOfStatic = Math.round((100 * r.requestsPerSecond) / ceilings[target.ceiling]!);
    }

    console.info(`\nautocannon: ${runs} runs × ${seconds} s, ${connections} connections, medians\n`);
    console.info("| target | req/s | p50 ms | p99 ms | % of its static file | errors |");
    console.info("|---|---:|---:|---:|---:|---:|");
    for (const [name, r] of Object.entries(results)) {
      const share = r.shareOfStatic === undefined ? "—" : `${r.shareOfStatic} %`;
      console.info(
        `| ${name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${share} | ${r.errors + r.non2xx} |`,
      );
    }
    console.info("");
    if (!personalOnly) {
      const productShare = results["product page (SSR, anonymous)"]!.shareOfStatic ?? 0;
      console.info(
        `budget: product page SSR ${productShare} % of the static file (≥ ${BUDGET.ssrShare} %) — ${productShare >= BUDGET.ssrShare ? "met" : "MISSED"}`,
      );
      const signedInShare = results[SIGNED_IN_PRODUCT]!.shareOfStatic ?? 0;
      console.info(
        `budget: signed-in product page ${signedInShare} % of the static file (≥ ${BUDGET.ssrShare} %) — ${signedInShare >= BUDGET.ssrShare ? "met" : "MISSED"}`,
      );
    }
    for (const page of PERSONAL_PAGES) {
      // A shell's page and its data, one after the other for each shopper: their times add up.
      const parts = [page.name, ...(page.data ? [dataTargetOf(page)] : [])].map(
        (name) => results[name]!.requestsPerSecond,
      );
      const together = 1 / parts.reduce((sum, rps) => sum + 1 / rps, 0);
      const share = Math.round((100 * together) / ceilings[page.ceiling]!);
      const what = page.data ? `${page.name} with its data (${Math.round(together)} a second)` : page.name;
      console.info(
        `budget: ${what} ${share} % of its static file (≥ ${BUDGET.personalShare} %, issue 23) — ${share >= BUDGET.personalShare ? "met" : "MISSED"}`,
      );
    }
    for (const [page, js, html] of personalOnly
      ? []
      : ([
          ["home", homeJs, home],
          ["product", productJs, product],
        ] as const)) {
      console.info(
        `${page} page first-load JavaScript: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gzip / 1024).toFixed(1)} KB gzipped; HTML ${(html.length / 1024).toFixed(1)} KB`,
      );
    }
    const productKb = productJs.gzip / 1024;
    if (!personalOnly) {
      console.info(
        `budget: product page first-load JavaScript ${productKb.toFixed(1)} KB gzipped (≤ ${BUDGET.productJsKb} KB) — ${productKb <= BUDGET.productJsKb ? "met" : "MISSED"}`,
      );
    }
  }

  let lighthouse: PageScores[] = [];
  let lighthouseError: string | undefined;
  if (lighthouseRuns > 0 && !personalOnly) {
    const categoryPath = await firstCategoryPath(server.origin);
    // The basket as a first visitor sees it (empty, with popular products): the architecture's fourth page;
    // then the basket a shopper checks out from and the delivery step, signed in (issue 23, point 1), and
    // the orders page, a shell whose orders the browser fetches (ADR 072: what fetching costs a paint).
    const allTargets: LighthouseTarget[] = [
      "/",
      categoryPath,
      `/product/${productId}`,
      "/basket",
      { path: "/basket", name: "/basket, signed in, 3 lines", cookie: shopper },
      { path: "/checkout/steps/delivery", name: "delivery step, signed in", cookie: shopper },
      { path: "/personal/orders", name: "orders, signed in (a shell)", cookie: shopper },
    ];
    const nameOf = (t: LighthouseTarget) => (typeof t === "string" ? t : t.name);
    const targets = allTargets.filter(
      (t) => !lighthousePages || lighthousePages.some((page) => nameOf(t).includes(page)),
    );
    const names = targets.map(nameOf);
    console.info(`\nLighthouse on ${names.join("; ")} (${lighthouseRuns} runs each)…`);
    try {
      lighthouse = await runLighthouse(server.origin, targets, {
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
    join(
      root,
      lighthouseOnly
        ? "bench/results/latest-lighthouse.json"
        : personalOnly
          ? "bench/results/latest-personal.json"
          : "bench/results/latest.json",
    ),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        runs,
        seconds,
        connections,
        results,
        js: { home: homeJs, product: productJs },
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
  rmSync(join(staticDir, staticHome), { force: true });
  rmSync(join(staticDir, staticProduct), { force: true });
  await server.stop();
}

if (!lighthouseOnly && !personalOnly) {
  await measureUncachedRenders();
  await runDatabaseBenches();
}

/**
 * Issue 23's «uncached renders»: what a product page costs when it is rendered for the request, as each
 * page is once after a change, a deploy or a start. The same database served with no page kept, then with
 * every cache off (CACHE_TTL_S=0), the product page next to a static file of its bytes from that process.
 */
async function measureUncachedRenders() {
  // No kept pages (a budget smaller than any page keeps none, read-cache.ts), the data cache as usual: a
  // page rendered again after its product changed. Then every cache off: a cold start's first renders.
  await measureUncachedRender("no kept pages", { CACHE_PAGES_MAX_MB: "0.001" });
  await measureUncachedRender("caches off", { CACHE_TTL_S: "0" });
}

async function measureUncachedRender(what: string, cacheEnv: Record<string, string>) {
  const uncached = await startServer({ root, port, env: { ...serverEnv, ...cacheEnv } });
  const file = "bench-static-product-uncached.html";
  try {
    const { items } = (await (await fetch(`${uncached.origin}/api/v1/products?limit=1`)).json()) as {
      items: { id: number }[];
    };
    const path = `/product/${items[0]?.id ?? 1}`;
    writeFileSync(join(staticDir, file), await (await fetch(`${uncached.origin}${path}`)).text());
    const again = await fetch(`${uncached.origin}${path}`);
    if (again.headers.get("x-cache") === "HIT") throw new Error(`${what}: the page was still kept`);
    const measured: [string, string][] = [
      [`static file, product page bytes (${what})`, `/assets/${file}`],
      [`product page rendered per request (${what})`, path],
    ];
    const rps: number[] = [];
    for (const [name, target] of measured) {
      process.stdout.write(`measuring ${name}… `);
      const r = await measure(`${uncached.origin}${target}`, { runs, seconds, connections });
      console.info(`${r.requestsPerSecond} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
      rps.push(r.requestsPerSecond);
    }
    const share = Math.round((100 * rps[1]!) / rps[0]!);
    console.info(
      `budget: product page rendered per request (${what}) ${share} % of its static file (≥ ${BUDGET.personalShare} %, issue 23) — ${share >= BUDGET.personalShare ? "met" : "MISSED"}`,
    );
  } finally {
    rmSync(join(staticDir, file), { force: true });
    await uncached.stop();
  }
}

/**
 * The database budgets, each in its own process so one database's caches do not warm the other's; with
 * `only`, those whose name or script contains it.
 */
async function runDatabaseBenches(only?: string) {
  const databaseBenches: [string, string, Record<string, string>][] = [];
  if (env.BENCH_DATABASE_URL) {
    databaseBenches.push(["search on PostgreSQL", "bench/search.ts", {}]);
    databaseBenches.push(["listing with three facets on PostgreSQL", "bench/listing.ts", {}]);
    // Basket mutations (issue 12): p95 ≤ 15 ms.
    databaseBenches.push(["basket mutations on PostgreSQL", "bench/basket.ts", {}]);
    // Order placement (issue 12): 50 shoppers at once, orders/s, p50/p95, and no oversell of the last units.
    databaseBenches.push(["order placement on PostgreSQL", "bench/checkout.ts", {}]);
    // Issue 19, point 10 (ADR 048): category and search pages' req/s and page-cache hits with 0 and 5 orders/s.
    databaseBenches.push(["listing and search under sales on PostgreSQL", "bench/sales.ts", {}]);
    // Issue 20, point 2: the back office's order list at 100,000 orders, p95 ≤ 50 ms per filter, each by an index.
    databaseBenches.push(["admin order list at 100k orders on PostgreSQL", "bench/admin-orders.ts", {}]);
  }
  if (env.BENCH_PGLITE_DIR) {
    databaseBenches.push([
      "search on PGlite",
      "bench/search.ts",
      { BENCH_DATABASE_URL: "", BENCH_DATA_DIR: env.BENCH_PGLITE_DIR },
    ]);
  }
  databaseBenches.push([
    "a normal shopper while 20 clients hammer the expensive endpoints",
    "bench/abuse.ts",
    {},
  ]);
  const chosen = databaseBenches.filter(
    ([name, script]) => only === undefined || `${name} ${script}`.includes(only),
  );
  if (chosen.length === 0) {
    console.error(`no database bench matches "${only}" (is BENCH_DATABASE_URL set?)`);
    process.exitCode = 1;
  }
  for (const [name, script, extra] of chosen) {
    console.info(`\n▶ ${name}`);
    if ((await run("npx", ["tsx", script], { env: { ...process.env, ...extra } })) !== 0)
      process.exitCode = 1;
  }
}

/**
 * Changes the stock of random products other than `measured`, CHURN_PER_S times a second, straight in
 * the database (as an order would), until stopped; the stock is restored afterwards.
 */
async function churnStock(url: string, measured: number[]): Promise<() => Promise<void>> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ id: number }>(
    "SELECT product_id AS id FROM inventory WHERE NOT (product_id = ANY($1::int[])) ORDER BY product_id LIMIT 1000",
    [measured],
  );
  const changed = new Map<number, number>();
  let running = true;
  const loop = (async () => {
    while (running && rows.length > 0) {
      const id = rows[Math.floor(Math.random() * rows.length)]!.id;
      await client.query("UPDATE inventory SET stock = stock + 1 WHERE product_id = $1", [id]);
      changed.set(id, (changed.get(id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 1000 / CHURN_PER_S));
    }
  })();
  return async () => {
    running = false;
    await loop;
    for (const [id, n] of changed) {
      await client.query("UPDATE inventory SET stock = stock - $2 WHERE product_id = $1", [id, n]);
    }
    await client.end();
  };
}

/** The JavaScript a page loads before it is interactive: its script tags and module preloads. */
async function firstLoadJs(origin: string, html: string) {
  const scripts = new Set<string>();
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) scripts.add(m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const src of scripts) {
    const bytes = Buffer.from(await (await fetch(`${origin}${src}`)).arrayBuffer());
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: scripts.size, raw, gzip };
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

/**
 * The signed-in shopper's basket with `lines` different products in stock, as the shopper would fill it
 * (through the API, with the session's cookies); returns the same Cookie header.
 */
async function shopperWithBasket(origin: string, cookie: string, lines: number): Promise<string> {
  const { items } = (await (await fetch(`${origin}/api/v1/products?inStock=1&limit=20`)).json()) as {
    items: { id: number }[];
  };
  const change = (body: object) =>
    fetch(`${origin}/api/v1/basket/lines`, {
      method: "POST",
      headers: { cookie, origin, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  for (const { id } of items.slice(0, lines)) {
    // One of each, whatever an earlier run of the bench left in the same database's basket.
    await change({ intent: "remove", productId: id });
    const res = await change({ intent: "add", productId: id });
    if (res.status !== 200) throw new Error(`basket line for the bench: ${res.status} ${await res.text()}`);
  }
  return cookie;
}

/**
 * Places orders for the signed-in shopper through the API, one product each, picked up at a point of the
 * default city, until `count` of them are active (awaiting payment: an earlier run's may still be).
 */
async function shopperWithOrders(origin: string, cookie: string, count: number): Promise<number> {
  const api = async <T>(path: string, init: RequestInit = {}, expected = 200): Promise<T> => {
    const res = await fetch(`${origin}${path}`, {
      ...init,
      headers: { cookie, origin, "content-type": "application/json" },
    });
    if (res.status !== expected) throw new Error(`${path} for the bench: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  type Active = { items: { id: number; status: string }[] };
  /** The newest order awaiting payment (the list is newest first). */
  const awaiting = (list: Active) => {
    const order = list.items.find((o) => o.status === "awaiting_payment");
    if (!order) throw new Error("the bench's shopper has no order awaiting payment");
    return order.id;
  };
  const active = await api<Active>("/api/v1/orders?tab=active");
  if (active.items.length >= count) return awaiting(active);
  const saved = await api<{ items: { id: number; type: string }[] }>("/api/v1/user/address");
  let pickup = saved.items.find((a) => a.type === "pickup");
  if (!pickup) {
    const points = await api<{ items: { id: number }[] }>("/api/v1/deliveries/points");
    if (!points.items[0]) throw new Error("the default city has no pickup point for the bench");
    pickup = await api<{ id: number; type: string }>(
      "/api/v1/user/address",
      { method: "POST", body: JSON.stringify({ type: "pickup", pickupPointId: points.items[0].id }) },
      201,
    );
  }
  const { items } = await api<{ items: { id: number }[] }>("/api/v1/products?inStock=1&limit=40");
  for (let n = active.items.length; n < count; n += 1) {
    // Whatever the basket held is taken off first: each order is one line.
    const before = await api<Basket>("/api/v1/basket");
    for (const line of before.shipments.flatMap((s) => s.lines)) {
      await api("/api/v1/basket/lines", {
        method: "POST",
        body: JSON.stringify({ intent: "remove", productId: line.productId }),
      });
    }
    const productId = items[n % items.length]!.id;
    await api("/api/v1/basket/lines", { method: "POST", body: JSON.stringify({ intent: "add", productId }) });
    const basket = await api<Basket>("/api/v1/basket");
    await api(
      "/api/v1/orders",
      {
        method: "POST",
        body: JSON.stringify({
          checkoutKey: crypto.randomUUID().replaceAll("-", ""),
          basketVersion: basket.version,
          expectedLines: basket.shipments
            .flatMap((s) => s.lines)
            .map((l) => ({ productId: l.productId, quantity: l.quantity, price: l.price })),
          deliveryType: "pickup",
          addressId: pickup.id,
        }),
      },
      201,
    );
  }
  return awaiting(await api<Active>("/api/v1/orders?tab=active"));
}

interface Basket {
  version: number;
  shipments: { lines: { productId: number; price: number; quantity: number }[] }[];
}

/**
 * A real signed-in shopper's Cookie header: a demo customer signed in through the stand-in bank (ADR 029)
 * as a browser would, after viewing a product (which issues the visitor id): the session, the visitor id
 * and the signed-in hint.
 */
async function signInCookies(origin: string): Promise<string> {
  const browser = new TestBrowser(
    { request: (input, init) => fetch(input, { ...init, redirect: "manual" }) },
    origin,
  );
  await browser.request("/api/v1/viewed/1", { method: "POST", headers: { origin } });
  const { callbackUrl } = await throughBank(browser, "/api/v1/auth/bank?redirectTo=%2F", {
    login: "petrov",
    password: "demo1234",
  });
  await browser.request(callbackUrl);
  const header = browser.cookieHeader(`${origin}/`);
  if (!/(^|; )sid=/.test(header) || !/(^|; )signed_in=[\w-]+/.test(header) || !/(^|; )vid=/.test(header)) {
    throw new Error(`no session, hint or visitor id in the bank sign-in's cookies: ${header}`);
  }
  const me = await fetch(`${origin}/api/v1/user/me`, { headers: { cookie: header } });
  if (me.status !== 200)
    throw new Error(`the bench's session does not sign in: /api/v1/user/me ${me.status}`);
  return header;
}
