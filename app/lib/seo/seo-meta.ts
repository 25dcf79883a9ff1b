import type { MetaDescriptor } from "react-router";
import type { Breadcrumb, SeoRecord } from "#contract/seo.ts";

export const SITE_NAME = "Витрина";
export const OG_LOCALE = "ru_RU";

export interface SeoMetaOptions {
  /** Public origin of the storefront, e.g. "https://vitrina.ru" (PUBLIC_ORIGIN, else the request's). */
  origin: string;
  /** The page path; its query string and hash are dropped from the canonical URL. */
  path: string;
  /** Share picture: absolute URL or a site path. */
  image?: string | undefined;
  /** Open Graph type; "website" unless said otherwise (a product page says "product"). */
  type?: string | undefined;
  /** Used when the record has no description (the title-only record), so the page still has one. */
  fallbackDescription?: string | undefined;
  /**
   * The page's own trail (home first, the page itself last), used when the SEO record brings none: the
   * catalogue's pages know where they sit even without an SEO service.
   */
  breadcrumbs?: Breadcrumb[] | undefined;
}

function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, "");
}

/** Absolute canonical URL: origin + path, without query string and hash. */
export function canonicalUrl(origin: string, path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  // "//host/x" must not turn into another host: the path is always a path on our origin.
  return `${trimOrigin(origin)}/${bare.replace(/^\/+/, "")}`;
}

/** A site path or an absolute http(s) URL made absolute against the origin. */
export function absoluteUrl(origin: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${trimOrigin(origin)}/${url.replace(/^\/+/, "")}`;
}

/** schema.org BreadcrumbList for a trail of breadcrumbs; positions start at 1. */
export function breadcrumbListJsonLd(breadcrumbs: Breadcrumb[], origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: breadcrumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.url),
    })),
  };
}

/**
 * Everything a route's `meta` returns for its SEO record: title, description, keywords, canonical link,
 * Open Graph and Twitter card, and the breadcrumbs as JSON-LD when there are any. Empty texts produce no
 * tag: an empty description is worse for search engines than none.
 */
export function seoMeta(record: SeoRecord, options: SeoMetaOptions): MetaDescriptor[] {
  const url = canonicalUrl(options.origin, options.path);
  const description = record.description || options.fallbackDescription || "";
  const image = options.image ? absoluteUrl(options.origin, options.image) : undefined;
  const meta: MetaDescriptor[] = [{ title: record.title }];
  if (description) meta.push({ name: "description", content: description });
  if (record.keywords) meta.push({ name: "keywords", content: record.keywords });
  meta.push(
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: record.title },
    ...(description ? [{ property: "og:description", content: description }] : []),
    { property: "og:url", content: url },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: OG_LOCALE },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  );
  const breadcrumbs = record.breadcrumbs.length > 0 ? record.breadcrumbs : (options.breadcrumbs ?? []);
  if (breadcrumbs.length > 0)
    meta.push({ "script:ld+json": breadcrumbListJsonLd(breadcrumbs, options.origin) });
  return meta;
}
