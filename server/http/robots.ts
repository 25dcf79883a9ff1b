import { Hono } from "hono";
import type { AppEnv } from "#server/http/env.ts";
import { requestOrigin } from "./public-origin.ts";
import { SITEMAP_INDEX_PATH } from "./sitemap.ts";

/** Service, account and checkout pages: nothing a search result should lead to. */
// The basket stays crawlable: it has no private data (the shopper's basket loads in their browser) and
// Lighthouse counts a blocked page against SEO.
export const ROBOTS_DISALLOW = ["/api/", "/personal/", "/checkout/", "/auth", "/search-form"];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}${SITEMAP_INDEX_PATH}`,
    "",
  ].join("\n");
}

/** /robots.txt, for the app's root. */
export const robotsRoute = new Hono<AppEnv>().get("/robots.txt", (c) =>
  c.text(robotsTxt(requestOrigin(c)), 200, { "Cache-Control": "public, max-age=3600" }),
);
