import type { Context, MiddlewareHandler } from "hono";
import { hasRole, type StaffRole } from "#contract/roles.ts";
import type { Actor, Owner } from "#server/domain/actor.ts";
import { AppError } from "#server/errors.ts";
import type { AppEnv } from "#server/http/env.ts";
import { inProcessCall } from "#server/http/in-process-call.ts";
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
    // Resolved already for this request (the back office's guard resolves it before the route's own).
    if (c.get("actor")?.kind === "user") return next();
    const visitorId = readVisitor(c);
    const token = readSessionToken(c);
    const session = token ? await resolveSessionOnce(c, token) : undefined;
    let actor: Actor;
    if (session) actor = { kind: "user", ...session, visitorId };
    else actor = visitorId ? { kind: "visitor", visitorId } : { kind: "anonymous" };
    c.set("actor", actor);
    await next();
  };
}

type SessionUser = Awaited<ReturnType<AppEnv["Variables"]["services"]["identity"]["resolveSession"]>>;

/**
 * The session behind a token, looked up once per page render: the API calls a page's loaders make
 * in-process share the page request's memo (in-process-call.ts), so its session is read once, not once per
 * call. A request from the network resolves its own.
 */
function resolveSessionOnce(c: Context<AppEnv>, token: string): Promise<SessionUser> {
  const resolve = () => c.get("services").identity.resolveSession(token);
  const memo = inProcessCall(c)?.sessions as Map<string, Promise<SessionUser>> | undefined;
  if (!memo) return resolve();
  let session = memo.get(token);
  if (!session) {
    session = resolve();
    memo.set(token, session);
  }
  return session;
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

/**
 * The signed-in user acting as `role` (an admin acts as an operator too), else 401 signed out or 403: a
 * shopper's session in the back office. The 403 says no more than that.
 */
// biome-ignore lint/suspicious/noExplicitAny: any route's context, whatever its path and input.
export function requireRole(c: Context<AppEnv, any, any>, role: StaffRole): Extract<Actor, { kind: "user" }> {
  const user = requireUser(c);
  if (!hasRole(user.roles, role)) {
    throw new AppError("forbidden", "Недостаточно прав для этого действия", { code: "role_required" });
  }
  return user;
}

/**
 * The back office's gate (ADR 051): every `/api/v1/admin/**` request resolves its actor and must be an
 * operator (or admin) before anything else runs — validation included, so a shopper learns nothing of the
 * operations' shapes. Admin-only operations check `requireRole(c, "admin")` as well.
 */
export function staffOnly(): MiddlewareHandler<AppEnv> {
  const resolve = resolveActor();
  return (c, next) => {
    // No operation answers OPTIONS: it goes on to the API's 405 with `Allow`, like everywhere else.
    if (c.req.method === "OPTIONS") return next();
    return resolve(c, async () => {
      requireRole(c, "operator");
      await next();
    });
  };
}

/** The admin's operations' gate, after `staffOnly`: an operator's session is 403 there. */
export function adminOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "OPTIONS") requireRole(c, "admin");
    await next();
  };
}
