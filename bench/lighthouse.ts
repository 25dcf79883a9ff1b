/**
 * Lighthouse on the storefront's key pages with the mobile preset (Lighthouse's default config: Moto G
 * Power emulation, simulated slow 4G and 4× CPU slowdown), against the budgets in
 * docs (performance ≥ 95, accessibility, best practices and SEO 100). Each page is measured several times
 * (LIGHTHOUSE_RUNS, default 3) and the run with the median performance score is the one reported: the
 * machine is shared and its CPU noisy. The median runs' full reports go to bench/results/lighthouse/.
 *
 * Used by bench/run.ts; on its own: `tsx bench/lighthouse.ts http://127.0.0.1:4320 / /basket`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Flags, Result } from "lighthouse";
import lighthouse, { generateReport } from "lighthouse";
import puppeteer from "puppeteer-core";
import { launchChrome } from "./lib/chrome.ts";
import { median } from "./lib/load.ts";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export const BUDGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};

export interface FailingAudit {
  id: string;
  title: string;
  score: number;
  displayValue?: string;
}

/** A page to audit: its path, or its path with a shopper's cookies and the name the report gives it. */
export type LighthouseTarget = string | { path: string; name: string; cookie: string };

export interface PageScores {
  /** The path, or the target's name for a signed-in one («/basket, signed in, 3 lines»). */
  path: string;
  /**
   * A shopper's own page (signed in): kept out of search engines on purpose (`noindex`, no description),
   * so the SEO budget is not theirs.
   */
  personal?: boolean;
  /** Category scores 0–100 of the median run; performance also as the median over runs. */
  scores: Record<Category, number>;
  /** Every run's performance score, to see the spread. */
  performanceRuns: number[];
  /** Median over runs, milliseconds (CLS unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** JavaScript transferred by the first load (compressed, with headers), bytes, and the request count. */
  js: { transfer: number; requests: number };
  /** Audits below a full score in each category under its budget. */
  failing: Partial<Record<Category, FailingAudit[]>>;
}

const FLAGS: Flags = {
  logLevel: "error",
  output: "json",
  onlyCategories: [...CATEGORIES],
  formFactor: "mobile",
  // Default simulated mobile throttling; nothing here overrides it.
};

function score(lhr: Result, category: Category): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function failingAudits(lhr: Result, category: Category): FailingAudit[] {
  const out: FailingAudit[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (["manual", "informative", "notApplicable", "error"].includes(audit.scoreDisplayMode)) continue;
    // Performance diagnostics that carry no weight matter only when they failed outright.
    if (category === "performance" && ref.weight === 0 && audit.score >= 0.9) continue;
    out.push({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
    });
  }
  return out.sort((a, b) => a.score - b.score);
}

function scriptTransfer(lhr: Result): PageScores["js"] {
  const details = lhr.audits["resource-summary"]?.details;
  const items = details?.type === "table" ? details.items : [];
  const script = items.find((item) => item.resourceType === "script");
  return { transfer: Number(script?.transferSize ?? 0), requests: Number(script?.requestCount ?? 0) };
}

/**
 * One Lighthouse run. Trace recording now and then fails on this loaded machine (NO_NAVSTART, NO_FCP);
 * such a run is repeated, up to twice, rather than sinking the whole bench.
 */
async function auditOnce(url: string, port: number): Promise<Result> {
  let lastError = "";
  for (let attempt = 1; attempt <= 3; attempt++) {
    const lhr = (await lighthouse(url, { ...FLAGS, port }))?.lhr;
    if (lhr && !lhr.runtimeError) {
      for (const warning of lhr.runWarnings) console.warn(`  ${url}: ${warning}`);
      return lhr;
    }
    lastError = lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : "no result";
    console.warn(`  lighthouse ${url}: attempt ${attempt} failed (${lastError})`);
  }
  throw new Error(`Lighthouse on ${url}: ${lastError}`);
}

/** Puts the cookies of a `Cookie` header into the browser's jar for `origin`, through DevTools. */
async function setCookies(port: number, origin: string, header: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const cookies = header.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return {
        name: pair.slice(0, at),
        value: pair.slice(at + 1),
        domain: new URL(origin).hostname,
        path: "/",
      };
    });
    await browser.setCookie(...cookies);
  } finally {
    await browser.disconnect();
  }
}

function slug(path: string): string {
  return path.replace(/^\/+|\/+$/g, "").replace(/[^a-z0-9]+/gi, "-") || "home";
}

/**
 * Runs Lighthouse `runs` times on every path and returns the median run per page. One Chromium serves
 * all runs; Lighthouse opens a fresh tab and clears the origin's storage and cache for each.
 */
