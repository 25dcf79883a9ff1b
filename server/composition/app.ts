import { relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { findUrlProblem } from "#contract/input-text.ts";
import type { PersonalPartRenderer } from "#contract/ssr.ts";
import { createApi } from "#server/api/index.ts";
import { readSessionToken } from "#server/api/session-cookie.ts";
import { TAG } from "#server/cache/catalog-changes.ts";
import type { ReadCache } from "#server/cache/read-cache.ts";
import { collectReadTags } from "#server/cache/read-tags.ts";
import type { Services } from "#server/composition/services.ts";
import { publicConfigOf } from "#server/api/config/route.ts";
import type { AppConfig } from "#server/config.ts";
import { DATABASE_RETRY_AFTER_S } from "#server/db/database-errors.ts";
import { AppError } from "#server/errors.ts";
import { BODY_LIMITS, limitBody } from "#server/http/body-limit.ts";
import { createBuildInfoRoute } from "#server/http/build-info.ts";
import {
  createNonce,
  cspSettings,
  freshNonceHeaders,
  gzipWithFreshNonce,
  securePage,
  withFreshNonce,
} from "#server/http/csp.ts";
import { cspReportRoute } from "#server/http/csp-report.ts";
import type { AppEnv } from "#server/http/env.ts";
import { errorHandler } from "#server/http/error-handler.ts";
import { CACHE_CONTROL, matchesEtag } from "#server/http/http-cache.ts";
import { imagesRoute } from "#server/http/images.ts";
import { inProcessBindings } from "#server/http/in-process-call.ts";
import { mediaRoute } from "#server/http/media.ts";
import {
  isDataRequest,
  keyCookies,
  type PageCachePolicy,
  type PageRule,
  type PageSnapshot,
  PERSONAL_PAGE,
  pageCacheKey,
  requestForCacheableRender,
  snapshotPage,
  uncachedPagePolicy,
} from "#server/http/page-cache.ts";
import { pageUrl, withDroppedQuery } from "#server/http/page-query.ts";
import { gzipPageWithPart, pageWithPart } from "#server/http/personal-part.ts";
import { acceptsGzip } from "#server/http/precompressed.ts";
import { requestOrigin, withOrigin } from "#server/http/public-origin.ts";
import {
  createRateLimits,
  type RateLimits,
  rateLimitScope,
  refusedPageRender,
} from "#server/http/rate-limits.ts";
import { checkWithin } from "#server/http/readiness.ts";
import { RenderSlots } from "#server/http/render-slots.ts";
import { requestIdentity } from "#server/http/request-id.ts";
import { robotsRoute } from "#server/http/robots.ts";
import { sitemapRoute } from "#server/http/sitemap.ts";
import type { SsrHandler } from "#server/http/ssr.ts";
import { strictTransport } from "#server/http/strict-transport.ts";
import { createApiTransport } from "#server/http/transport.ts";
import type { Logger } from "#server/logger.ts";
import { paths } from "#server/paths.ts";
import { createAcquirerStandInRoute } from "#server/stand-ins/acquirer/route.ts";
import { ACQUIRER_MOUNT } from "#server/stand-ins/acquirer/stand-in.ts";
import { createBankStandInRoute } from "#server/stand-ins/bank/route.ts";
import { BANK_MOUNT } from "#server/stand-ins/bank/stand-in.ts";

export interface AppDeps {
  config: AppConfig;
  services: Services;
  logger: Logger;
  /**
   * Readiness probes by dependency name, for /readyz: without one of these (the database) the instance
   * cannot serve, and /readyz answers 503.
   */
  checks: Record<string, () => Promise<void>>;
  /**
   * Dependencies the instance serves without, less well (Redis: shared limits become per-process ones):
   * when one fails /readyz still answers 200, naming it `degraded`, so a balancer keeps the shop up.
   */
  optionalChecks?: Record<string, () => Promise<void>>;
  /** React Router's request handler; absent in API-only tests. */
  ssr?: SsrHandler;
  /** Page renders this process runs at once (render-slots.ts); RENDER_CONCURRENCY, 4 by default. */
  renderConcurrency?: number;
  /** The SSR build's `assets.version`; absent in development and API-only tests (answered as "dev"). */
  buildId?: string;
  /** Directory of the client build (hashed assets); defaults to build/client. */
  clientDir?: string;
  /** Rendered anonymous pages (see page-cache.ts); without it every page is rendered per request. */
  pageCache?: ReadCache<PageSnapshot>;
  /**
   * Whether the caches may answer now (server/cache/index.ts: `Caches.trusted`): while it says no, pages
   * are rendered per request and nothing is kept.
   */
  cachesTrusted?: () => boolean;
  /**
   * Per-client rate limits (rate-limits.ts); main.ts passes them over Redis when REDIS_URL is set. Absent:
   * in this process's memory, as the configuration says.
   */
  rateLimits?: RateLimits | undefined;
  /**
   * The cache policy a page path's route declares (page-cache.ts: the SSR build's route tree); absent
   * in API-only tests, where every page counts as personal.
   */
  pagePolicy?: (pathname: string) => PageRule | Promise<PageRule>;
  /** The SSR build's renderer of shell pages' personal parts (ADR 074); absent, such pages render whole. */
  renderPart?: PersonalPartRenderer | undefined;
}

type CacheablePolicy = Exclude<PageCachePolicy, "personal">;

const IMMUTABLE = "public, max-age=31536000, immutable";
const PUBLIC_FILE = "public, max-age=86400";
/** What iOS and crawlers request when a page names no icon (we name one per theme: root.tsx). */
const HOME_SCREEN_ICON_PROBES = ["/apple-touch-icon.png", "/apple-touch-icon-precomposed.png"];

export function createApp(deps: AppDeps) {
  const { config, services, logger } = deps;
  const app = new Hono<AppEnv>();
  const csp = cspSettings(config);
  const limits = "rateLimits" in deps ? deps.rateLimits : createRateLimits(config.rateLimits);

  app.use(requestIdentity(config));
  app.use(async (c, next) => {
    const started = performance.now();
    const log = logger.child({ requestId: c.get("requestId") });
    c.set("config", config);
    c.set("services", services);
    c.set("logger", log);
    await next();
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  });
  app.use(rateLimitScope(limits));
  app.use(
    secureHeaders({
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: "same-origin",
      // Only over HTTPS: strictTransport below knows whether the browser used it.
      strictTransportSecurity: false,
      // The page Content-Security-Policy is per response (its nonce) and Permissions-Policy governs
      // documents only: securePage sets both on pages (ADR 021).
    }),
  );
  app.use(strictTransport());
  app.use(compress());

  app.onError(errorHandler(logger));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    const probe = (checks: Record<string, () => Promise<void>>, failed: "unreachable" | "degraded") =>
      Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          try {
            await checkWithin(check);
            return [name, "ok"] as const;
          } catch (err) {
            c.get("logger").warn({ err, dependency: name }, "readiness check failed");
            return [name, failed] as const;
          }
        }),
      );
    const [required, optional] = await Promise.all([
      probe(deps.checks, "unreachable"),
      probe(deps.optionalChecks ?? {}, "degraded"),
    ]);
    const ready = required.every(([, state]) => state === "ok");
    const whole = optional.every(([, state]) => state === "ok");
    return c.json(
      {
        status: !ready ? "unavailable" : whole ? "ok" : "degraded",
        ...Object.fromEntries([...required, ...optional]),
      },
      ready ? 200 : 503,
    );
  });

  // Before the API proper, so the build id still answers during maintenance.
  app.route(
    "/api",
    createBuildInfoRoute(() => deps.buildId),
  );
  app.route("/api", createApi());
  app.route("/media", mediaRoute);
  app.route("/img", imagesRoute);
  app.route("/", robotsRoute);
  app.route("/", sitemapRoute);
  app.route("/", cspReportRoute);
  // The built-in bank (ADR 029): only when no real one is configured.
  if (services.bankStandIn) app.route(BANK_MOUNT, createBankStandInRoute(services.bankStandIn));
  // The built-in acquirer (ADR 037): only when no real one is configured (ACQUIRER_URL).
  if (services.acquirerStandIn) {
    app.route(ACQUIRER_MOUNT, createAcquirerStandInRoute(services.acquirerStandIn));
  }

  const clientRoot = relative(process.cwd(), deps.clientDir ?? paths.clientBuild) || ".";
  app.use(
    "/assets/*",
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header("Cache-Control", IMMUTABLE);
    },
    serveStatic({ root: clientRoot }),
  );
  // Unhashed public files (favicons, home-screen icons) are kept a day, then fetched again.
  const daily = async (c: Context, next: () => Promise<void>) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", PUBLIC_FILE);
  };
  app.use("/favicon*", daily, serveStatic({ root: clientRoot }));
  // Devices that look for a home-screen icon without reading the page ask for the unthemed names.
  const homeScreenIcon = (path: string) =>
    HOME_SCREEN_ICON_PROBES.includes(path) ? `/apple-touch-icon-${config.theme}.png` : path;
  app.use("/apple-touch-icon*", daily, serveStatic({ root: clientRoot, rewriteRequestPath: homeScreenIcon }));

  // Pages take no posts today; a limit all the same, so a form added later cannot be fed a body unbounded.
  app.all("*", limitBody(BODY_LIMITS.page), async (c) => {
    const response = await answerPage(c);
    // The API's error handler says when to come back (database-errors.ts); a page the database could
    // not serve says the same, so crawlers and browsers wait rather than hammer.
    if (response.status === 503 && !response.headers.has("Retry-After")) {
      response.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_S));
    }
    return response;
  });

  // Page renders at once in this process: the rest queue (render-slots.ts), so many pages invalidated
  // together cannot take the instance's memory with them.
  const renderSlots = new RenderSlots(deps.renderConcurrency ?? config.renderConcurrency);
  // The public config the pages would ask the API for, when the API is this process (SsrLoadContext).
  const pageConfig = config.apiOrigin ? {} : { config: publicConfigOf(config) };

  async function answerPage(c: Context<AppEnv>): Promise<Response> {
    const ssr = deps.ssr;
    if (!ssr) throw new AppError("not_found", "Страница не найдена", { code: "page_not_found" });
    const id = c.get("requestId");
    // Rendered as addressed to the public origin: canonical links and structured data use it (ADR 026).
    const origin = requestOrigin(c);
    const incoming = withOrigin(c.req.raw, origin);
    // Declared once per page route, in its handle (ADR 020); with no route tree every page is personal.
    const rule = deps.pagePolicy ? await deps.pagePolicy(c.req.path) : PERSONAL_PAGE;
    const policy = rule.cache;
    // One session lookup for all the render's API calls (in-process-call.ts).
    const sessions = new Map<string, Promise<unknown>>();
    const target = config.apiOrigin
      ? { apiOrigin: config.apiOrigin }
      : {
          appFetch: (request: Request) =>
            app.fetch(request, inProcessBindings({ requestId: id, origin, sessions })),
        };
    const nonce = createNonce();
    /**
     * One render. A cacheable page's render sees only its key cookies, in the request and in every API
     * call; a page rendered for this request alone sees them all. Cookies the API set during the render
     * go out with the page (a session rotated while it rendered must reach the browser).
     */
    const render = async (cookies: "all" | CacheablePolicy) => {
      // Every render is counted against the client: past its budget, a plain 429 instead (ADR 024). A
      // shell's render for this request is the shopper's own page, which no budget counts (a personal one).
      const counted = policy === "shell" && cookies === "all" ? "personal" : policy;
      const refused = await refusedPageRender(c, counted);
      if (refused) return { response: refused, reads: { personalRead: undefined, failedRead: undefined } };
      const request = cookies === "all" ? incoming : requestForCacheableRender(incoming, cookies, keyUrl);
      const transport = createApiTransport(
        incoming,
        id,
        target,
        cookies === "all" ? {} : { cookies: keyCookies(cookies) },
      );
      const secured = securePage(
        await renderSlots.run(() =>
          ssr(request, {
            apiFetch: transport.apiFetch,
            ...pageConfig,
            forEveryone: cookies !== "all",
            requestId: id,
            cspNonce: nonce,
            logError: (error) =>
              c.get("logger").error({ err: error, path: c.req.path }, "page render failed"),
          }),
        ),
        csp,
        nonce,
      );
      const response = cookies === "all" ? secured : withDroppedQuery(secured, dropped);
      for (const cookie of transport.setCookies) response.headers.append("Set-Cookie", cookie);
      return { response, reads: { personalRead: transport.personalRead, failedRead: transport.failedRead } };
    };
    /** `as`: the policy its headers follow (a page that turned out to read personal data is personal). */
    const renderForThisRequest = async (as: PageCachePolicy = policy) => {
      const { response } = await render("all");
      if (!response.headers.has("Cache-Control")) {
        response.headers.set("Cache-Control", uncachedPagePolicy(as, response.status));
      }
      return response;
    };

    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      // No page route but the not-found one has an action (app/routes.ts): React Router answers any other
      // method 405 with the error screen, and Allow says what the address takes (ADR 027); an address no
      // page has is 404 whatever the method. Never kept, like any personal page.
      const response = await renderForThisRequest("personal");
      if (response.status === 405) response.headers.set("Allow", "GET, HEAD");
      return response;
    }
    // Checked on the URL as it came: the page URL was rebuilt through URLSearchParams, which turns
    // `%FF` into U+FFFD. Answered like a personal page (the render refuses it: the 404 screen), not kept.
    if (policy === "personal" || findUrlProblem(c.req.url)) return renderForThisRequest("personal");
    // A shell is for signed-in shoppers: without a session cookie the page is rendered for this request,
    // whose loaders send the visitor to sign in as a personal page's do (ADR 072).
    if (policy === "shell" && readSessionToken(c) === undefined) return renderForThisRequest("personal");
    // A shell with a personal part (ADR 074): a client navigation's data request is the page's own reads,
    // for this shopper, as a personal page's is.
    const part = rule.part && deps.renderPart && !isDataRequest(c.req.path) ? rule.part : undefined;
    if (rule.part && !part) return renderForThisRequest("personal");
    // A cached page is keyed and rendered by the query parameters it reads alone (ADR 025); a part page
    // whose address names an order keeps its one frame under its route's frame path (ADR 076).
    const {
      url: keyUrl,
      dropped,
      canonical,
    } = pageUrl(part && rule.frame ? new URL(rule.frame, incoming.url).href : incoming.url, rule.reads);
    // A page parameter with no one spelling (page-query.ts) is rendered for this request alone.
    const key = deps.pageCache && canonical ? pageCacheKey(incoming, policy, keyUrl) : undefined;
    if (!deps.pageCache || !key || deps.cachesTrusted?.() === false) return renderForThisRequest();
    let mine: PageSnapshot | undefined;
    // The page carries the tags of every read its render makes (read-tags.ts), so a product's change
    // drops that product's pages and the listings, not every page. Through a remote API the reads are
    // not seen here: such pages count as showing every product.
    const tags = new Set<string>(config.apiOrigin ? [TAG.catalog, TAG.listing] : [TAG.catalog]);
    const page = await deps.pageCache.get(
      key,
      async () => {
        mine = await collectReadTags(tags, async () => {
          const { response, reads } = await render(policy);
          return snapshotPage(response, reads);
        });
        return mine;
      },
      tags,
      (snapshot) => snapshot.storable,
    );
    if (page.personalRead !== undefined) {
      // The route says the page is the same for many visitors, yet an answer its render read was not:
      // that render is wrong for everyone. The shopper gets a page rendered with their own cookies.
      c.get("logger").warn(
        { path: c.req.path, policy, read: page.personalRead },
        "a cacheable page read a personal API answer: rendered per request instead",
      );
      return renderForThisRequest("personal");
    }
    const rendered = page === mine;
    // A page that could not be kept was rendered for another request; its cookies are not ours.
    if (!rendered && !page.storable) return renderForThisRequest();
    // A kept page was rendered under another response's nonce: it is served under this one's, gzipped
    // from the pieces deflated when it was kept rather than compressed again on every hit.
    const cacheStatus = rendered ? "MISS" : "HIT";
    // A part goes only into a frame that could be kept: one that could not (a read failed while it
    // rendered) is not sent bare, the page is rendered whole.
    if (part) {
      return page.storable ? answerWithPart(page, part, cacheStatus) : renderForThisRequest("personal");
    }
    const gzip = page.gzip;
    if (gzip && acceptsGzip(c.req.header("accept-encoding"))) {
      const fresh = { ...page, headers: freshNonceHeaders(page.headers, nonce), etag: gzip.etag };
      return pageResponse(c, fresh, cacheStatus, policy, () => gzipWithFreshNonce(gzip, nonce));
    }
    return pageResponse(c, withFreshNonce(page, nonce), cacheStatus, policy);

    /**
     * The kept frame with the shopper's personal part rendered for this request in its place (ADR 074),
     * with all the request's cookies; a part with nothing to show this way (an empty basket, a refused
     * read) leaves the page to be rendered whole, as a personal page is.
     */
    async function answerWithPart(frame: PageSnapshot, name: string, cacheStatus: "HIT" | "MISS") {
      const headers = new Headers(freshNonceHeaders(frame.headers, nonce));
      headers.set("X-Cache", cacheStatus);
      headers.set("Cache-Control", CACHE_CONTROL.personal);
      // Not counted against the page renders' budget, as a personal page's render is not (ADR 024).
      const transport = createApiTransport(incoming, id, target);
      const rendered = await renderSlots.run(() =>
        deps.renderPart!(name, {
          apiFetch: transport.apiFetch,
          ...pageConfig,
          requestId: id,
          url: incoming.url,
          logError: (error) => c.get("logger").error({ err: error, path: c.req.path }, "page part failed"),
        }),
      );
      if (!rendered) return renderForThisRequest("personal");
      // Gzipped from the frame's kept pieces and the part alone, as the compress middleware would answer.
      const gzip = acceptsGzip(c.req.header("accept-encoding"));
      const body = gzip
        ? gzipPageWithPart(frame, name, rendered, nonce)
        : pageWithPart(frame, name, rendered, nonce);
      if (!body) return renderForThisRequest("personal");
      if (gzip) {
        headers.set("Content-Encoding", "gzip");
        headers.append("Vary", "Accept-Encoding");
        headers.delete("Content-Length");
      }
      for (const cookie of transport.setCookies) headers.append("Set-Cookie", cookie);
      return new Response(body, { status: frame.status, headers });
    }
  }

  return app;
}
export type App = ReturnType<typeof createApp>;

