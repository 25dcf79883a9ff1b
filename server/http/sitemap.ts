import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../api/env.ts";
import { validate } from "../api/validation.ts";
import {
  contentSitemapSource,
  pagesSitemapSource,
  renderSitemapIndex,
  renderUrlset,
  type SitemapContext,
  type SitemapSource,
} from "../domain/seo/sitemap.ts";
import { AppError } from "../errors.ts";

export const SITEMAP_INDEX_PATH = "/sitemap.xml";
export const SITEMAP_SHARDS_PATH = "/sitemaps";

const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};

/**
 * The storefront's public origin for absolute URLs: PUBLIC_ORIGIN when set (behind a proxy the request
 * URL is the internal one), else the request's own origin.
 */
export function publicOrigin(c: Context<AppEnv>): string {
  const configured = c.get("config").publicOrigin;
  return new URL(configured || c.req.url).origin;
}

function context(c: Context<AppEnv>): SitemapContext {
  return { origin: publicOrigin(c), config: c.get("config"), services: c.get("services") };
}

const shardParams = z.object({ file: z.string().regex(/^[a-z0-9-]{1,64}\.xml$/) });

/** Deployment date: the static pages change only with a release. */
const DEPLOYED_ON = new Date().toISOString().slice(0, 10);

/** Every sitemap in the index, in order; categories and products shards are added here. */
export function defaultSitemapSources(): SitemapSource[] {
  return [pagesSitemapSource(DEPLOYED_ON), contentSitemapSource()];
}

/** /sitemap.xml (the index of every shard) and /sitemaps/{file}.xml (one shard), for the app's root. */
export function createSitemapRoute(sources: SitemapSource[] = defaultSitemapSources()) {
  return new Hono<AppEnv>()
    .get(SITEMAP_INDEX_PATH, async (c) => {
      const ctx = context(c);
      const shards = (await Promise.all(sources.map((s) => s.shards(ctx)))).flat();
      const xml = renderSitemapIndex(
        ctx.origin,
        shards.map((s) => ({ loc: `${SITEMAP_SHARDS_PATH}/${s.file}`, lastmod: s.lastmod })),
      );
      return c.body(xml, 200, XML_HEADERS);
    })
    .get(`${SITEMAP_SHARDS_PATH}/:file`, validate("param", shardParams), async (c) => {
      const { file } = c.req.valid("param");
      const ctx = context(c);
      for (const source of sources) {
        const urls = await source.urls(file, ctx);
        if (urls) return c.body(renderUrlset(ctx.origin, urls), 200, XML_HEADERS);
      }
      throw new AppError("not_found", "Карта сайта не найдена", { code: "sitemap_not_found" });
    });
}

export const sitemapRoute = createSitemapRoute();
