import { z } from "zod";
import { pageNotFound, validateParams } from "#app/lib/page.ts";
import type { RouteHandle } from "#app/lib/route-meta.ts";
import { idParam } from "#contract/id-param.ts";
import type { Route } from "./+types/personal-refund";

export const handle: RouteHandle = { cache: "personal" };

const paramsSchema = z.object({ refundId: idParam("Page Not Found", 999_999_999_999) });

/**
 * Заявка на возврат: the id must look like one (else the fatal 'Page Not Found: {path}'); no such record can exist
 * until its feature lands, so a well-formed id is the plain 404 'Page not found'.
 */
export function loader(args: Route.LoaderArgs) {
  validateParams(paramsSchema, args.params, args.request);
  return pageNotFound();
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function PersonalRefund() {
  return null;
}
