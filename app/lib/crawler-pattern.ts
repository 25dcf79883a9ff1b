import { createIsbotFromList, list } from "isbot";

// isbot's list, 2.7 KB gzipped: imported by the server, and by the browser only when an error needs it
// (crawler.ts, app-error.ts), so no page carries it in its first load.

/**
 * isbot's list without its `headless` entry: headless Chrome is the browser our journeys drive as a
 * shopper, and Lighthouse, which also runs headless, is named by its own `Chrome-Lighthouse` entry.
 */
const crawlerPattern = createIsbotFromList(list.filter((pattern) => pattern !== "headless"));

/**
 * Search engines, link previews, Lighthouse and scripts (spec §4: "bots, lighthouse, facebook and google
 * crawlers"), by isbot's list (ADR 068): they get logs, not error screens for our own failures.
 */
export function isCrawler(userAgent: string | null | undefined): boolean {
  return !!userAgent && crawlerPattern(userAgent);
}
