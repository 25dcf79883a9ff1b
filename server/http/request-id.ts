import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#server/http/env.ts";
import { inProcessCall } from "./in-process-call.ts";
import { type ProxyTrust, peerAddress, trustsPeer } from "./proxy-trust.ts";

/** Ids we take from a proxy: what nginx's $request_id, a UUID or a trace id look like; nothing to escape. */
const ACCEPTED_ID = /^[A-Za-z0-9._:=-]{1,128}$/;

/**
 * Every request gets an id (ADR 026): logged with each of its lines and sent back as `X-Request-Id` on
 * every response (pages, kept pages, 304s, static files, errors), so a shopper's report or a proxy's log
 * leads to the server's. An incoming `X-Request-Id` is taken only from a trusted proxy (`TRUST_PROXY`, a
 * request whose socket peer it names) and
 * only in a safe format; anyone else could name their requests after another's. A page's in-process API
 * calls keep the page's id.
 *
 * The header is set twice. Before the handler, as Hono's own middleware does: answers made with `c.json`
 * and `c.body` then start from one real Headers object, which @hono/node-server's lightweight Response
 * keeps when a middleware later reads the body (without it, a header set before `res.clone()`, such as
 * the API's Cache-Control, is lost on the wire; `app.request` in tests does not show it). And after the
 * handler, on the response it made: a handler that returns a Response of its own (every page) drops
 * headers set before.
 */
export function requestIdentity(settings: { trustProxy: ProxyTrust }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const id =
      inProcessCall(c)?.requestId ??
      (incoming && ACCEPTED_ID.test(incoming) && trustsPeer(settings.trustProxy, peerAddress(c))
        ? incoming
        : randomUUID());
    c.set("requestId", id);
    c.header("X-Request-Id", id);
    await next();
    c.res.headers.set("X-Request-Id", id);
  };
}
