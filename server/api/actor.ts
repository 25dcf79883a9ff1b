import type { Context, MiddlewareHandler } from "hono";
import type { Actor, Owner } from "#server/domain/actor.ts";
import type { AppEnv } from "./env.ts";
import { ensureVisitor, readVisitor } from "./visitor.ts";

type ActorEnv = { Variables: { actor: Actor } };

/** Resolves who is asking once per request, from the visitor cookie (sessions join next). */
export function resolveActor(): MiddlewareHandler<ActorEnv> {
  return async (c, next) => {
    const visitorId = readVisitor(c);
    c.set("actor", visitorId ? { kind: "visitor", visitorId } : { kind: "anonymous" });
    await next();
  };
}

/**
 * The actor as an owner of data, for writes: an anonymous actor becomes a visitor here, and this is the
 * one place the visitor cookie is issued.
 */
// biome-ignore lint/suspicious/noExplicitAny: any route's context, whatever its path and input.
export function ensureOwner(c: Context<AppEnv, any, any>): Owner {
  const actor = c.get("actor");
  if (actor.kind !== "anonymous") return actor;
  const owner: Owner = { kind: "visitor", visitorId: ensureVisitor(c) };
  c.set("actor", owner);
  return owner;
}
