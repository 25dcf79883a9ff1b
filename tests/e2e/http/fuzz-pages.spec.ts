import { appendFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import { HOSTILE_URL_SAMPLE, internalDetailIn } from "#tests/fuzz/hostile-input.ts";
import { expect, test } from "../support/test.ts";

/**
 * Issue 10, point 8, for pages: every route of app/routes.ts, rendered by the production build, with
 * hostile values in each dynamic segment and in the query string. No answer may be a 5xx or carry
 * internal detail; an error is the storefront's error screen; a method other than GET and HEAD is 405.
 * Request-only (the http project, once): what matters is what the server sends, not what a browser draws.
 * A few tests per route, so the workers share the cases; each notes its cases and statuses as an annotation
 * and prints the routes with a 5xx; FUZZ_REPORT=<file> gets every failure appended. ADR 027.
 */

/** Query parameters the storefront's pages read (search, paging, sorting, listing filters) and one they do not. */
const QUERY_NAMES = ["q", "page", "sort", "p.color", "priceMin", "brand", "photo", "utm_source"];
/**
 * Values also tried alone in the parameters that drive data (search, paging, filters), so one parameter's
 * refusal does not hide another's crash. Every value goes into every parameter at once as well.
 */
const ALONE = new Set(["NUL", "huge", "percent", "1e308"]);
const ALONE_IN = ["q", "page", "p.color", "priceMin"];
/** Methods no page takes: one that carries a body, one that does not, and OPTIONS. */
const WRONG_METHODS = ["POST", "DELETE", "OPTIONS"];
/**
 * Answers that are not a page by design: a head over 16 KB is refused by Node's HTTP parser before the
 * app (414, 431), and a client past its render budget gets a plain 429 (ADR 024).
 */
const NOT_A_PAGE = new Set([414, 429, 431]);

/** Every route's path pattern, from the route table itself (layouts add no path). */
function patterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : entry.path ? `${parent}/${entry.path}` : parent;
    return entry.children ? patterns(entry.children, path) : [path || "/"];
  });
}

interface Known {
  productId: string;
  catId: string;
  catSlug: string;
  catMenuId: string;
  brandCode: string;
  sellerCode: string;
  pageSlug: string;
}

/** Real ids and codes from the seeded catalogue, so a hostile segment sits next to valid ones. */
async function knownValues(request: APIRequestContext): Promise<Known> {
  const get = async (url: string) => {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    return response.json();
  };
  type Node = { id: number; name: string; slug: string; children?: Node[] };
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const categories = flat((await get("/api/v1/categories")).items);
  const phones = categories.find((c) => c.name === "Смартфоны") ?? categories[0]!;
  const list = await get(`/api/v1/products?limit=1&categoryId=${phones.id}`);
  const product = await get(`/api/v1/products/${list.items[0].id}`);
  const menu = await get("/api/v1/catalog-menu");
  const pages = await get("/api/v1/pages");
  return {
    productId: String(product.id),
    catId: String(phones.id),
    catSlug: phones.slug,
    catMenuId: String(JSON.stringify(menu).match(/"id":(\d+)/)?.[1] ?? "1"),
    brandCode: product.brand.code,
    sellerCode: product.seller.code,
    pageSlug: pages.items[0]?.slug ?? "about",
  };
}

/** A valid value for each dynamic segment, by name (`*` is the readable tail of the route). */
function validSegment(pattern: string, name: string, known: Known): string {
  switch (name) {
    case "productId":
      return known.productId;
    case "catId":
      return known.catId;
    case "catMenuId":
      return known.catMenuId;
    case "brandCode":
      return known.brandCode;
    case "sellerCode":
      return known.sellerCode;
    case "*":
      if (pattern.startsWith("/page/")) return known.pageSlug;
      if (pattern.startsWith("/search/")) return encodeURIComponent("телефон");
      if (pattern.startsWith("/catalog/")) return known.catSlug;
      if (pattern === "/*") return "no-such-page"; // the not-found route: an address no page has
      return "";
    default:
      return "1";
  }
}

