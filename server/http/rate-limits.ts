import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { MAX_FILTER_VALUES_TOTAL } from "#contract/catalog.ts";
import { formatCount } from "#contract/format.ts";
import type { PageCachePolicy } from "#contract/page-cache.ts";
import type { AppConfig, RateBucket, RateBudget } from "#server/config.ts";
import { MAX_QUERY_WORDS } from "#server/domain/search/query-plan.ts";
import { AppError } from "#server/errors.ts";
import { createLimiter } from "#server/rate-limiter.ts";
import { clientAddress } from "./client-address.ts";

/**
 * Per-client rate limits (ADR 024) on what costs the database most: search, suggestions, listings and
 * facets through the API, and page renders (a listing or search page's render makes those same calls
 * in-process; a page served from the page cache renders nothing and is not counted, nor is a personal
 * page: it is one shopper's own, not what a flood aims at). A client past its search, listing or facets
 * budget is refused for RATE_LIMIT_BLOCK_S with 429 and Retry-After. Suggestions and pages are what a
 * shopper's typing and clicking spend: past those budgets a client is refused only until the window
 * ends, and blocked for RATE_LIMIT_BLOCK_S only once it has asked for ABUSE_FACTOR times the budget.
 *
 * A budget counts cost, not requests (`requestCost`): a listing, facets or page call costs a point plus
 * one for every FILTER_VALUES_PER_POINT filter values it carries, and a search a point per word, so a
 * shopper's few ticks cost a point each while a client sending the heaviest filters the bounds allow
 * spends its budget in a call or two. A page costs what its in-process calls would: its filters, or the
 * words of its `q` when that is dearer.
 *
 * The API calls a page render makes in-process are not counted again: the render was. They are told from
 * calls over the network by the async context they run in (`rateLimitScope`), which no header can fake.
 *
 * With REDIS_URL the counts live in Redis, so every instance draws on one budget per client. While Redis
 * does not answer, each instance counts in its own memory (the insurance limiter): limits stay on, a
 * little looser, and a shopper is never refused because Redis is away.
 */
export interface RateLimits {
  /** Counts `points` in `bucket` for `client`; the seconds to wait when it is over its budget. */
  consume(bucket: RateBucket, client: string, points?: number): Promise<{ retryAfterS: number } | undefined>;
}

const REDIS_PREFIX = "vitrina:rl";

/**
 * Budgets a shopper spends by typing and clicking (the delivery step's map moves, a payment checked on
 * return): past them, refused till the window ends.
 */
const SHOPPER_BUCKETS: ReadonlySet<RateBucket> = new Set([
  "suggest",
  "pages",
  "deliveries",
  "checkout",
  "uploads",
]);
/** A client asking for this many times such a budget is no shopper: it is blocked for RATE_LIMIT_BLOCK_S. */
export const ABUSE_FACTOR = 3;

