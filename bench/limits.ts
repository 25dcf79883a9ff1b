/**
 * What a client can make the server hold (issue 10, point 5; ADR 025), measured on the production build
 * as the process's resident memory (RSS, from /proc) around each attack:
 *
 * 1. a 50 MB JSON body POSTed to an API write with its Content-Length, then the same without one
 *    (chunked): status, time to the answer, RSS before and after;
 * 2. 1,200 distinct listing pages (`/catalog/{id}/{slug}?priceMin=…`, each its own listing, facets and
 *    page), four at a time: RSS before and after, and after a few seconds of rest;
 * 3. a product page under load (autocannon, 10 connections, 5 s) as it is and with `?x=<random>` on every
 *    request: requests per second of each (a parameter the page does not read must not force renders).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrina_bench npx tsx bench/limits.ts
 *   BENCH_ROOT=/tmp/other-checkout … npx tsx bench/limits.ts   # another checkout's build (before/after)
 *
 * Environment: BENCH_DATABASE_URL (PostgreSQL, seeded with 5,000 products on first start; without it
 * the embedded PGlite in BENCH_DATA_DIR, default .data/bench, whose own memory then counts in the RSS),
 * BENCH_ROOT (the checkout whose build runs; default this one, built if stale), BENCH_PORT (4330),
 * BENCH_LISTINGS (1200), BENCH_PARTS (`body,listings,query`: one alone measures it in a fresh process).
 * Loopback only; the database is only read.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { root as here } from "../scripts/lib/run.mjs";
import { measure } from "./lib/load.ts";
import { startServer } from "./lib/server.ts";

const env = process.env;
const root = env.BENCH_ROOT ?? here;
const port = Number(env.BENCH_PORT ?? 4330);
const listings = Number(env.BENCH_LISTINGS ?? 1200);
const parts = new Set((env.BENCH_PARTS ?? "body,listings,query").split(","));
const MB = 1024 * 1024;

if (root === here) {
  const { buildIfStale } = await import("../scripts/build-if-stale.mjs");
  await buildIfStale();
}
const server = await startServer({
  root,
  port,
  // PostgreSQL keeps the database's memory out of the process, so RSS shows what the process holds.
  // Every request comes from this one address: per-client rate limits would measure themselves.
  env: {
    RATE_LIMITS: "off",
    ...(env.BENCH_DATABASE_URL
      ? { DATABASE_URL: env.BENCH_DATABASE_URL }
      : { DATABASE_URL: "", DATA_DIR: env.BENCH_DATA_DIR ?? join(root, ".data/bench") }),
  },
});

/** Resident memory of the server process, in MB. */
function rssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

/**
 * POSTs `total` bytes of a JSON string as fast as the socket takes them, stopping when the answer
 * arrives: the status, the milliseconds to it, and how many bytes went out before it.
 */
function postHuge(path: string, total: number, declareLength: boolean) {
  return new Promise<{ status: number; ms: number; sentMb: number }>((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    let answered = false;
    const req = request(
      `${server.origin}${path}`,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(declareLength ? { "Content-Length": String(total) } : {}),
        },
      },
      (res) => {
        answered = true;
        res.resume();
        resolve({
          status: res.statusCode ?? 0,
          ms: Math.round(performance.now() - started),
          sentMb: Math.round((sent / MB) * 10) / 10,
        });
        req.destroy();
      },
    );
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const write = () => {
      if (sent === 0) {
        sent += Buffer.byteLength('{"query":"');
        req.write('{"query":"');
      }
      while (!answered && sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

try {
  const report: Record<string, unknown> = {};
  // Warm the process as a shopper would first: a page and the API, so their code is loaded.
  await fetch(`${server.origin}/`).then((r) => r.text());
  await sleep(1000);

  for (const declareLength of parts.has("body") ? [true, false] : []) {
    const before = rssMb();
    const result = await postHuge("/api/v1/search/recent", 50 * MB, declareLength);
    await sleep(500);
    report[declareLength ? "body50MbWithLength" : "body50MbChunked"] = {
      ...result,
      rssBefore: before,
      rssAfter: rssMb(),
    };
  }

  if (parts.has("listings")) await distinctListings(report);
  if (parts.has("query")) await unknownQuery(report);
  console.info(JSON.stringify(report, null, 2));
} finally {
  await server.stop();
}

async function distinctListings(report: Record<string, unknown>) {
  const tree = (await (await fetch(`${server.origin}/api/v1/categories`)).json()) as {
    items: { id: number; slug: string; children: unknown[] }[];
  };
  // The first top-level category's first leaf: a real listing with products and facets.
  type Node = { id: number; slug: string; children: Node[] };
  const leaf = (node: Node): Node => (node.children[0] ? leaf(node.children[0]) : node);
  const category = leaf(tree.items[0] as Node);
  const before = rssMb();
  const started = performance.now();
  let next = 0;
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < listings) {
        const i = next++;
        const res = await fetch(`${server.origin}/catalog/${category.id}/${category.slug}?priceMin=${i + 1}`);
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  const after = rssMb();
  await sleep(5000);
  report.distinctListings = {
    count: listings,
    path: `/catalog/${category.id}/${category.slug}?priceMin=1…${listings}`,
    statuses: Object.fromEntries(statuses),
    seconds: Math.round((performance.now() - started) / 100) / 10,
    rssBefore: before,
    rssAfter: after,
    rssAfterRest: rssMb(),
  };
}

async function unknownQuery(report: Record<string, unknown>) {
  const { items } = (await (await fetch(`${server.origin}/api/v1/products?limit=1`)).json()) as {
    items: { id: number }[];
  };
  const path = `/product/${items[0]?.id ?? 1}`;
  const options = { runs: 1, seconds: 5, connections: 10 };
  const plain = await measure(`${server.origin}${path}`, options);
  const random = await measure(`${server.origin}${path}`, {
    ...options,
    paths: Array.from({ length: 50_000 }, (_, i) => `${path}?x=${i}-${Math.random().toString(36).slice(2)}`),
  });
  report.unknownQuery = {
    path,
    plain: { requestsPerSecond: plain.requestsPerSecond, p99: plain.p99, non2xx: plain.non2xx },
    randomX: { requestsPerSecond: random.requestsPerSecond, p99: random.p99, non2xx: random.non2xx },
  };
}
