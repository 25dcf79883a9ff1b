import type { Context, MiddlewareHandler } from "hono";
import type { Actor, Owner } from "#server/domain/actor.ts";
import { AppError } from "#server/errors.ts";
import type { AppEnv } from "#server/http/env.ts";
import { readSessionToken } from "./session-cookie.ts";
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
 * The signed-in user, or the API's 401 (which the storefront turns into the sign-in redirect). The 401
 * clears no cookie: it may answer a call sent before this browser signed in again (contract/session-hint.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: any route's context, whatever its path and input.
export function requireUser(c: Context<AppEnv, any, any>): Extract<Actor, { kind: "user" }> {
  const actor = c.get("actor");
  if (actor.kind !== "user") {
    throw new AppError("unauthorized", "Войдите, чтобы продолжить", { code: "not_signed_in" });
  }
  return actor;
}
