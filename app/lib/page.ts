import { type AppLoadContext, data, type MetaDescriptor } from "react-router";
import type { z } from "zod";
import { findUrlProblem } from "#contract/input-text.ts";
import type { Breadcrumb, SeoRecord } from "#contract/seo.ts";
import { ApiError } from "./api-client.ts";
import { type LoaderQueries, loaderQueries, serverApi } from "./loader-queries.ts";
import { SITE_NAME, seoMeta } from "./seo/seo-meta.ts";
import { seoQuery } from "./seo/seo-query.ts";

export interface PageSeo {
  seo: SeoRecord;
  origin: string;
  path: string;
}

/** A page's SEO record, loaded on the server (title-only when there is no SEO service). */
export async function loadPageSeo(
  args: { context: AppLoadContext; request: Request },
  title: string,
  queryClient: LoaderQueries = loaderQueries(args.context),
): Promise<PageSeo> {
  const url = new URL(args.request.url);
  const seo = await queryClient.ensureQueryData(seoQuery(url.pathname, title, serverApi(args.context)));
  return { seo, origin: url.origin, path: url.pathname };
}

/** The route `meta` for a page whose loader returned `PageSeo` fields. */
export function pageMeta(
  page: PageSeo | undefined,
  extra: { image?: string; type?: string; description?: string; breadcrumbs?: Breadcrumb[] } = {},
): MetaDescriptor[] {
  if (!page) return [];
  // Page titles carry the shop's name; the h1 stays the page's own.
  const title = page.seo.title.includes(SITE_NAME) ? page.seo.title : `${page.seo.title} — ${SITE_NAME}`;
  return seoMeta(
    { ...page.seo, title },
    {
      origin: page.origin,
      path: page.path,
      image: extra.image,
      breadcrumbs: extra.breadcrumbs,
      type: extra.type,
      fallbackDescription: extra.description,
    },
  );
}

/**
 * Route validation: params that cannot name a page are a fatal 404 'Page Not Found: {path}' (the spec's
 * wording), before any data is fetched.
 */
export function validateParams<S extends z.ZodType>(
  schema: S,
  params: unknown,
  request: Request,
): z.output<S> {
  const result = schema.safeParse(params);
  if (!result.success) {
    throw data(
      { message: `Page Not Found: ${new URL(request.url).pathname}` },
      { status: 404, statusText: "Not Found" },
    );
  }
  return result.data;
}

/**
 * An address no page can take (ADR 027): a segment or query value whose percent-encoding is malformed or
 * not UTF-8, or that decodes to a control character (NUL, CR/LF…). It names no page, so it is the same
 * fatal 404 as params that cannot name one — thrown by the layouts, before any route loader's answer.
 */
export function refuseMalformedUrl(request: Request): void {
  if (findUrlProblem(request.url)) {
    throw data(
      { message: `Page Not Found: ${new URL(request.url).pathname}` },
      { status: 404, statusText: "Not Found" },
    );
  }
}

/** A page that does not exist although its route matched (unknown slug, deleted product). */
export function pageNotFound(): never {
  throw data({ message: "Page not found" }, { status: 404, statusText: "Not Found" });
}

/** Awaits an API read; the API's 404 becomes the page's 404, anything else propagates. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) pageNotFound();
    throw error;
  }
}
