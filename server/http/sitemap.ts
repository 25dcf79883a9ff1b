import { type Context, Hono } from "hono";
import {
  contentSitemapSource,
  pagesSitemapSource,
  renderSitemapIndex,
  renderUrlsetChunks,
  SITEMAP_TABLES,
  type SitemapContext,
  type SitemapSource,
  type TableSitemapOptions,
  tableSitemapSource,
} from "#server/domain/seo/sitemap.ts";
import { AppError } from "#server/errors.ts";
import type { AppEnv } from "#server/http/env.ts";
import { requestOrigin } from "./public-origin.ts";

export const SITEMAP_INDEX_PATH = "/sitemap.xml";
export const SITEMAP_SHARDS_PATH = "/sitemaps";

const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};

function context(c: Context<AppEnv>): SitemapContext {
  return { origin: requestOrigin(c), config: c.get("config"), services: c.get("services") };
}

/** Deployment date: the static pages change only with a release. */
const DEPLOYED_ON = new Date().toISOString().slice(0, 10);

/**
 * Every sitemap in the index, in order: the static pages, the content pages, then every category, product,
 * brand and seller page in id-range shards (`options` lets tests use small shards).
 */
export function defaultSitemapSources(options: TableSitemapOptions = {}): SitemapSource[] {
  return [
    pagesSitemapSource(DEPLOYED_ON),
    contentSitemapSource(),
    ...SITEMAP_TABLES.map((table) => tableSitemapSource(table, options)),
  ];
}

/** A body that pulls the next piece of the document only when the client is ready for it. */
function streamOf(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** /sitemap.xml (the index of every shard) and /sitemaps/{file}.xml (one shard), for the app's root. */
export function createSitemapRoute(sources: SitemapSource[] = defaultSitemapSources()) {
  return (
    new Hono<AppEnv>()
      .get(SITEMAP_INDEX_PATH, async (c) => {
        const ctx = context(c);
        const shards = (await Promise.all(sources.map((s) => s.shards(ctx)))).flat();
        const xml = renderSitemapIndex(
          ctx.origin,
          shards.map((s) => ({ loc: `${SITEMAP_SHARDS_PATH}/${s.file}`, lastmod: s.lastmod })),
        );
        return c.body(xml, 200, XML_HEADERS);
      })
      // Each source recognises its own file names; any other name is simply not a sitemap (404).
      .get(`${SITEMAP_SHARDS_PATH}/:file`, async (c) => {
        const file = c.req.param("file");
        const ctx = context(c);
        for (const source of sources) {
          const urls = await source.urls(file, ctx);
          if (urls) return c.body(streamOf(renderUrlsetChunks(ctx.origin, urls)), 200, XML_HEADERS);
        }
        throw new AppError("not_found", "Карта сайта не найдена", { code: "sitemap_not_found" });
      })
  );
}

export const sitemapRoute = createSitemapRoute();
