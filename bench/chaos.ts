/**
 * `npm run chaos`: PostgreSQL faults under load (issue 10, ADR 023). Starts the production build on
 * PostgreSQL through a loopback TCP proxy this script controls (tests/fixtures/tcp-proxy.ts), puts
 * autocannon load on a catalogue page and a catalogue API call, and plays two scenarios:
 *
 * - A: every connection of the instance is killed (pg_terminate_backend) under load;
 * - B: PostgreSQL goes away and refuses connections for CHAOS_OUTAGE_S (60 s) under load: open connections
 *   are reset, new ones refused at the proxy.
 *
 * For each: responses that were not 2xx/3xx (503 apart from other 5xx and from socket errors) during the
 * fault and after it, seconds from the end of the fault to the last failed response and to the LISTEN
 * connection being back, connection attempts per 5 s during the outage (counted at the proxy by
 * application_name), and the peak number of connections the instance held (sampled from pg_stat_activity
 * every 250 ms, and counted at the proxy), which must not exceed the pool size plus the listener. During B
 * it also checks that a page answers the 503 screen with status 503 and the API 503 with Retry-After.
 *
 * - C: every connection is dropped silently (blackholed: no FIN, no RST) and a product's price changes
 *   meanwhile; reports how long the old price is still served (the stale-read window), how long /readyz
 *   takes then, and how long after the network heals the new price is served.
 * Results go to stdout and bench/results/chaos.json; the exit code is 1 when a bound is broken.
 *
 * Only loopback addresses; every loop is bounded by the scenario's fixed duration.
 *
 * Environment: CHAOS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/vitrina_chaos; created and
 * seeded on first run), CHAOS_PRODUCTS (2000), CHAOS_OUTAGE_S (60), CHAOS_CONNECTIONS (10), CHAOS_PORT
 * (4330), CHAOS_SCENARIOS (A,B,C).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import pg from "pg";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { root } from "../scripts/lib/run.mjs";
import { APPLICATION_NAME } from "../server/db/client.ts";
import { startTcpProxy } from "../tests/fixtures/tcp-proxy.ts";
import { startServer } from "./lib/server.ts";

const env = process.env;
const databaseUrl = env.CHAOS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/vitrina_chaos";
const products = env.CHAOS_PRODUCTS ?? "2000";
const outageS = Number(env.CHAOS_OUTAGE_S ?? 60);
const connections = Number(env.CHAOS_CONNECTIONS ?? 10);
const port = Number(env.CHAOS_PORT ?? 4330);
const scenarios = (env.CHAOS_SCENARIOS ?? "A,B,C").split(",").map((s) => s.trim().toUpperCase());
/** The server's pool (openDatabase's default) plus its one LISTEN connection. */
const POOL_SIZE = 10;
const CONNECTION_BOUND = POOL_SIZE + 1;
const WARM_S = 10;
const AFTER_S = 30;

for (const url of [databaseUrl]) {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    console.error(`CHAOS_DATABASE_URL must be on the loopback interface, not ${host}`);
    process.exit(2);
  }
}

await buildIfStale();
await ensureDatabase(databaseUrl);
const database = new URL(databaseUrl).pathname.slice(1);
const target = new URL(databaseUrl);
const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
const admin = new pg.Client({ connectionString: databaseUrl, application_name: "vitrina-chaos" });
await admin.connect();

interface Sample {
  at: number;
  pool: number;
  listen: number;
}
const samples: Sample[] = [];
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    const { rows } = await admin.query<{ application_name: string; n: number }>(
      "SELECT application_name, count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = ANY($2) GROUP BY 1",
      [database, [APPLICATION_NAME.pool, APPLICATION_NAME.listen]],
    );
    const count = (name: string) => rows.find((r) => r.application_name === name)?.n ?? 0;
    samples.push({
      at: Date.now(),
      pool: count(APPLICATION_NAME.pool),
      listen: count(APPLICATION_NAME.listen),
    });
    await sleep(250);
  }
})();

console.info(`• Starting the production build on ${database} through the proxy on port ${proxy.port}…`);
const server = await startServer({
  root,
  port,
  env: { DATABASE_URL: proxy.urlFor(databaseUrl), SEED_PRODUCTS: products, LOG_LEVEL: "error" },
});

