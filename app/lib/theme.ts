import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "#contract/config.ts";
import type { loader as rootLoader } from "../root.tsx";

export type Theme = PublicConfig["theme"];

/**
 * The shop's theme (GET /api/config, loaded by the root route): one per deployment, so a page rendered
 * for it may be kept and served to everyone. For wording that differs by theme («Халва 0 %» in halva).
 */
export function useTheme(): Theme {
  return useRouteLoaderData<typeof rootLoader>("root")?.config.theme ?? "alfa";
}
