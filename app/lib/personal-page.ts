import type { DehydratedState } from "@tanstack/react-query";
import { type AppLoadContext, data, type MetaDescriptor, redirect } from "react-router";
import { type ApiClient, ApiError } from "./api-client.ts";
import { type LoaderQueries, loaderQueries, serverApi } from "./loader-queries.ts";
import { loadPageSeo, type PageSeo, pageMeta } from "./page.ts";

/** `/auth?redirectTo=<path and query>`: signs the shopper in and brings them back to the page asked for. */
export function signInRedirect(request: Request): string {
  const url = new URL(request.url);
  return `/auth?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

/**
 * The loader of a page of the shopper's own data: the page's SEO record and the reads `load` makes, all
 * awaited (the page paints with the shopper's data, never empty fields that fill later — but a shell's
 * frame, kept for every shopper, whose data the browser fetches: `options.shell`, ADR 072), then the
 * loader's own queries dehydrated for its `PageDataBoundary`. Signed out (401), the shopper is sent to sign
 * in and back here, as the personal layout does (pages outside it: `/thank-you`, `/fail`, where the acquirer
 * returns a shopper whose session ended meanwhile). Any other API refusal is the page's error screen, with
 * the API's status and message; anything else `load` throws (a 404 page) propagates.
 */
export async function loadPersonalPage<T extends object>(
  args: { context: AppLoadContext; request: Request },
  title: string,
  load: (queries: LoaderQueries, api: ApiClient) => Promise<T>,
  options: {
    /**
     * A `shell` page (ADR 072): what the loader returns when the render is kept for every shopper — the
     * route's own values, none of them the shopper's. `load` is not called then: the page paints its
     * frame, and the browser fetches the shopper's data after hydration.
     */
    shell?: T;
  } = {},
): Promise<PageSeo & T & { dehydratedState: DehydratedState }> {
  const queries = loaderQueries(args.context);
  if (options.shell && rendersForEveryone(args.context)) {
    const page = await loadPageSeo(args, title, queries);
    return { ...page, ...options.shell, dehydratedState: queries.dehydrate() };
  }
  try {
    const [page, own] = await Promise.all([
      loadPageSeo(args, title, queries),
      load(queries, serverApi(args.context)),
    ]);
    return { ...page, ...own, dehydratedState: queries.dehydrate() };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(signInRedirect(args.request), 302);
    if (error instanceof ApiError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/**
 * Whether this render is kept and served to everyone its cache key names (a `shell` page's frame, ADR
 * 072): its loaders must read nothing of the shopper's — the render sees no session cookie anyway, and a
 * personal answer would void it.
 */
export function rendersForEveryone(context: AppLoadContext): boolean {
  return context.forEveryone === true;
}

/**
 * The route `meta` of a page of the shopper's own: the page's SEO tags, and kept out of search engines.
 * `addressed: false` for a page whose kept frame is rendered under another path than the shopper's (ADR
 * 076): it names no address of its own (no canonical link, no `og:url`), so the frame holds none.
 */
export function personalPageMeta(
  page: PageSeo | undefined,
  { addressed = true }: { addressed?: boolean } = {},
): MetaDescriptor[] {
  const tags = pageMeta(page).filter(
    (tag) =>
      addressed ||
      (!("rel" in tag && tag.rel === "canonical") && !("property" in tag && tag.property === "og:url")),
  );
  return [...tags, { name: "robots", content: "noindex" }];
}
