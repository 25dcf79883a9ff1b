import type { AppConfig } from "../../config.ts";
import type { Services } from "../services.ts";

/** sitemaps.org limits per file; shard sources split their URLs to stay under them. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapUrl {
  /** Site path ("/catalog") or absolute URL. */
  loc: string;
  /** W3C datetime: "2025-06-01" or a full ISO timestamp. */
  lastmod?: string | undefined;
}

export interface SitemapShard {
  /** File name under /sitemaps/, e.g. "pages.xml", "products-3.xml". */
  file: string;
  lastmod?: string | undefined;
}

export interface SitemapContext {
  /** Public origin without trailing slash; every loc is made absolute against it. */
  origin: string;
  config: AppConfig;
  services: Services;
}

/**
 * One kind of sitemap (pages, categories, products): the shards it contributes to the index and the URLs
 * of each. Later sources shard by count (`products-1.xml` … `products-N.xml`, SITEMAP_MAX_URLS each).
 */
export interface SitemapSource {
  shards(ctx: SitemapContext): SitemapShard[] | Promise<SitemapShard[]>;
  /** The shard's URLs, or undefined when the file is not one of this source's shards. */
  urls(file: string, ctx: SitemapContext): SitemapUrl[] | undefined | Promise<SitemapUrl[] | undefined>;
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);
}

function absolute(origin: string, loc: string): string {
  return /^https?:\/\//i.test(loc) ? loc : `${origin}/${loc.replace(/^\/+/, "")}`;
}

function entry(tag: "url" | "sitemap", origin: string, loc: string, lastmod: string | undefined): string {
  const lastmodXml = lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : "";
  return `<${tag}><loc>${xmlEscape(absolute(origin, loc))}</loc>${lastmodXml}</${tag}>`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

export function renderSitemapIndex(origin: string, shards: { loc: string; lastmod?: string | undefined }[]) {
  const body = shards.map((s) => entry("sitemap", origin, s.loc, s.lastmod)).join("\n");
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${NS}">\n${body}\n</sitemapindex>\n`;
}

export function renderUrlset(origin: string, urls: SitemapUrl[]) {
  const body = urls.map((u) => entry("url", origin, u.loc, u.lastmod)).join("\n");
  return `${XML_DECLARATION}\n<urlset xmlns="${NS}">\n${body}\n</urlset>\n`;
}

/** Static pages worth indexing; account, basket and checkout pages are closed in robots.txt. */
export const STATIC_PAGES = ["/", "/catalog", "/promotion/top-profit/info"] as const;

/** `pages.xml`: the static pages, last modified at deployment (`lastmod`, a W3C date). */
export function pagesSitemapSource(lastmod: string): SitemapSource {
  return {
    shards: () => [{ file: "pages.xml", lastmod }],
    urls: (file) => (file === "pages.xml" ? STATIC_PAGES.map((loc) => ({ loc, lastmod })) : undefined),
  };
}

/** `content.xml`: the content pages (/page/{slug}) with the date each was last edited. */
export function contentSitemapSource(): SitemapSource {
  return {
    shards: () => [{ file: "content.xml" }],
    urls: async (file, ctx) => {
      if (file !== "content.xml") return undefined;
      const { items } = await ctx.services.content.pages();
      return items.map((p) => ({ loc: `/page/${p.slug}`, lastmod: p.updatedAt.slice(0, 10) }));
    },
  };
}
