import { redirect } from "react-router";
import type { RouteHandle } from "#app/lib/route-meta.ts";

export const handle: RouteHandle = { cache: "personal" };

/** `/personal` has no page of its own: orders are what shoppers come to the account for (ADR 006). */
export function loader() {
  throw redirect("/personal/orders", 302);
}

export default function Personal() {
  return null;
}
