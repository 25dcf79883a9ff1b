/**
 * A sale day, rehearsed (issue 23, point 6): two instances of the production build behind a round-robin
 * balancer, on one PostgreSQL (and Redis when REDIS_URL is set). Shoppers browse 1,000 products and 100+
 * listing and search URLs while signed-in shoppers go through the basket, the delivery step, placement and
 * the payment step at 5 and then 20 orders a second. Reported per phase, in total and per instance: req/s,
 * p50/p95 per page kind with the share answered from a kept page or frame, the page cache's hit ratio, placements/s and 5xx,
 * and who had the CPU: each instance, the balancer, the load generator and PostgreSQL, as a share of a core.
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrina_bench npx tsx bench/sale-day.ts
 *
 * Environment: BENCH_DATABASE_URL (an already seeded PostgreSQL; required), REDIS_URL (optional),
 * BENCH_REPLICA=1 (start a streaming replica of that server with pg_basebackup and send the instances'
 * catalogue reads to it: DATABASE_REPLICA_URL, ADR 070), BENCH_SECONDS (15 per phase), BENCH_BROWSERS (6
 * concurrent browsing loops). What it makes (shoppers, their orders, its products) is deleted afterwards.
 *
 * Budgets: at 5 placements/s the catalogue keeps ≥ 80 % of its no-sale throughput and ≥ 90 % page-cache
 * hits; no 5xx anywhere; checkout requests p95 ≤ 1 s. Everything runs on this machine's two cores: the
 * load generator and the balancer take their share beside the instances and PostgreSQL. They are kept
 * lean — the balancer a process of its own, the generator Node's `http` reading pages without inflating
 * them — so that the instances, not the rig, set the no-sale throughput the sale is compared with.
 */

import { readFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { inArray, sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client.ts";
import { orders, products, users } from "../server/db/schema/index.ts";
import { refillBasket, scratchProduct, shopperWithBasket } from "../tests/fixtures/order-data.ts";
import { type StreamingReplica, startStreamingReplica } from "../tests/fixtures/streaming-replica.ts";
import { type RunningBalancer, startBalancer } from "./lib/balancer.ts";
import { cpuMeter, pidsNamed } from "./lib/process-cpu.ts";
import { type RunningServer, startServer } from "./lib/server.ts";

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error(
    "Set BENCH_DATABASE_URL to a seeded PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/vitrina_bench).",
  );
  process.exit(2);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const BROWSERS = Number(process.env.BENCH_BROWSERS ?? 6);
const SHOPPERS = 150;
const BUDGET = { catalogueShare: 0.8, hitRatio: 0.9, checkoutP95Ms: 1_000 };
const root = new URL("..", import.meta.url).pathname;

type Kind = "product" | "listing" | "search" | "basket" | "delivery" | "place" | "payment";
const CHECKOUT: Kind[] = ["basket", "delivery", "place", "payment"];
interface Sample {
  kind: Kind;
  ms: number;
  status: number;
  cache: string | null;
  instance: string | null;
}

const database = await openDatabase({ url, poolSize: 4 });
const db = database.db;
const made = { users: [] as number[], products: [] as number[] };
let replica: StreamingReplica | undefined;
const instances: RunningServer[] = [];
let balancer: RunningBalancer | undefined;

/** The load generator's connections: kept alive, as a shopper's browser keeps them. */
const client = new Agent({ keepAlive: true, maxSockets: 256 });

interface Ask {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One request through the balancer, timed to its last byte. Asked with gzip as a browser asks; a page's body
 * is read, not inflated (autocannon's way: the client's work is not the storefront's), and only an answer
 * the journey reads (JSON) is inflated. With Node's `fetch`, which inflated every page, and the balancer on
 * the same thread, the bench's process spent 2.6 ms of CPU per request; now the generator spends ~0.3 ms and
 * the balancer ~0.4 ms in its own process.
 */
function timed(kind: Kind, origin: string, path: string, ask: Ask = {}): Promise<Sample & { body: string }> {
  const started = performance.now();
  const failed = () => ({
    kind,
    ms: performance.now() - started,
    status: 599,
    cache: null,
    instance: null,
    body: "",
  });
  return new Promise((resolve) => {
    const req = httpRequest(
      `${origin}${path}`,
      {
        method: ask.method ?? "GET",
        headers: { "accept-encoding": "gzip", ...ask.headers },
        agent: client,
      },
      (res) => {
        const chunks: Buffer[] = [];
        const json = (res.headers["content-type"] ?? "").includes("json");
        res.on("data", (chunk: Buffer) => {
          if (json) chunks.push(chunk);
        });
        res.on("error", () => resolve(failed()));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const body = !json
            ? ""
            : res.headers["content-encoding"] === "gzip"
              ? gunzipSync(raw).toString()
              : raw.toString();
          resolve({
            kind,
            ms: performance.now() - started,
            status: res.statusCode ?? 599,
            cache: (res.headers["x-cache"] as string | undefined) ?? null,
            instance: (res.headers["x-bench-instance"] as string | undefined) ?? null,
            body,
          });
        });
      },
    );
    req.on("error", () => resolve(failed()));
    req.end(ask.body);
  });
}

function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

/** What the storefront's shoppers browse: 1,000 products, every leaf category, 40 searches. */
async function browseUrls(): Promise<{ kind: Kind; path: string }[]> {
  const ids = (
    (await db.execute(sql`SELECT id FROM products ORDER BY id LIMIT 5000`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((r) => Number(r.id));
  const step = Math.max(1, Math.floor(ids.length / 1000));
  const productPaths = ids
    .filter((_, i) => i % step === 0)
    .slice(0, 1000)
    .map((id) => `/product/${id}`);
  const categories = (
    (await db.execute(
      sql`SELECT c.id, c.slug FROM categories c WHERE NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id) ORDER BY c.id`,
    )) as unknown as { rows: { id: number; slug: string }[] }
  ).rows.map((c) => `/catalog/${c.id}/${c.slug}`);
  const words = (
    (await db.execute(sql`SELECT name FROM brands ORDER BY id LIMIT 40`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows.map((b) => `/search/?q=${encodeURIComponent(b.name.toLowerCase())}`);
  return [
    ...productPaths.map((path) => ({ kind: "product" as const, path })),
    ...categories.map((path) => ({ kind: "listing" as const, path })),
    ...words.map((path) => ({ kind: "search" as const, path })),
  ];
}

type Shopper = Awaited<ReturnType<typeof shopperWithBasket>>;

/** One signed-in shopper's checkout: the basket, the delivery step, placement, the payment step. */
async function journey(origin: string, shopper: Shopper, into: Sample[]): Promise<number> {
  const headers = { cookie: shopper.cookie, origin };
  into.push(await timed("basket", origin, "/basket", { headers }));
  into.push(await timed("delivery", origin, "/checkout/steps/delivery", { headers }));
  const basket = JSON.parse((await timed("basket", origin, "/api/v1/basket", { headers })).body) as {
    version: number;
    shipments: { lines: { productId: number; price: number; quantity: number; selected: boolean }[] }[];
  };
  const lines = basket.shipments
    .flatMap((s) => s.lines)
    .filter((l) => l.selected)
    .map((l) => ({ productId: l.productId, quantity: l.quantity, price: l.price }))
    .sort((a, b) => a.productId - b.productId);
  const placed = await timed("place", origin, "/api/v1/orders", {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({
      checkoutKey: crypto.randomUUID().replaceAll("-", ""),
      basketVersion: basket.version,
      expectedLines: lines,
      deliveryType: "pickup",
      addressId: shopper.pickupAddressId,
    }),
  });
  into.push(placed);
  if (placed.status !== 201) return placed.status;
  const { id } = JSON.parse(placed.body) as { id: number };
  into.push(await timed("payment", origin, `/checkout/steps/payment/${id}`, { headers }));
  return placed.status;
}

async function phase(
  name: string,
  origin: string,
  browse: { kind: Kind; path: string }[],
  ordersPerSecond: number,
  shoppers: { shopper: Shopper; lines: { productId: number; quantity: number }[] }[],
) {
  const samples: Sample[] = [];
  const cpu = cpuMeter({
    "instance 1": () => [instances[0]?.pid],
    "instance 2": () => [instances[1]?.pid],
    balancer: () => [balancer?.pid],
    "load generator": () => [process.pid],
    postgres: () => pidsNamed("postgres"),
  });
  const deadline = performance.now() + SECONDS * 1000;
  let cursor = Math.floor(Math.random() * browse.length);
  const browsing = Array.from({ length: BROWSERS }, async () => {
    while (performance.now() < deadline) {
      const { kind, path } = browse[cursor++ % browse.length]!;
      const { body: _, ...sample } = await timed(kind, origin, path);
      samples.push(sample);
    }
  });
  let placed = 0;
  const failedStatuses: number[] = [];
  let unserved = 0;
  const checkout: Promise<void>[] = [];
  if (ordersPerSecond > 0) {
    // A shopper goes through one checkout at a time: the next order goes to a shopper not in one.
    const free = [...shoppers];
    const started = performance.now();
    for (let n = 0; performance.now() < deadline; n++) {
      const due = started + (n * 1000) / ordersPerSecond;
      if (due > performance.now()) await sleep(due - performance.now());
      const next = free.shift();
      if (!next) {
        unserved++;
        continue;
      }
      checkout.push(
        (async () => {
          const into: Sample[] = [];
          const status = await journey(origin, next.shopper, into);
          samples.push(...into);
          if (status === 201) placed++;
          else failedStatuses.push(status);
          await refillBasket(db, next.shopper.userId, next.lines);
          free.push(next);
        })(),
      );
    }
  }
  await Promise.all([...browsing, ...checkout]);
  const cpuShares = cpu.read();
  const seconds = SECONDS;
  const kinds = [...new Set(samples.map((s) => s.kind))];
  const byKind = Object.fromEntries(
    kinds.map((kind) => {
      const ofKind = samples.filter((s) => s.kind === kind);
      const times = ofKind.map((s) => s.ms).sort((a, b) => a - b);
      // Answered from a kept page or a kept frame with a part (X-Cache HIT or MISS), not rendered whole.
      const kept = ofKind.filter((s) => s.cache === "HIT" || s.cache === "MISS").length / ofKind.length;
      return [kind, { n: times.length, p50: percentile(times, 50), p95: percentile(times, 95), kept }];
    }),
  );
  const catalogue = samples.filter(
    (s) => s.kind === "product" || s.kind === "listing" || s.kind === "search",
  );
  const kept = catalogue.filter((s) => s.cache === "HIT" || s.cache === "MISS");
  const checkoutTimes = samples
    .filter((s) => CHECKOUT.includes(s.kind))
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  return {
    name,
    seconds,
    reqPerS: samples.length / seconds,
    catalogueReqPerS: catalogue.length / seconds,
    perInstance: [1, 2].map((i) => samples.filter((s) => s.instance === String(i)).length / seconds),
    hitRatio: kept.length === 0 ? Number.NaN : kept.filter((s) => s.cache === "HIT").length / kept.length,
    byKind,
    placementsPerS: placed / seconds,
    failedPlacements: failedStatuses.length,
    failedStatuses: [...new Set(failedStatuses)],
    unserved,
    checkoutP95: percentile(checkoutTimes, 95),
    errors5xx: samples.filter((s) => s.status >= 500).length,
    load: loadavg()[0]!,
    cpuShares,
  };
}

try {
  if (process.env.BENCH_REPLICA === "1") {
    replica = await startStreamingReplica(url);
    console.info(`streaming replica on port ${replica.port}`);
  }
  const env: Record<string, string> = {
    DATABASE_URL: url,
    // Every order of the rehearsal stays unpaid: a shopper places several.
    MAX_UNPAID_ORDERS: "100",
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...(replica ? { DATABASE_REPLICA_URL: replica.urlFor(url) } : {}),
  };
  for (const port of [3201, 3202]) instances.push(await startServer({ root, port, env }));
  balancer = await startBalancer(
    instances.map((i) => i.origin),
    3200,
  );
  const origin = balancer.origin;

  // The goods on sale: 30 products with stock for the whole rehearsal, three in each shopper's basket.
  const stocked = await Promise.all(
    Array.from({ length: 30 }, (_, i) => scratchProduct(db, { stock: 100_000, price: 99_000 + i * 1_000 })),
  );
  made.products.push(...stocked.map((p) => p.id));
  const shoppers: { shopper: Shopper; lines: { productId: number; quantity: number }[] }[] = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const lines = [0, 1, 2].map((k) => ({
      productId: stocked[(3 * i + k) % stocked.length]!.id,
      quantity: 1,
    }));
    const shopper = await shopperWithBasket(db, lines);
    made.users.push(shopper.userId);
    shoppers.push({ shopper, lines });
  }

  const browse = await browseUrls();
  console.info(
    `${browse.length} browsing URLs (${browse.filter((b) => b.kind === "product").length} products, ${browse.filter((b) => b.kind === "listing").length} listings, ${browse.filter((b) => b.kind === "search").length} searches); warming the page caches…`,
  );
  // Warm: every URL once through the balancer (each instance keeps its own pages: twice, one per instance).
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < browse.length; i += 8)
      await Promise.all(browse.slice(i, i + 8).map((b) => timed(b.kind, origin, b.path)));
  }

  const loadBefore = loadavg()[0]!;
  const results: Awaited<ReturnType<typeof phase>>[] = [];
  results.push(await phase("no sale", origin, browse, 0, shoppers));
  results.push(await phase("sale, 5 orders/s", origin, browse, 5, shoppers));
  results.push(await phase("sale, 20 orders/s", origin, browse, 20, shoppers));

  console.table(
    results.map((r) => ({
      phase: r.name,
      "req/s": r.reqPerS.toFixed(0),
      "instance 1 / 2": r.perInstance.map((n) => n.toFixed(0)).join(" / "),
      "catalogue req/s": r.catalogueReqPerS.toFixed(0),
      "hit ratio": `${(100 * r.hitRatio).toFixed(1)} %`,
      "orders/s": r.placementsPerS.toFixed(1),
      "failed orders": r.failedPlacements ? `${r.failedPlacements} (${r.failedStatuses.join(", ")})` : 0,
      "no free shopper": r.unserved,
      "checkout p95": Number.isNaN(r.checkoutP95) ? "—" : r.checkoutP95.toFixed(0),
      "5xx": r.errors5xx,
      load: r.load.toFixed(2),
    })),
  );
  const kinds: Kind[] = ["product", "listing", "search", "basket", "delivery", "place", "payment"];
  console.table(
    kinds.map((kind) =>
      Object.fromEntries([
        ["page", kind],
        ...results.map((r) => [
          r.name,
          r.byKind[kind]
            ? `${r.byKind[kind].p50.toFixed(0)} / ${r.byKind[kind].p95.toFixed(0)} ms, kept ${(100 * r.byKind[kind].kept).toFixed(0)} %`
            : "—",
        ]),
      ]),
    ),
  );
  // Who had the two cores in each phase, as a share of one core: the rig (balancer, load generator) runs
  // beside what it measures.
  console.table(
    Object.keys(results[0]!.cpuShares).map((who) =>
      Object.fromEntries([
        ["CPU, share of a core", who],
        ...results.map((r) => [r.name, `${(100 * r.cpuShares[who]!).toFixed(0)} %`]),
      ]),
    ),
  );
  const [quiet, sale5] = results;
  const share = sale5!.catalogueReqPerS / quiet!.catalogueReqPerS;
  const verdicts = [
    [
      `catalogue at 5 orders/s keeps ${(100 * share).toFixed(0)} % of its no-sale throughput (≥ 80 %)`,
      share >= BUDGET.catalogueShare,
    ],
    [
      `page-cache hits at 5 orders/s ${(100 * sale5!.hitRatio).toFixed(1)} % (≥ 90 %)`,
      sale5!.hitRatio >= BUDGET.hitRatio,
    ],
    [`no 5xx (${results.map((r) => r.errors5xx).join(", ")})`, results.every((r) => r.errors5xx === 0)],
    [
      `checkout p95 ${results
        .filter((r) => !Number.isNaN(r.checkoutP95))
        .map((r) => r.checkoutP95.toFixed(0))
        .join(" / ")} ms (≤ 1,000)`,
      results.every((r) => Number.isNaN(r.checkoutP95) || r.checkoutP95 <= BUDGET.checkoutP95Ms),
    ],
  ] as const;
  // The most memory each instance held at any moment of the run (VmHWM: its peak resident set).
  const peakMb = instances.map((i) => {
    const status = readFileSync(`/proc/${i.pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
  });
  console.info(
    `Peak memory (RSS): ${peakMb.map((mb) => `${mb.toFixed(0)} MB`).join(" / ")} (goal ≤ 300 MB each)`,
  );
  console.info(
    `Load average (1 min): ${loadBefore.toFixed(2)} before, ${loadavg()[0]?.toFixed(2)} after; ${replica ? "catalogue reads on a streaming replica" : "no replica"}; Redis ${process.env.REDIS_URL ? "on" : "off"}.`,
  );
  for (const [text, ok] of verdicts) console.info(`${ok ? "✓" : "✗"} ${text}`);
  if (verdicts.some(([, ok]) => !ok)) process.exitCode = 1;
} finally {
  await balancer?.stop();
  await Promise.all(instances.map((i) => i.stop()));
  if (made.users.length > 0) {
    await db.delete(orders).where(inArray(orders.userId, made.users));
    await db.delete(users).where(inArray(users.id, made.users));
  }
  if (made.products.length > 0) await db.delete(products).where(inArray(products.id, made.products));
  await database.close();
  await replica?.remove();
}