interface PageCase {
  method: string;
  url: string;
  what: string;
  /** The test that requests it (groupsOf). */
  group: string;
}

/** The dynamic segments of a route pattern, by name (`*` for the readable tail). */
const segmentsOf = (pattern: string) => [...pattern.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*");

const EVERY_PARAMETER = "every query parameter at once";
const ONE_PARAMETER = "one query parameter at a time, and other methods";

/**
 * A route's cases in groups of at most a few dozen, one test each: each segment's hostile values, the query
 * string's (every parameter at once, then one at a time with the methods no page takes). One test of every
 * case of a route takes minutes on a busy machine.
 */
const groupsOf = (pattern: string) => [
  ...segmentsOf(pattern).map((name) => `segment ${name}`),
  EVERY_PARAMETER,
  ONE_PARAMETER,
];

function casesFor(pattern: string, known: Known): PageCase[] {
  const names = segmentsOf(pattern);
  const fill = (hostile?: { name: string; url: string }) =>
    pattern.replace(/:(\w+)|\*/g, (_, name: string | undefined) =>
      (name ?? "*") === hostile?.name ? hostile.url : validSegment(pattern, name ?? "*", known),
    );
  const valid = fill();
  const cases: PageCase[] = [];
  for (const value of HOSTILE_URL_SAMPLE) {
    for (const name of names) {
      cases.push({
        method: "GET",
        url: fill({ name, url: value.url }),
        what: `segment ${name} = ${value.name}`,
        group: `segment ${name}`,
      });
    }
    const all = QUERY_NAMES.map((q) => `${q}=${value.url}`).join("&");
    cases.push({
      method: "GET",
      url: `${valid}?${all}`,
      what: `every query parameter = ${value.name}`,
      group: EVERY_PARAMETER,
    });
    if (ALONE.has(value.name)) {
      for (const q of ALONE_IN) {
        cases.push({
          method: "GET",
          url: `${valid}?${q}=${value.url}`,
          what: `query ${q} = ${value.name}`,
          group: ONE_PARAMETER,
        });
      }
    }
  }
  for (const method of WRONG_METHODS) {
    cases.push({ method, url: valid, what: `method ${method}`, group: ONE_PARAMETER });
  }
  return cases;
}

/** Every page route, from the route table itself: a few tests each (groupsOf), so the workers share the fuzz. */
const ROUTE_PATTERNS = patterns(routes);

/** The seeded catalogue's ids and codes, once per worker (the worker's server keeps its catalogue). */
let knownOnce: Promise<Known> | undefined;

test("the fuzz covers every page route of the route table, each case in one of its tests", () => {
  expect(ROUTE_PATTERNS.length).toBeGreaterThan(30);
  expect(new Set(ROUTE_PATTERNS).size, "one set of tests per route").toBe(ROUTE_PATTERNS.length);
  // Which test a case belongs to does not depend on the catalogue's values.
  const any: Known = {
    productId: "1",
    catId: "1",
    catSlug: "x",
    catMenuId: "1",
    brandCode: "x",
    sellerCode: "x",
    pageSlug: "x",
  };
  for (const route of ROUTE_PATTERNS) {
    const groups = new Set(groupsOf(route));
    for (const c of casesFor(route, any)) expect(groups.has(c.group), `${route}: ${c.what}`).toBe(true);
  }
});

test.describe("every page route answers hostile URLs without a 5xx or internals, with the error screen", () => {
  for (const route of ROUTE_PATTERNS) {
    for (const group of groupsOf(route)) {
      test(`${route}: ${group}`, async ({ signedInRequest, baseURL }, info) => {
        // Signed in, so personal pages reach their own loaders; the back office's as an admin, so its
        // loaders, not its «no access» screen, meet the input.
        const { request } = await signedInRequest({
          name: "Фаззер",
          ...(route.startsWith("/admin") ? { roles: ["admin", "operator"] } : {}),
        });
        knownOnce ??= knownValues(request);
        const known = await knownOnce;
        const cases = casesFor(route, known).filter((c) => c.group === group);
        const failures: string[] = [];
        const statuses = new Map<number, number>();
        let next = 0;
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            while (next < cases.length) {
              const c = cases[next++]!;
              const response = await request.fetch(c.url, {
                method: c.method,
                maxRedirects: 0,
                failOnStatusCode: false,
              });
              const status = response.status();
              const body = await response.text();
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
              const label = `${c.method} ${c.url.slice(0, 120)} [${route}: ${c.what}]`;
              if (status >= 500) {
                failures.push(`${label} → ${status}`);
                continue;
              }
              const leak = internalDetailIn(body);
              if (leak) failures.push(`${label} → ${status} leaks ${leak}`);
              if (c.method !== "GET" && c.method !== "OPTIONS" && route === "/*") {
                // An address no page has: 404 whatever the method, but OPTIONS, which React Router refuses
                // (405) before it matches a route.
                if (status !== 404) failures.push(`${label} → expected 404, got ${status}`);
              } else if (c.method !== "GET") {
                if (status !== 405) failures.push(`${label} → expected 405, got ${status}`);
                else if (!response.headers().allow?.includes("GET")) {
                  failures.push(`${label} → 405 without Allow`);
                }
              }
              if (status >= 300 && status < 400) {
                // A redirect stays on the site, whatever the input (no open redirect).
                const location = response.headers().location ?? "";
                if (new URL(location, baseURL).origin !== new URL(baseURL!).origin) {
                  failures.push(`${label} → ${status} to ${location}`);
                }
              }
              if (
                status >= 400 &&
                c.method === "GET" &&
                !NOT_A_PAGE.has(status) &&
                !body.includes(`data-status="${status}"`)
              ) {
                failures.push(`${label} → ${status} without the error screen`);
              }
            }
          }),
        );
        const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
        const serverErrors = failures.filter((f) => /→ 5\d\d$/.test(f)).length;
        info.annotations.push({
          type: "page fuzz",
          description: `${cases.length} cases, ${serverErrors} 5xx; statuses ${byStatus.join(" ")}`,
        });
        if (serverErrors > 0)
          console.info(`Page fuzz of ${route}: ${serverErrors} 5xx of ${cases.length} cases`);
        if (process.env.FUZZ_REPORT && failures.length > 0) {
          appendFileSync(process.env.FUZZ_REPORT, `${failures.join("\n")}\n`);
        }
        failures.sort((a, b) => Number(/→ 5\d\d/.test(b)) - Number(/→ 5\d\d/.test(a)));
        expect(failures.slice(0, 40), `${failures.length} failures`).toEqual([]);
      });
    }
  }
});

