import { CATALOG_URL, contentPageUrl, TOP_PROFIT_INFO_URL } from "#contract/urls.ts";
import type { AppConfig } from "#server/config.ts";
import type { ContentService } from "#server/domain/content/service.ts";
import type { SitemapService, SitemapTable } from "./sitemap-service.ts";

/** sitemaps.org limits per file; shard sources split their URLs to stay under them. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read from the database per query while a shard is written out. */
export const SITEMAP_PAGE_SIZE = 5_000;

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
  /** The two services the sources read: content pages and the tables' id ranges. */
  services: { content: Pick<ContentService, "pages">; sitemap: SitemapService };
}

/** A shard's URLs: all at once, or batch by batch as they are read from the database. */
export type SitemapUrls = readonly SitemapUrl[] | AsyncIterable<readonly SitemapUrl[]>;

/**
 * One kind of sitemap (pages, categories, products): the shards it contributes to the index and the URLs
 * of each. Table sources shard by id range (`products-1.xml` … `products-N.xml`, SITEMAP_MAX_URLS each).
 */
export interface SitemapSource {
  shards(ctx: SitemapContext): SitemapShard[] | Promise<SitemapShard[]>;
  /** The shard's URLs, or undefined when the file is not one of this source's shards. */
  urls(file: string, ctx: SitemapContext): SitemapUrls | undefined | Promise<SitemapUrls | undefined>;
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
const URLSET_OPEN = `${XML_DECLARATION}\n<urlset xmlns="${NS}">\n`;
const URLSET_CLOSE = "</urlset>\n";

export function renderSitemapIndex(origin: string, shards: { loc: string; lastmod?: string | undefined }[]) {
  const body = shards.map((s) => entry("sitemap", origin, s.loc, s.lastmod)).join("\n");
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${NS}">\n${body}\n</sitemapindex>\n`;
}

function urlEntries(origin: string, urls: readonly SitemapUrl[]): string {
  let out = "";
  for (const u of urls) out += `${entry("url", origin, u.loc, u.lastmod)}\n`;
  return out;
}

export function renderUrlset(origin: string, urls: readonly SitemapUrl[]) {
  return `${URLSET_OPEN}${urlEntries(origin, urls)}${URLSET_CLOSE}`;
}

/**
 * The same document as `renderUrlset`, in pieces: the opening, one piece per batch as it arrives, the
 * closing. A shard of 50,000 products is never one string, nor all of its rows in memory at once.
 */
export async function* renderUrlsetChunks(origin: string, urls: SitemapUrls): AsyncGenerator<string> {
  yield URLSET_OPEN;
  if (isBatches(urls)) {
    for await (const batch of urls) if (batch.length > 0) yield urlEntries(origin, batch);
  } else if (urls.length > 0) {
    yield urlEntries(origin, urls);
  }
  yield URLSET_CLOSE;
}

function isBatches(urls: SitemapUrls): urls is AsyncIterable<readonly SitemapUrl[]> {
  return Symbol.asyncIterator in urls;
}

/** Static pages worth indexing; account, basket and checkout pages are closed in robots.txt. */
export const STATIC_PAGES = ["/", CATALOG_URL, TOP_PROFIT_INFO_URL] as const;

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
      return items.map((p) => ({ loc: contentPageUrl(p.slug), lastmod: p.updatedAt.slice(0, 10) }));
    },
  };
}

/** Ids are PostgreSQL `integer`s. */
const MAX_ID = 2_147_483_647;

export interface TableSitemapOptions {
  /** URLs per shard file; at most SITEMAP_MAX_URLS. */
  shardSize?: number;
  /** Rows per database query. */
  pageSize?: number;
}

/**
 * `{table}-{k}.xml`: every row of a catalogue table (categories, products, brands, sellers), shard k holding
 * the ids in ((k - 1)·shardSize, k·shardSize], so a page keeps its shard as the catalogue grows. A shard
 * is read page by page (keyset on the id) while it is written out; only shards that have rows exist.
 */
export function tableSitemapSource(table: SitemapTable, options: TableSitemapOptions = {}): SitemapSource {
  const shardSize = Math.min(options.shardSize ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const pageSize = Math.min(options.pageSize ?? SITEMAP_PAGE_SIZE, shardSize);
  const pattern = new RegExp(`^${table}-([1-9]\\d{0,8})\\.xml$`);
  return {
    shards: async (ctx) =>
      (await ctx.services.sitemap.shards(table, shardSize)).map((s) => ({
        file: `${table}-${s.shard}.xml`,
        lastmod: s.lastmod,
      })),
    urls: async (file, ctx) => {
      const shard = Number(pattern.exec(file)?.[1]);
      if (!shard || (shard - 1) * shardSize >= MAX_ID) return undefined;
      const upTo = Math.min(shard * shardSize, MAX_ID);
      const read = (after: number) => ctx.services.sitemap.entries(table, after, upTo, pageSize);
      // The first page is read before answering: a shard without rows is not one (404).
      const first = await read((shard - 1) * shardSize);
      if (first.entries.length === 0) return undefined;
      return (async function* () {
        let page = first;
        yield page.entries;
        while (page.entries.length === pageSize && page.lastId !== undefined) {
          page = await read(page.lastId);
          yield page.entries;
        }
      })();
    },
  };
}

/** The catalogue tables in the sitemap, in the order the index lists them. */
export const SITEMAP_TABLES: readonly SitemapTable[] = ["categories", "products", "brands", "sellers"];
