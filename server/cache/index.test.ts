import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import type { PageSnapshot } from "#server/http/page-cache.ts";
import { createLogger } from "#server/logger.ts";
import { openCaches } from "./index.ts";

/** A change source that never announces a change: the caches keep what they hold. */
const quiet = { listen: async () => ({ close: async () => {}, confirmedAt: () => Date.now() }) };

const page = (bytes: number): PageSnapshot => ({
  status: 200,
  headers: [["content-type", "text/html; charset=utf-8"]],
  body: new Uint8Array(bytes),
  etag: '"x"',
  storable: true,
});

describe("the in-process caches' bounds", () => {
  it("keep a sale day's pages: 1,100 product and listing pages of 45 KB fit the default 64 MB", async () => {
    const caches = await openCaches(loadConfig({}), quiet, createLogger("silent"));
    if (!caches) throw new Error("caches are on by default");
    try {
      for (let i = 0; i < 1_100; i++) await caches.pages.get(`/product/${i}`, async () => page(45_000));
      expect(caches.pages.stats()).toMatchObject({ size: 1_100, evictions: 0 });
      // The byte budget is what bounds them: 500 more push out the least recently used.
      for (let i = 0; i < 500; i++) await caches.pages.get(`/catalog/${i}`, async () => page(45_000));
      const { size, bytes, evictions } = caches.pages.stats();
      expect(evictions).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(64 * 1024 * 1024);
      expect(size).toBeGreaterThan(1_400);
    } finally {
      await caches.close();
    }
  });
});
