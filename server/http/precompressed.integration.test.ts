import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ReadCache } from "#server/cache/read-cache.ts";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { type PageSnapshot, pagePolicyResolver } from "./page-cache.ts";

/**
 * A kept page is gzipped once when it is kept and answered from those bytes on every hit, under the hit's
 * own nonce (precompressed.ts): the same page a browser would get from compressing it afresh.
 */
describe("kept pages, gzipped once", () => {
  it("answers a hit gzipped with the hit's nonce in the page and the policy; plain to a client without gzip", async () => {
    const { database } = await getTestContext();
    let renders = 0;
    const app = createApp({
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
      services: createServices(database.db),
      logger: createLogger("silent"),
      checks: {},
      pageCache: new ReadCache<PageSnapshot>({ maxEntries: 10, freshMs: 60_000, staleMs: 0 }),
      pagePolicy: pagePolicyResolver([{ path: "about", handle: { cache: "shared" } }]),
      ssr: async (_request, { cspNonce }) => {
        renders++;
        const card = "<li class=card>Смартфон · 79 990 ₽</li>".repeat(300);
        return new Response(
          `<!doctype html><script nonce="${cspNonce}">1</script><ul>${card}</ul><script nonce="${cspNonce}">2</script>`,
          { headers: { "Content-Type": "text/html; charset=utf-8" } },
        );
      },
    });
    const get = (headers: Record<string, string> = {}) =>
      app.request("http://shop.test/about", {
        headers: { "accept-encoding": "gzip, deflate, br", ...headers },
      });
    const nonceOf = (res: Response) =>
      /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

    const first = await get();
    expect(first.headers.get("x-cache")).toBe("MISS");
    await first.arrayBuffer();
    for (let hit = 0; hit < 3; hit++) {
      const res = await get();
      expect(res.headers.get("x-cache")).toBe("HIT");
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get("vary")).toMatch(/Accept-Encoding/);
      const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8");
      const nonce = nonceOf(res);
      expect(nonce).toBeTruthy();
      expect(html.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
      expect(html).toContain("Смартфон · 79 990 ₽");
      // The validator is the page's, whatever the nonce: a browser holding it gets 304.
      const again = await get({ "if-none-match": res.headers.get("etag") ?? "" });
      expect(again.status).toBe(304);
    }
    const plain = await get({ "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const html = await plain.text();
    expect(html).toContain(`nonce="${nonceOf(plain)}"`);
    expect(renders).toBe(1);
  });
});
