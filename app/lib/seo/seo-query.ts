import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, getApi, unwrap } from "#app/lib/api-client.ts";
import type { SeoRecord } from "#contract/seo.ts";
import { titleOnlySeo } from "./title-only.ts";

/** Spec, section 9: SEO stale time 1 minute. */
export const SEO_STALE_TIME_MS = 60_000;

export const seoKeys = {
  all: ["seo"] as const,
  page: (path: string, title: string) => [...seoKeys.all, path, title] as const,
};

/** The page path the record is looked up by: no query string or hash (filters and paging share a record). */
export function seoPath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  return bare.startsWith("/") ? bare : `/${bare}`;
}

const TEXT_FIELDS = ["h1", "title", "pageTitle", "pageId", "description", "keywords"] as const;

/**
 * The API validates the upstream answer with the contract schema; this cheap check only keeps a broken
 * answer from reaching the page (and keeps zod out of the browser bundle).
 */
function isSeoRecord(value: unknown): value is SeoRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    TEXT_FIELDS.every((field) => typeof record[field] === "string") &&
    Array.isArray(record.breadcrumbs) &&
    record.breadcrumbs.every(
      (b: unknown) =>
        typeof b === "object" &&
        b !== null &&
        typeof (b as Record<string, unknown>).name === "string" &&
        typeof (b as Record<string, unknown>).url === "string",
    )
  );
}

/**
 * SEO record of a page; `title` is the page's own title, used for the title-only record when the API has
 * none (204: no SEO endpoint configured or it failed), does not know the path (404) or cannot be reached.
 * The query never fails: SEO must not break a page. `api` is the loader's client on the server.
 */
export function seoQuery(path: string, title: string, api?: ApiClient) {
  const pagePath = seoPath(path);
  return queryOptions({
    queryKey: seoKeys.page(pagePath, title),
    queryFn: async ({ signal }): Promise<SeoRecord> => {
      try {
        // One attempt (retry: false below): the API already bounds the upstream call.
        const record: unknown = await unwrap(
          (api ?? getApi()).v1.seo.$get({ query: { path: pagePath } }, { init: { signal } }),
        );
        return isSeoRecord(record) ? record : titleOnlySeo(title);
      } catch {
        return titleOnlySeo(title);
      }
    },
    staleTime: SEO_STALE_TIME_MS,
    retry: false,
  });
}
