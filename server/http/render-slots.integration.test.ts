import { describe, expect, it } from "vitest";
import { ReadCache } from "#server/cache/read-cache.ts";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { type PageSnapshot, pagePolicyResolver } from "./page-cache.ts";
import { RenderSlots } from "./render-slots.ts";

/**
 * Many different pages asked for at once — a sale's first minute, every listing just invalidated — are
 * rendered a few at a time (issue 23, point 5): the renders' memory is bounded, and every page is served.
 */
describe("page renders at once", () => {
  it("runs at most RENDER_CONCURRENCY renders, queues the rest in order, and serves every page", async () => {
    const { database } = await getTestContext();
    let running = 0;
    let peak = 0;
    const order: string[] = [];
    const app = createApp({
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", RENDER_CONCURRENCY: "3" }),
      services: createServices(database.db),
      logger: createLogger("silent"),
      checks: {},
      pageCache: new ReadCache<PageSnapshot>({ maxEntries: 100, freshMs: 30_000, staleMs: 0 }),
      pagePolicy: pagePolicyResolver([
        { path: "catalog/*", handle: { cache: "city" } },
        { path: "basket", handle: { cache: "personal" } },
      ]),
      ssr: async (request) => {
        running++;
        peak = Math.max(peak, running);
        order.push(new URL(request.url).pathname);
        // A render's work spread over a few turns of the event loop.
        for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
        running--;
        return new Response(`<p>${new URL(request.url).pathname}</p>`, {
          headers: { "Content-Type": "text/html" },
        });
      },
    });
    const paths = [
      ...Array.from({ length: 20 }, (_, i) => `/catalog/${i + 1}/x`),
      ...Array.from({ length: 5 }, () => "/basket"),
    ];
    const answers = await Promise.all(paths.map((path) => app.request(`http://shop.test${path}`)));
    expect(answers.map((res) => res.status)).toEqual(paths.map(() => 200));
    expect(await Promise.all(answers.map((res) => res.text()))).toEqual(
      paths.map((path) => `<p>${path}</p>`),
    );
    expect(order).toHaveLength(25);
    expect(peak).toBe(3);
  });

  it("passes a slot on when a render fails, first come first served", async () => {
    const slots = new RenderSlots(1);
    const started: number[] = [];
    const runs = [1, 2, 3, 4].map((n) =>
      slots
        .run(async () => {
          started.push(n);
          await new Promise((resolve) => setImmediate(resolve));
          if (n === 2) throw new Error("render failed");
          return n;
        })
        .catch((err: Error) => err.message),
    );
    expect(slots.waiting).toBe(3);
    expect(await Promise.all(runs)).toEqual([1, "render failed", 3, 4]);
    expect(started).toEqual([1, 2, 3, 4]);
    expect(slots.peak).toBe(1);
    expect(slots.waiting).toBe(0);
  });
});
