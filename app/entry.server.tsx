import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { CrawlerContext } from "./lib/crawler.ts";
import { isCrawler } from "./lib/crawler-pattern.ts";
import { CspNonceContext } from "./lib/csp-nonce.ts";
import { errorStatus } from "./lib/errors.ts";

/**
 * React Router's default Node entry plus the Content-Security-Policy nonce (ADR 021): the server puts a
 * fresh nonce in the load context and the matching policy on the response; here it reaches React Router's
 * scripts and module preloads (`<ServerRouter nonce>`), React's own streaming scripts
 * (`renderToPipeableStream({ nonce })`) and the root layout (CspNonceContext).
 */
export const streamTimeout = 5_000;

/** To the server's logger (one JSON line with the request id) when it gave one, else the console. */
function logRenderError(context: AppLoadContext, error: unknown): void {
  if (context.logError) context.logError(error);
  else console.error(error);
}

/**
 * Errors React Router meets on the server: a loader's or action's, and a render's that reached it. A
 * request the browser gave up on is not an error (React Router's default skips it too), nor is the
 * router's own answer to a client's mistake (a method a page does not take); its cause is logged as
 * React Router's default does.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // The service is unavailable (the database is away): the API logged it once per call, as a warning.
  if (errorStatus(error) === 503) return;
  if (isRouteErrorResponse(error)) {
    if (error.status < 500) return;
    logRenderError(context, (error as { error?: unknown }).error ?? error);
    return;
  }
  logRenderError(context, error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA-mode renders wait for all content, so they get complete HTML.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        {/* A crawler is shown no error screen for our own failure (spec §4, ADR 068). */}
        <CrawlerContext.Provider value={isCrawler(userAgent)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </CrawlerContext.Provider>
      </CspNonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout so the closure is not retained.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged here; shell errors reject and are logged by React Router.
          if (shellRendered) logRenderError(loadContext, error);
        },
      },
    );
  });
}

/** Shell pages' personal parts, rendered alone for a request (ADR 074): the server calls it through the build. */
export { renderPersonalPart } from "./personal-parts.server.tsx";