export function createRateLimits(
  settings: AppConfig["rateLimits"],
  redis?: Redis | undefined,
): RateLimits | undefined {
  if (!settings) return undefined;
  const limiters = new Map<RateBucket, { limiter: RateLimiterAbstract; abuseAbove: number | undefined }>();
  for (const [bucket, budget] of Object.entries(settings.budgets) as [RateBucket, RateBudget][]) {
    const tiered = SHOPPER_BUCKETS.has(bucket);
    const abuseAbove = tiered ? budget.points * ABUSE_FACTOR : undefined;
    const limiter = createLimiter(
      {
        keyPrefix: `${REDIS_PREFIX}:${bucket}`,
        points: budget.points,
        duration: budget.durationS,
        blockDuration: tiered ? 0 : settings.blockS,
      },
      redis,
      // A blocked client's flood is refused from memory, without a Redis round trip each.
      { inMemoryBlockOnConsumed: (abuseAbove ?? budget.points) + 1, inMemoryBlockDuration: settings.blockS },
    );
    limiters.set(bucket, { limiter, abuseAbove });
  }
  return {
    async consume(bucket, client, points = 1) {
      const entry = limiters.get(bucket);
      if (!entry) return undefined;
      const key = rateLimitKey(client);
      try {
        await entry.limiter.consume(key, points);
        return undefined;
      } catch (refusal) {
        // Anything but a refusal is the limiter's own fault: the shopper is let through.
        if (!(refusal instanceof RateLimiterRes)) return undefined;
        // Refused calls count too: a client that keeps asking past the window's end is blocked.
        if (
          entry.abuseAbove !== undefined &&
          refusal.consumedPoints > entry.abuseAbove &&
          settings.blockS > 0
        ) {
          await entry.limiter.block(key, settings.blockS).catch(() => {});
          return { retryAfterS: settings.blockS };
        }
        return { retryAfterS: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
    },
  };
}

/**
 * The key a client is counted under: its IPv4 address, or the /64 network of its IPv6 address (one
 * subscriber gets a whole /64 and can use any address in it).
 */
export function rateLimitKey(address: string): string {
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}

/** How deep in-process calls are nested: 1 for a request from the network, 2 for a call it makes. */
const depth = new AsyncLocalStorage<number>();

/** Whether the request being handled is an in-process call made while handling another one. */
function isInProcessCall(): boolean {
  return (depth.getStore() ?? 0) > 1;
}

/** App-level, first: the limits for the handlers, and the context that tells in-process calls apart. */
export function rateLimitScope(limits: RateLimits | undefined): MiddlewareHandler {
  return (c, next) => {
    c.set("rateLimits", limits);
    return depth.run((depth.getStore() ?? 0) + 1, next);
  };
}

function limitsOf(c: Context): RateLimits | undefined {
  return c.get("rateLimits") as RateLimits | undefined;
}

/** A refusal for this request, or undefined when it may go on (or is not counted). */
async function refusal(
  c: Context,
  bucket: RateBucket,
  points = 1,
): Promise<{ retryAfterS: number } | undefined> {
  const limits = limitsOf(c);
  if (!limits || isInProcessCall()) return undefined;
  const client = clientAddress(c);
  return client === undefined ? undefined : limits.consume(bucket, client, points);
}

/** Filter values a listing, facets or page call may carry per point of its cost. */
export const FILTER_VALUES_PER_POINT = 5;
const FILTER_PARAM = /^(?:brand|seller|p\..+)$/;
/** The dearest call: the most filter values a request may carry, or the most words a search reads. */
const MAX_COST = { filters: 1 + MAX_FILTER_VALUES_TOTAL / FILTER_VALUES_PER_POINT, search: MAX_QUERY_WORDS };

/**
 * What a call costs in its budget, from the raw query before it is validated (an invalid call costs its
 * sender as much as a valid one): a suggestion one point; a search a point per word of `q` (or, if
 * dearer, what its filters would cost a listing); a listing,
 * facets or page call one point plus one for every FILTER_VALUES_PER_POINT values of its list filters
 * (brands, sellers, properties; comma-separated or repeated); a page the dearer of that and the search
 * its `q` makes in-process. Capped at the dearest valid call, so a call past the input bounds still gets
 * its 400 rather than a 429.
 */
export function requestCost(c: Context, bucket: RateBucket): number {
  if (bucket === "suggest" || bucket === "deliveries" || bucket === "checkout" || bucket === "uploads")
    return 1;
  // Search results carry the listing's filters too: the dearer of the words and the filter values.
  if (bucket === "search") return Math.max(searchCost(c), filterCost(c));
  if (bucket === "pages") return Math.max(filterCost(c), c.req.query("q") === undefined ? 1 : searchCost(c));
  return filterCost(c);
}

function searchCost(c: Context): number {
  const words = (c.req.query("q") ?? "").trim().split(/\s+/).filter(Boolean).length;
  return Math.min(Math.max(1, words), MAX_COST.search);
}

function filterCost(c: Context): number {
  let values = 0;
  for (const [name, list] of Object.entries(c.req.queries())) {
    if (!FILTER_PARAM.test(name)) continue;
    for (const value of list) values += value.split(",").length;
  }
  return Math.min(1 + Math.floor(values / FILTER_VALUES_PER_POINT), MAX_COST.filters);
}

/** Russian words for a number of seconds: 1 секунду, 2 секунды, 5 секунд. */
export function seconds(n: number): string {
  return formatCount(n, "секунду", "секунды", "секунд");
}

/** API route middleware: counts the call in `bucket`, 429 `rate_limited` with Retry-After past it. */
export function limitRate(bucket: RateBucket): MiddlewareHandler {
  return async (c, next) => {
    const refused = await refusal(c, bucket, requestCost(c, bucket));
    if (refused) {
      throw new AppError(
        "rate_limited",
        `Слишком много запросов. Повторите через ${seconds(refused.retryAfterS)}`,
        { retryAfterSeconds: refused.retryAfterS },
      );
    }
    await next();
  };
}

/**
 * Counts a call of a signed-in shopper in `bucket` under their account rather than their address (photo
 * uploads, ADR 057: a shop's NAT must not share one shopper's budget, and a shopper cannot escape theirs by
 * changing networks); 429 `rate_limited` with Retry-After past it.
 */
export async function limitShopperRate(c: Context, bucket: RateBucket, userId: number): Promise<void> {
  const limits = limitsOf(c);
  if (!limits || isInProcessCall()) return;
  const refused = await limits.consume(bucket, `user-${userId}`);
  if (refused) {
    throw new AppError(
      "rate_limited",
      `Слишком много фото подряд. Повторите через ${seconds(refused.retryAfterS)}`,
      {
        retryAfterSeconds: refused.retryAfterS,
      },
    );
  }
}

/**
 * The refused page's own look: no stylesheet or script of the storefront is loaded for it (each would be
 * another request of a client already over its budget), so its one style element is allowed by its hash.
 */
const REFUSED_PAGE_STYLE =
  "body{margin:0;padding:0 1rem;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f1f1f;background:#f3f4f5}" +
  "main{box-sizing:border-box;max-width:32rem;margin:15vh auto 0;padding:2rem 1.5rem;background:#fff;border-radius:16px}" +
  "h1{margin:0 0 .75rem;font-size:1.5rem;line-height:1.2}p{margin:.5rem 0}a{color:#0b57d0}";
const REFUSED_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash("sha256").update(REFUSED_PAGE_STYLE).digest("base64")}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/**
 * Counts a render of a page declared `policy` (a personal page is not counted); past the budget, the page
 * to answer instead: a plain 429 document, which costs no render (a flood of uncached pages must not buy
 * renders of the error screen either).
 */
export async function refusedPageRender(c: Context, policy: PageCachePolicy): Promise<Response | undefined> {
  if (policy === "personal") return undefined;
  const refused = await refusal(c, "pages", requestCost(c, "pages"));
  if (!refused) return undefined;
  const wait = seconds(refused.retryAfterS);
  const html = `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Слишком много запросов — Витрина</title>
<style>${REFUSED_PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>Слишком много запросов</h1>
<p>Страницы открывались слишком часто. Подождите ${wait} и обновите страницу.</p>
<p><a href="/">На главную</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 429,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Retry-After": String(refused.retryAfterS),
      "Cache-Control": "no-store",
      "Content-Security-Policy": REFUSED_PAGE_CSP,
    },
  });
}
