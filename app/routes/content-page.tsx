import { z } from "zod";
import { pageNotFound, validateParams } from "#app/lib/page.ts";
import type { Route } from "./+types/content-page";

const paramsSchema = z.object({ "*": z.string().regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/) });

/**
 * Content pages (/page/{slug...}) are read from the database; until the content table lands every slug
 * is unknown. A slug that cannot exist at all is the fatal 'Page Not Found: {path}'.
 */
export function loader(args: Route.LoaderArgs) {
  validateParams(paramsSchema, args.params, args.request);
  return pageNotFound();
}

export default function ContentPage() {
  return null;
}
