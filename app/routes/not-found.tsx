import { pageNotFound } from "#app/lib/page.ts";

/** Unknown paths: the server answers 404 and the error boundary renders the not-found screen. */
export function loader() {
  return pageNotFound();
}

export default function NotFound() {
  return null;
}
