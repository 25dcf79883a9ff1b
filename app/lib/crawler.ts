import { createContext, useContext } from "react";
import { isCrawler } from "./errors.ts";

/** Whether the request being rendered on the server came from a crawler (entry.server.tsx sets it). */
export const CrawlerContext = createContext(false);

/**
 * Whether this visitor is a crawler: the server's answer while rendering there, the browser's own user
 * agent in the browser (the same one the server saw, so hydration agrees). Not read from the root
 * loader's data, which the page cache shares between visitors.
 */
export function useIsCrawler(): boolean {
  const fromServer = useContext(CrawlerContext);
  return typeof document === "undefined" ? fromServer : isCrawler(navigator.userAgent);
}