const results: Record<string, ScenarioResult> = {};
let silent: SilentDropResult | undefined;
let failed = false;
try {
  const categoryPath = await firstCategoryPath(server.origin);
  const paths = [categoryPath, "/api/v1/products?limit=12"];
  console.info(`• Load: ${connections} connections on ${paths.join(" and ")}`);
  for (const name of scenarios) {
    if (name === "C") silent = await silentDrop(server.origin);
    else if (name === "A")
      results.A = await scenario("A: every connection killed under load", paths, 0, killAll);
    else if (name === "B")
      results.B = await scenario(
        `B: connections refused for ${outageS} s under load`,
        paths,
        outageS,
        async () => {
          proxy.refuse();
          proxy.resetAll();
        },
        async () => proxy.forward(),
        () => checkOutageAnswers(server.origin, categoryPath),
      );
  }
} finally {
  await server.stop();
  sampling = false;
  await sampler;
  await admin.end();
  await proxy.close();
}

print();
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(
  join(root, "bench/results/chaos.json"),
  JSON.stringify({ date: new Date().toISOString(), connections, outageS, results, silent }, null, 2),
);
process.exitCode = failed ? 1 : 0;

interface Window {
  ok: number;
  status503: number;
  other5xx: number;
  other4xx: number;
  socketErrors: number;
}
interface ScenarioResult {
  name: string;
  faultS: number;
  during: Window;
  after: Window;
  /** From the end of the fault to the last failed response (0: none after it). */
  recoverS: number;
  /** From the end of the fault to the LISTEN connection being back in pg_stat_activity. */
  listenBackS: number | undefined;
  attemptsPer5s: { pool: number[]; listen: number[] };
  peak: { pgStatActivity: number; proxy: number; bound: number };
  listenAfter: number;
  outageAnswers?: OutageAnswers;
}
interface OutageAnswers {
  pageStatus: number;
  pageShows503Screen: boolean;
  apiStatus: number;
  apiRetryAfter: string | null;
  apiCode: string | undefined;
}

/**
 * Warm-up, then the fault (`faultS` long, ended by `heal`), then AFTER_S of load; the load runs all
 * along, its responses bucketed by when they came back.
 */
async function scenario(
  name: string,
  paths: string[],
  faultS: number,
  fault: () => Promise<void>,
  heal: () => Promise<void> = async () => {},
  duringFault?: () => Promise<OutageAnswers>,
): Promise<ScenarioResult> {
  console.info(`\n▶ ${name}`);
  const durationS = WARM_S + faultS + AFTER_S;
  const responses: { at: number; status: number }[] = [];
  let next = 0;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  // The callback form returns the running instance, whose events time each response.
  const instance = autocannon(
    {
      url: server.origin,
      connections,
      duration: durationS,
      timeout: 10,
      headers: { "accept-encoding": "gzip, br" },
      requests: [
        {
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            path: paths[next++ % paths.length] ?? "/",
          }),
        },
      ],
    },
    () => finish(),
  );
  instance.on("response", (_client, status) => responses.push({ at: Date.now(), status }));
  instance.on("reqError", () => responses.push({ at: Date.now(), status: 0 }));

  await sleep(WARM_S * 1000);
  proxy.clearLog();
  proxy.resetPeak();
  const faultAt = Date.now();
  await fault();
  let outageAnswers: OutageAnswers | undefined;
  if (duringFault) {
    // Past the caches' blind bound, so the page is rendered against the missing database.
    await sleep(Math.min(10_000, (faultS * 1000) / 2));
    outageAnswers = await duringFault();
  }
  await sleep(Math.max(0, faultAt + faultS * 1000 - Date.now()));
  await heal();
  const healedAt = Date.now();
  await done;
  const attempts = [...proxy.attempts];

  const window = (from: number, to: number): Window => {
    const w: Window = { ok: 0, status503: 0, other5xx: 0, other4xx: 0, socketErrors: 0 };
    for (const r of responses) {
      if (r.at < from || r.at >= to) continue;
      if (r.status === 0) w.socketErrors++;
      else if (r.status === 503) w.status503++;
      else if (r.status >= 500) w.other5xx++;
      else if (r.status >= 400) w.other4xx++;
      else w.ok++;
    }
    return w;
  };
  // An instantaneous fault is "during" for the 5 s it takes to play out.
  const faultEnd = faultS > 0 ? healedAt : faultAt + 5_000;
  const lastFailure = responses.filter((r) => r.at >= healedAt && (r.status === 0 || r.status >= 400)).at(-1);
  const listenBack = samples.find((s) => s.at >= healedAt && s.listen > 0);
  const per5s = (application: string) => {
    const buckets: number[] = [];
    const span = Math.max(faultS, 5);
    for (let t = 0; t < span; t += 5) {
      buckets.push(
        attempts.filter(
          (a) =>
            a.application === application && a.at >= faultAt + t * 1000 && a.at < faultAt + (t + 5) * 1000,
        ).length,
      );
    }
    return buckets;
  };
  const scenarioSamples = samples.filter((s) => s.at >= faultAt - WARM_S * 1000);
  const peakSampled = Math.max(0, ...scenarioSamples.map((s) => s.pool + s.listen));
  const last = samples.at(-1);
  const result: ScenarioResult = {
    name,
    faultS,
    during: window(faultAt, faultEnd),
    after: window(faultEnd, Number.POSITIVE_INFINITY),
    recoverS: lastFailure ? round((lastFailure.at - healedAt) / 1000) : 0,
    listenBackS: listenBack ? round((listenBack.at - healedAt) / 1000) : undefined,
    attemptsPer5s: { pool: per5s(APPLICATION_NAME.pool), listen: per5s(APPLICATION_NAME.listen) },
    peak: { pgStatActivity: peakSampled, proxy: proxy.peak().total, bound: CONNECTION_BOUND },
    listenAfter: last?.listen ?? 0,
    ...(outageAnswers ? { outageAnswers } : {}),
  };
  if (Math.max(result.peak.pgStatActivity, result.peak.proxy) > CONNECTION_BOUND) failed = true;
  if (result.listenAfter !== 1 || result.after.other5xx > 0) failed = true;
  if (outageAnswers && (outageAnswers.pageStatus !== 503 || outageAnswers.apiStatus !== 503)) failed = true;
  return result;
}

