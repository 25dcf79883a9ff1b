/** Unknown paths: the server answers 404 and the root error boundary renders the not-found screen. */
export function loader() {
  throw new Response("Page not found", { status: 404 });
}

export default function NotFound() {
  return null;
}
