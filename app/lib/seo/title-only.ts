import type { SeoRecord } from "#contract/seo.ts";
import { crc32 } from "./crc32.ts";

/**
 * The spec's record for a page without SEO data (no endpoint, or it failed): every text is the title,
 * no description, keywords or breadcrumbs. The page id, unless given, is the CRC-32 of the title as a
 * decimal string, so the same title always yields the same id, on the server and in the browser.
 */
export function titleOnlySeo(title: string, pageId?: string): SeoRecord {
  return {
    h1: title,
    title,
    pageTitle: title,
    pageId: pageId ?? String(crc32(title)),
    description: "",
    keywords: "",
    breadcrumbs: [],
  };
}
