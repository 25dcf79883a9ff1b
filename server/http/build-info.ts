import { Hono } from "hono";
import type { AppEnv } from "#server/http/env.ts";

/** What `GET /api/build` answers; the storefront compares it with the build its page was rendered by. */
export interface BuildInfo {
  buildId: string;
}

/** Answered when no production build is loaded (dev server, API-only tests): clients never reload for it. */
export const DEV_BUILD_ID = "dev";

/**
 * `GET /build`, for mounting under /api. The id is read on every request (not captured once) so a
 * process that swaps its SSR build keeps answering the one it actually serves.
 */
export function createBuildInfoRoute(getBuildId: () => string | undefined) {
  return new Hono<AppEnv>().get("/build", (c) => {
    const body: BuildInfo = { buildId: getBuildId() || DEV_BUILD_ID };
    // Every open tab polls this to notice a deploy: a cached answer would hide exactly that.
    return c.json(body, 200, { "Cache-Control": "no-store" });
  });
}