/** A response from a page snapshot, or 304 when the browser already holds these bytes. */
function pageResponse(
  c: Context<AppEnv>,
  /** The body is not read for a gzip answer (a kept page holds only its pieces). */
  page: Omit<PageSnapshot, "body"> & { body?: PageSnapshot["body"] },
  cacheStatus: "HIT" | "MISS",
  policy: PageCachePolicy,
  gzip?: () => Uint8Array<ArrayBuffer>,
): Response {
  const headers = new Headers(page.headers);
  headers.set("X-Cache", cacheStatus);
  if (!page.storable) {
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", uncachedPagePolicy(policy, page.status));
    return new Response(page.body, { status: page.status, headers });
  }
  if (policy === "shell") {
    // Kept in this process for every shopper, yet the address answers each visitor differently (a
    // sign-in redirect, a shopper's own data after hydration): stored nowhere else (ADR 072).
    headers.set("Cache-Control", CACHE_CONTROL.personal);
  } else {
    headers.set("Cache-Control", CACHE_CONTROL.anonymousPage);
    headers.set("Vary", "Cookie");
    headers.set("ETag", page.etag);
  }
  if (policy !== "shell" && matchesEtag(c.req.header("if-none-match"), page.etag)) {
    return new Response(null, {
      status: 304,
      headers: { ETag: page.etag, "Cache-Control": CACHE_CONTROL.anonymousPage, Vary: "Cookie" },
    });
  }
  if (gzip) {
    // As the compress middleware would answer it (which leaves an encoded body alone): a weak validator.
    headers.set("Vary", "Cookie, Accept-Encoding");
    headers.set("Content-Encoding", "gzip");
    if (policy !== "shell" && !page.etag.startsWith("W/")) headers.set("ETag", `W/${page.etag}`);
    headers.delete("Content-Length");
    return new Response(gzip(), { status: page.status, headers });
  }
  return new Response(page.body, { status: page.status, headers });
}