async function killAll(): Promise<void> {
  const killer = new pg.Client({ connectionString: databaseUrl, application_name: "vitrina-chaos" });
  await killer.connect();
  try {
    const { rowCount } = await killer.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = ANY($2)",
      [database, [APPLICATION_NAME.pool, APPLICATION_NAME.listen]],
    );
    console.info(`  killed ${rowCount} connections`);
  } finally {
    await killer.end();
  }
}

async function checkOutageAnswers(origin: string, pagePath: string): Promise<OutageAnswers> {
  const page = await fetch(`${origin}${pagePath}`);
  const html = await page.text();
  const api = await fetch(`${origin}/api/v1/products?limit=3`);
  const body = (await api.json().catch(() => ({}))) as { code?: string };
  return {
    pageStatus: page.status,
    pageShows503Screen: html.includes("Сервис временно недоступен"),
    apiStatus: api.status,
    apiRetryAfter: api.headers.get("retry-after"),
    apiCode: body.code,
  };
}

interface SilentDropResult {
  /** From the drop to the last request that was answered the old price. */
  staleS: number;
  firstAnswerAfter: number | string;
  /** How long that first other answer took. */
  answerMs: number;
  readyzMs: number;
  readyzStatus: number;
  /** From the network healing to the new price being served. */
  recoverS: number;
  listenBackS: number | undefined;
  listenAfter: number;
}

/**
 * C: the network drops every connection without a word, and the price of a product changes in the
 * database meanwhile (its notification goes nowhere). How long is the old price served?
 */
