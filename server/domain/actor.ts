/**
 * Who is asking, resolved once per request by the API's actor middleware (server/api/actor.ts) and handed
 * to services instead of bare ids. `anonymous` has no cookie yet; `visitor` has the anonymous visitor
 * cookie; `user` is signed in (a live session) and may carry the visitor cookie of the same browser.
 * Services that switch on `kind` fail the typecheck until they handle a new kind.
 */
export type Actor =
  | { kind: "anonymous" }
  | { kind: "visitor"; visitorId: string }
  | { kind: "user"; userId: number; sessionId: string; roles: string[]; visitorId: string | undefined };

/**
 * An actor that owns data: what a write needs (the route issues the visitor cookie first). Recently
 * viewed products and recent searches are still kept per browser (visitor) for signed-in shoppers too,
 * until sign-in merges them into the account (issue 11), so a user owner also has its visitor id.
 */
export type Owner =
  | { kind: "visitor"; visitorId: string }
  | { kind: "user"; userId: number; sessionId: string; roles: string[]; visitorId: string };

/** The key a visitor's own rows are stored under; undefined when the actor has none yet. */
export function visitorKeyOf(actor: Actor): string | undefined {
  return actor.kind === "anonymous" ? undefined : actor.visitorId;
}
