import { pageNotFound } from "#app/lib/page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";

/** The 404 screen has the catalogue's header; a 404 is never kept, whatever the policy. */
export const handle: RouteHandle = { cache: "city", query: [] };

/** Unknown paths: the server answers 404 and the error boundary renders the not-found screen. */
export function loader() {
  return pageNotFound();
}

/** A POST (or any other method) to an address no page has is 404 too, not 405: there is nothing to allow. */
export function action() {
  return pageNotFound();
}

export default function NotFound() {
  return null;
}
