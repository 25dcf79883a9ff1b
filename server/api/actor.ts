import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { SIGNED_IN_HINT_COOKIE } from "#contract/session-hint.ts";
import type { Actor, Owner } from "#server/domain/actor.ts";
import { AppError } from "#server/errors.ts";
import type { AppEnv } from "./env.ts";
import { clearSessionCookie, readSessionToken } from "./session-cookie.ts";
import { ensureVisitor, readVisitor } from "./visitor.ts";

/**
 * Every API request starts as anonymous. Shared routes keep it that way: their answer is the same for
 * everyone, so they neither may see who is asking nor pay a session lookup for it (the catalogue and
 * search-as-you-type calls of a signed-in shopper).
 */
export function anonymousActor(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("actor", { kind: "anonymous" });
    await next();
  };
}

/**
 * Resolves who is asking, for the routes whose answer depends on it (define-route.ts adds it to every
 * `city` and `personal` route): the signed-in user behind a live session cookie, else the anonymous
 * visitor cookie. Only a request that carries a session cookie costs a (primary-key) lookup.
 */
export function resolveActor(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const visitorId = readVisitor(c);
    const token = readSessionToken(c);
    const session = token ? await c.get("services").identity.resolveSession(token) : undefined;
    let actor: Actor;
    if (session) actor = { kind: "user", ...session, visitorId };
    else actor = visitorId ? { kind: "visitor", visitorId } : { kind: "anonymous" };
    c.set("actor", actor);
    await next();
  };
}

/**
 * The actor as an owner of data, for writes: an actor without a visitor cookie gets one here, and this is
 * the one place the visitor cookie is issued.
 */
// biome-ignore lint/suspicious/noExplicitAny: any route's context, whatever its path and input.
export function ensureOwner(c: Context<AppEnv, any, any>): Owner {
  const actor = c.get("actor");
  if (actor.kind === "visitor") return actor;
  const visitorId = (actor.kind === "user" ? actor.visitorId : undefined) ?? ensureVisitor(c);
  const owner: Owner = actor.kind === "user" ? { ...actor, visitorId } : { kind: "visitor", visitorId };
  c.set("actor", owner);
  return owner;
}

/**
 * The signed-in user, or the API's 401 (which the storefront turns into the sign-in redirect). A session
 * cookie that no longer signs anyone in (expired, revoked on another device) is cleared with its
 * signed-in hint, so the browser stops asking for personal data on public pages.
 */
// biome-ignore lint/suspicious/noExplicitAny: any route's context, whatever its path and input.
export function requireUser(c: Context<AppEnv, any, any>): Extract<Actor, { kind: "user" }> {
  const actor = c.get("actor");
  if (actor.kind !== "user") {
    if (readSessionToken(c) !== undefined || getCookie(c, SIGNED_IN_HINT_COOKIE) !== undefined) {
      clearSessionCookie(c);
    }
    throw new AppError("unauthorized", "Войдите, чтобы продолжить", { code: "not_signed_in" });
  }
  return actor;
}
