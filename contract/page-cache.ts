/**
 * Who a rendered page is the same for, declared once per page route in its module's `handle`
 * (`export const handle = { cache: "city", … }`) and read by the server to decide the page cache key,
 * Cache-Control and which cookies the render may see (ADR 020):
 * - `shared`: the same for every visitor — cached under its URL; the render sees no cookie;
 * - `city`: the same for every visitor of one city — cached per city cookie; the render sees that cookie;
 * - `shell`: a page of the signed-in shopper's own whose frame is the same for every shopper of one city
 *   (ADR 072): kept per city cookie like `city` and rendered without the shopper's data — its loaders see
 *   `forEveryone` and read nothing personal; the browser fetches the shopper's data after hydration. A
 *   request with no session cookie is rendered for itself (the sign-in redirect), and every answer is
 *   `private, no-store`, as a personal page's;
 *   A shell may name a **personal part** (`part`, ADR 074): the stretch of the page that is the shopper's
 *   own, rendered on the server for each request and put into the kept frame before it is sent, so the
 *   shopper's data is in the first paint without rendering the frame again;
 * - `personal`: rendered for each request with all its cookies, `private, no-store`.
 * The cached kinds also vary by the mobile app's webview flag, which the root layout reads on every page.
 */
export type PageCachePolicy = "shared" | "city" | "shell" | "personal";

/**
 * The query parameters a page reads, in its loaders and its render: their names, or a test for a family
 * of them (a listing's `p.<property>` filters). A cached page is keyed and rendered by these alone; any
 * other parameter (`utm_source`, `?x=`) is dropped from its cache key and from the request its render
 * sees (ADR 025). A page that declares none reads none.
 */
export type PageQuery = readonly string[] | ((name: string) => boolean);

export interface PageCacheHandle {
  cache?: PageCachePolicy;
  query?: PageQuery;
  /** A `shell`'s personal part (ADR 074): its name among the renderers of app/personal-parts.server.tsx. */
  part?: string;
  /**
   * A part's page whose address names what only the part shows (an order's id, ADR 076): the one path its
   * frame is rendered and kept under for every address of the route, so each new order does not render
   * and keep a frame of its own. The route's loaders answer that path in the frame's render alone.
   */
  frame?: string;
}

const POLICIES: readonly PageCachePolicy[] = ["shared", "city", "shell", "personal"];

/** A route handle's declared policy; a route that declares none (or something unknown) is personal. */
export function pageCachePolicyOf(handle: unknown): PageCachePolicy {
  const declared =
    typeof handle === "object" && handle !== null ? (handle as PageCacheHandle).cache : undefined;
  return declared !== undefined && POLICIES.includes(declared) ? declared : "personal";
}

const readsNone = () => false;

/** A route handle's declared query parameters as a test of a name; none declared reads none. */
export function pageQueryOf(handle: unknown): (name: string) => boolean {
  const declared =
    typeof handle === "object" && handle !== null ? (handle as PageCacheHandle).query : undefined;
  if (typeof declared === "function") return declared;
  if (Array.isArray(declared)) return (name) => declared.includes(name);
  return readsNone;
}

/** A `shell` route's personal part (ADR 074), undefined for any other page. */
export function pagePartOf(handle: unknown): string | undefined {
  if (pageCachePolicyOf(handle) !== "shell") return undefined;
  const part = (handle as PageCacheHandle).part;
  return typeof part === "string" && part !== "" ? part : undefined;
}

/** The path a shell's part page keeps its one frame under (ADR 076), undefined for any other page. */
export function pageFrameOf(handle: unknown): string | undefined {
  if (pagePartOf(handle) === undefined) return undefined;
  const frame = (handle as PageCacheHandle).frame;
  return typeof frame === "string" && frame.startsWith("/") && !frame.startsWith("//") ? frame : undefined;
}

/**
 * Where a shell's frame holds its personal part: an empty template the frame's render leaves in the part's
 * place (`PersonalPartMarker`), which the server replaces with the part rendered for the request.
 */
export function personalPartMarker(name: string): string {
  return `<template data-personal-part="${name}"></template>`;
}

/** The id of the JSON block that carries a personal part's data to the browser, for its hydration. */
export const PERSONAL_PART_STATE_ID = "personal-part-state";
