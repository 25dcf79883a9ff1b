/**
 * Who is asking, resolved once per request by the API's actor middleware (server/api/actor.ts) and handed
 * to services instead of bare ids. Today only anonymous visitors exist: `anonymous` has no visitor cookie
 * yet, `visitor` has one. Sign-in adds `{ kind: "user", userId, sessionId, visitorId }`; services that
 * switch on `kind` then fail the typecheck until they handle it.
 */
export type Actor = { kind: "anonymous" } | { kind: "visitor"; visitorId: string };

/** An actor that owns data: what a write needs (the route issues the visitor cookie first). */
export type Owner = Exclude<Actor, { kind: "anonymous" }>;

/** The key a visitor's own rows are stored under; undefined when the actor has none yet. */
export function visitorKeyOf(actor: Actor): string | undefined {
  return actor.kind === "visitor" ? actor.visitorId : undefined;
}
