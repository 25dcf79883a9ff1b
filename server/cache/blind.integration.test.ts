import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { pagePolicyResolver } from "#server/http/page-cache.ts";
import { createLogger } from "#server/logger.ts";
import { plainProduct, setProductPrice } from "#tests/fixtures/catalog-writes.ts";
import { createScratchCatalog, type ScratchCatalog } from "#tests/fixtures/scratch-catalog.ts";
import { testDriver } from "#tests/fixtures/test-database.ts";
import { type Caches, openCaches } from "./index.ts";

/**
 * The change listener goes through a proxy the test controls; the app's queries do not. So the database
 * stays up while the caches go blind: changes are made and their notifications are lost.
 */
describe.runIf(testDriver() === "postgres")("caches while the change listener is down", () => {
  let catalog: ScratchCatalog;
  let caches: Caches & { close: () => Promise<void> };
  let app: ReturnType<typeof createApp>;
  let productId: number;
  let price: number;

  beforeAll(async () => {
    catalog = await createScratchCatalog("blind");
    const listening = await catalog.open({ heartbeat: { everyMs: 200, timeoutMs: 300 } });
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", CACHE_BLIND_S: "1" });
    const opened = await openCaches(config, listening, createLogger("silent"));
    if (!opened) throw new Error("caches are on by default");
    caches = opened;
    app = createApp({
      config,
      services: createServices(catalog.direct.db, { cache: caches.data, cacheTrusted: caches.trusted }),
      logger: createLogger("silent"),
      checks: {},
      pageCache: caches.pages,
      cachesTrusted: caches.trusted,
      pagePolicy: pagePolicyResolver([{ path: "product/:productId", handle: { cache: "city" } }]),
      // A product page that shows the price it reads through the in-process API, as the storefront's does.
      ssr: async (request) => {
        const id = new URL(request.url).pathname.split("/").at(-1);
        const body = (await (await app.request(`/api/v1/products/${id}`)).json()) as { price: number };
        return new Response(`<p>${body.price}</p>`, { headers: { "Content-Type": "text/html" } });
      },
    });
    ({ id: productId, price } = await plainProduct(catalog.direct.db));
  });

  afterAll(async () => {
    await caches?.close();
    await catalog?.drop();
  });

  const apiPrice = async () =>
    ((await (await app.request(`/api/v1/products/${productId}`)).json()) as { price: number }).price;
  const page = () => app.request(`http://shop.test/product/${productId}`);

  it("serve what they hold for CACHE_BLIND_S, then read through, and start over when it is back", async () => {
    expect(await apiPrice()).toBe(price);
    expect((await page()).headers.get("x-cache")).toBe("MISS");
    expect((await page()).headers.get("x-cache")).toBe("HIT");

    catalog.proxy.refuse();
    catalog.proxy.resetAll();
    await setProductPrice(catalog.direct.db, productId, price + 7);
    // Within the bound the caches still answer, with what they hold: the notification never came.
    expect(await apiPrice()).toBe(price);
    expect((await page()).headers.get("x-cache")).toBe("HIT");

    await sleep(1_300);
    expect(caches.trusted()).toBe(false);
    // Past it every read goes to the database and every page is rendered for its request, kept nowhere.
    expect(await apiPrice()).toBe(price + 7);
    const rendered = await page();
    expect(rendered.headers.get("x-cache")).toBeNull();
    expect(await rendered.text()).toContain(String(price + 7));
    const dataEntries = caches.data.stats().size;
    await apiPrice();
    expect(caches.data.stats().size).toBe(dataEntries);

    catalog.proxy.forward();
    const deadline = Date.now() + 10_000;
    while (!caches.trusted() && Date.now() < deadline) await sleep(50);
    expect(caches.trusted()).toBe(true);
    // Back: both caches were emptied and fill again.
    expect(caches.pages.stats().size).toBe(0);
    expect((await page()).headers.get("x-cache")).toBe("MISS");
    expect((await page()).headers.get("x-cache")).toBe("HIT");
    await setProductPrice(catalog.direct.db, productId, price);
  }, 30_000);
});