export async function runLighthouse(
  origin: string,
  targets: LighthouseTarget[],
  options: { runs?: number; reportDir?: string } = {},
): Promise<PageScores[]> {
  const runs = options.runs ?? Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const chrome = await launchChrome();
  const pages: PageScores[] = [];
  try {
    for (const target of targets) {
      const { path, name, cookie } = typeof target === "string" ? { path: target, name: target } : target;
      // A signed-in shopper's cookies in the browser's jar, as a browser that signed in keeps them (the
      // page's script reads the signed-in hint too); Lighthouse's storage reset leaves cookies alone.
      if (cookie) await setCookies(chrome.port, origin, cookie);
      const lhrs: Result[] = [];
      for (let i = 0; i < runs; i++) lhrs.push(await auditOnce(`${origin}${path}`, chrome.port));
      const byPerformance = [...lhrs].sort((a, b) => score(a, "performance") - score(b, "performance"));
      const mid = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
      const metric = (id: string) => median(lhrs.map((l) => l.audits[id]?.numericValue ?? Number.NaN));
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(mid, c)])) as Record<
        Category,
        number
      >;
      const failing: PageScores["failing"] = {};
      for (const c of CATEGORIES) if (scores[c] < 100) failing[c] = failingAudits(mid, c);
      pages.push({
        path: name,
        ...(cookie ? { personal: true } : {}),
        scores,
        performanceRuns: lhrs.map((l) => score(l, "performance")),
        metrics: {
          fcp: Math.round(metric("first-contentful-paint")),
          lcp: Math.round(metric("largest-contentful-paint")),
          tbt: Math.round(metric("total-blocking-time")),
          cls: Number(metric("cumulative-layout-shift").toFixed(3)),
          si: Math.round(metric("speed-index")),
        },
        js: scriptTransfer(mid),
        failing,
      });
      if (options.reportDir) {
        mkdirSync(options.reportDir, { recursive: true });
        writeFileSync(join(options.reportDir, `${slug(name)}.report.html`), generateReport(mid, "html"));
        writeFileSync(join(options.reportDir, `${slug(name)}.report.json`), JSON.stringify(mid));
      }
      console.info(`  lighthouse ${name}: performance ${pages.at(-1)!.performanceRuns.join(", ")}`);
    }
  } finally {
    await chrome.kill();
  }
  return pages;
}

/** Whether the page's score in `category` is under its budget (a personal page has no SEO budget). */
function missed(page: PageScores, category: Category): boolean {
  return !(page.personal && category === "seo") && page.scores[category] < BUDGETS[category];
}

/** The table and the failing audits, as the bench prints them. */
export function printLighthouse(pages: PageScores[], runs: number): void {
  console.info(`\nLighthouse 12 mobile preset (simulated throttling), median of ${runs} runs\n`);
  console.info("| page | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | JS KB (files) |");
  console.info("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const p of pages) {
    const s = p.scores;
    const mark = (c: Category, v: number) => (missed(p, c) ? `**${v}**` : String(v));
    console.info(
      `| ${p.path} | ${mark("performance", s.performance)} | ${mark("accessibility", s.accessibility)} | ${mark("best-practices", s["best-practices"])} | ${mark("seo", s.seo)} | ${p.metrics.fcp} | ${p.metrics.lcp} | ${p.metrics.tbt} | ${p.metrics.cls} | ${(p.js.transfer / 1024).toFixed(1)} (${p.js.requests}) |`,
    );
  }
  for (const p of pages) {
    for (const [category, audits] of Object.entries(p.failing)) {
      if (!audits?.length) continue;
      console.info(`\n${p.path} — ${category} ${p.scores[category as Category]}:`);
      for (const a of audits) {
        const value = a.displayValue ? ` (${a.displayValue})` : "";
        console.info(`  - ${a.id}: ${a.title}${value} [score ${a.score}]`);
      }
    }
  }
  const over = pages.flatMap((p) =>
    CATEGORIES.filter((c) => missed(p, c)).map((c) => `${p.path} ${c} ${p.scores[c]}`),
  );
  console.info(over.length ? `\nLighthouse budgets missed: ${over.join("; ")}` : "\nLighthouse budgets met");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [origin, ...paths] = process.argv.slice(2);
  if (!origin) throw new Error("usage: tsx bench/lighthouse.ts ORIGIN [PATH...]");
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const pages = await runLighthouse(origin, paths.length ? paths : ["/"], {
    runs,
    reportDir: join(import.meta.dirname, "results/lighthouse"),
  });
  printLighthouse(pages, runs);
}
