import { createContext, useContext, useEffect, useState } from "react";

/** Whether the request being rendered on the server came from a crawler (entry.server.tsx sets it). */
export const CrawlerContext = createContext(false);

/**
 * Whether this visitor is a crawler: the server's answer while rendering there; in the browser, the
 * browser's own user agent (the same one the server saw) judged by isbot's list, which is loaded only
 * when an error screen asks (it is 2.7 KB gzipped no page needs in its first load). Not read from the
 * root loader's data, which the page cache shares between visitors.
 */
export function useIsCrawler(): boolean {
  const fromServer = useContext(CrawlerContext);
  const [crawler, setCrawler] = useState(fromServer);
  useEffect(() => {
    let live = true;
    void import("./crawler-pattern.ts").then(({ isCrawler }) => {
      if (live) setCrawler(isCrawler(navigator.userAgent));
    });
    return () => {
      live = false;
    };
  }, []);
  return crawler;
}