async function silentDrop(origin: string): Promise<SilentDropResult> {
  console.info("\n▶ C: every connection dropped silently, a price changed meanwhile");
  const { items } = (await (await fetch(`${origin}/api/v1/products?limit=1`)).json()) as {
    items: { id: number }[];
  };
  const id = items[0]?.id ?? 1;
  const read = async (): Promise<number | string> => {
    const response = await fetch(`${origin}/api/v1/products/${id}`, { signal: AbortSignal.timeout(15_000) });
    return response.ok ? ((await response.json()) as { price: number }).price : `HTTP ${response.status}`;
  };
  const before = await read();
  await read();
  if (typeof before !== "number") throw new Error(`product ${id} answered ${before}`);
  const writer = new pg.Client({ connectionString: databaseUrl, application_name: "vitrina-chaos" });
  await writer.connect();
  try {
    proxy.blackhole();
    const droppedAt = Date.now();
    await writer.query("UPDATE products SET price = price + 1 WHERE id = $1", [id]);
    let answer: number | string = before;
    let lastStaleAt = droppedAt;
    let askedAt = droppedAt;
    // Bounded: the window is seconds; a minute means something is wrong.
    while (answer === before && Date.now() - droppedAt < 60_000) {
      await sleep(100);
      lastStaleAt = askedAt;
      askedAt = Date.now();
      answer = await read().catch((error: unknown) => String(error));
    }
    const staleS = round((lastStaleAt - droppedAt) / 1000);
    const answerMs = Date.now() - askedAt;
    const readyzStarted = Date.now();
    const readyz = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(15_000) });
    const readyzMs = Date.now() - readyzStarted;
    proxy.forward();
    const healedAt = Date.now();
    let after: number | string = answer;
    while (after !== before + 1 && Date.now() - healedAt < 60_000) {
      await sleep(100);
      after = await read().catch((error: unknown) => String(error));
    }
    const recoverS = round((Date.now() - healedAt) / 1000);
    // The listener comes back on its own schedule (woken by the pool's first connection): bounded wait.
    while (!samples.some((s) => s.at > healedAt && s.listen > 0) && Date.now() - healedAt < 40_000) {
      await sleep(250);
    }
    const listenBack = samples.find((s) => s.at > healedAt && s.listen > 0);
    await sleep(2_000);
    const result = {
      staleS,
      firstAnswerAfter: answer,
      answerMs,
      readyzMs,
      readyzStatus: readyz.status,
      recoverS,
      listenBackS: listenBack ? round((listenBack.at - healedAt) / 1000) : undefined,
      listenAfter: samples.at(-1)?.listen ?? 0,
    };
    if (readyzMs > 2_000 || after !== before + 1 || result.listenAfter !== 1) failed = true;
    return result;
  } finally {
    await writer.query("UPDATE products SET price = price - 1 WHERE id = $1", [id]);
    await writer.end();
  }
}

function print() {
  const fmt = (w: Window) =>
    `${w.ok} ok, ${w.status503}×503, ${w.other5xx}×other 5xx, ${w.other4xx}×4xx, ${w.socketErrors} socket errors`;
  for (const r of Object.values(results)) {
    console.info(`\n## ${r.name}`);
    console.info(`- during the fault: ${fmt(r.during)}`);
    console.info(`- after it:         ${fmt(r.after)}`);
    console.info(
      `- last failed response ${r.recoverS} s after the fault ended; LISTEN back after ${r.listenBackS ?? "—"} s`,
    );
    console.info(
      `- connection attempts per 5 s from the fault on: pool [${r.attemptsPer5s.pool.join(", ")}], listener [${r.attemptsPer5s.listen.join(", ")}]`,
    );
    console.info(
      `- peak connections held: ${r.peak.pgStatActivity} (pg_stat_activity), ${r.peak.proxy} (proxy); bound ${r.peak.bound} — ${Math.max(r.peak.pgStatActivity, r.peak.proxy) <= r.peak.bound ? "met" : "EXCEEDED"}`,
    );
    console.info(`- LISTEN connections at the end: ${r.listenAfter}`);
    if (r.outageAnswers) {
      const o = r.outageAnswers;
      console.info(
        `- during the outage: page ${o.pageStatus}${o.pageShows503Screen ? " with the 503 screen" : " WITHOUT the 503 screen"}, API ${o.apiStatus} ${o.apiCode ?? ""} Retry-After ${o.apiRetryAfter ?? "none"}`,
      );
    }
  }
  if (silent) {
    console.info("\n## C: every connection dropped silently, a price changed meanwhile");
    console.info(
      `- the old price served to requests made up to ${silent.staleS} s after the drop; the next: ${silent.firstAnswerAfter} in ${silent.answerMs} ms`,
    );
    console.info(`- /readyz meanwhile: ${silent.readyzStatus} in ${silent.readyzMs} ms`);
    console.info(
      `- the new price served ${silent.recoverS} s after the network healed; LISTEN back after ${silent.listenBackS ?? "—"} s, connections then: ${silent.listenAfter}`,
    );
  }
  console.info(failed ? "\nchaos: a bound was broken" : "\nchaos: every bound met");
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Creates the chaos database on first run (the server migrates and seeds it at start-up). */
async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/** A real category page: the first sub-category of the first top-level one. */
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
