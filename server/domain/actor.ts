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
 * An actor that owns data: what a write needs (the route issues the visitor cookie first). A user owner
 * keeps the browser's visitor id too, for data that stays with the browser; the shopper's own rows
 * (wishlist, viewed, recent searches) are the user's (see `rowOwnerOf`).
 */
export type Owner =
  | { kind: "visitor"; visitorId: string }
  | { kind: "user"; userId: number; sessionId: string; roles: string[]; visitorId: string };

/** The key a visitor's own rows are stored under; undefined when the actor has none yet. */
export function visitorKeyOf(actor: Actor): string | undefined {
  return actor.kind === "anonymous" ? undefined : actor.visitorId;
}

/**
 * Whose rows they are in a table that holds both (wishlist_items, viewed_products, recent_searches,
 * baskets: a user_id or a visitor_id, exactly one): the signed-in user's, or before sign-in the
 * anonymous visitor's. At sign-in the visitor's rows merge into the user's (domain/visitor-merge).
 */
export type RowOwner = { userId: number; visitorId?: undefined } | { visitorId: string; userId?: undefined };

/** The rows an actor reads and writes: a user's own, else the visitor's; undefined when it has neither. */
export function rowOwnerOf(actor: Actor | Owner): RowOwner | undefined {
  switch (actor.kind) {
    case "user":
      return { userId: actor.userId };
    case "visitor":
      return { visitorId: actor.visitorId };
    case "anonymous":
      return undefined;
  }
}