test("the probe's known page failures are the not-found screen, results or 405, not a 500", async ({
  request,
}) => {
  const known = await knownValues(request);
  const page = async (url: string, method = "GET") => {
    const response = await request.fetch(url, { method, maxRedirects: 0, failOnStatusCode: false });
    return { status: response.status(), allow: response.headers().allow, body: await response.text() };
  };
  // A "%" in a search tail used to be decoded twice.
  const percent = await page("/search/50%25");
  expect(percent.status).toBe(200);
  expect(percent.body).toContain("«50%»");
  // A content slug longer than the API takes and a malformed address name no page.
  for (const url of [`/page/${"a".repeat(65)}`, "/search/%ZZ", "/search?q=%00"]) {
    const answer = await page(url);
    expect(answer.status, url).toBe(404);
    expect(answer.body, url).toContain('data-status="404"');
  }
  // A NUL in a listing filter: the listing drops the filter it cannot use (its canonical address).
  const listing = `/catalog/${known.catId}/${known.catSlug}`;
  const nul = await request.fetch(`${listing}?p.color=%00`, { maxRedirects: 0, failOnStatusCode: false });
  expect(nul.status()).toBe(302);
  expect(new URL(nul.headers().location ?? "", "http://x").pathname).toBe(listing);
  const post = await page("/", "POST");
  expect(post.status).toBe(405);
  expect(post.allow).toBe("GET, HEAD");
  expect(post.body).toContain('data-status="405"');
  const nowhere = await page("/no-such-page", "POST");
  expect(nowhere.status).toBe(404);
  expect(nowhere.allow).toBeUndefined();
});
