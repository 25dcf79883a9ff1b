import { describe, expect, it } from "vitest";
import { ReadCache } from "#server/cache/read-cache.ts";
import { createApp } from "#server/composition/app.ts";
import { createServices } from "#server/composition/services.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { eventually } from "#tests/fixtures/eventually.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { type PageSnapshot, pagePolicyResolver } from "./page-cache.ts";

/**
 * Concurrent requests for one page cost one render (ADR 025): a hundred shoppers arriving together on a
 * page that is not kept yet, or on a kept page gone stale, must not start a hundred renders. The render
 * here is a stand-in that waits until the test lets it finish, and counts itself.
 */

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Waits (event-loop turns, not a clock) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; !done(); turn++) {
    if (turn > 10_000) throw new Error("the requests never got there");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function webApp() {
  const { database } = await getTestContext();
  const policy = pagePolicyResolver([
    { path: "catalog/*", handle: { cache: "city", query: ["page"] } },
    { path: "about", handle: { cache: "shared" } },
  ]);
  let now = 1_000_000;
  let renders = 0;
  let arrivals = 0;
  let release = gate();
  const pages = new ReadCache<PageSnapshot>({
    maxEntries: 100,
    freshMs: 30_000,
    staleMs: 300_000,
    now: () => now,
  });
  const app = createApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    services: createServices(database.db),
    logger: createLogger("silent"),
    checks: {},
    pageCache: pages,
    // Asked once per page request, just before the page cache: it counts who has arrived.
    pagePolicy: (pathname) => {
      arrivals++;
      return policy(pathname);
    },
    ssr: async (request) => {
      const version = ++renders;
      await release.opened;
      return new Response(`<p>${new URL(request.url).pathname} #${version}</p>`, {
        headers: { "Content-Type": "text/html" },
      });
    },
  });
  return {
    page: (path: string, cookie = "") =>
      app.request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
    renders: () => renders,
    /** Until `n` requests have reached the page cache, plus a few turns for the last to get in. */
    arrived: async (n: number) => {
      await until(() => arrivals >= n);
      for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    },
    /** Lets the renders waiting now finish; later ones wait again. */
    finishRenders: () => {
      release.open();
      release = gate();
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("concurrent renders of one page", () => {
  it("renders an uncached page once for every request that arrives while it renders", async () => {
    const web = await webApp();
    const pending = Array.from({ length: 50 }, (_, i) =>
      // Different unknown parameters and cookies the page does not read name the same page.
      web.page(`/catalog/5/phones?page=2&x=${i}`, `vid=${i}; city_id=2`),
    );
    await web.arrived(50);
    expect(web.renders()).toBe(1);
    web.finishRenders();
    const answers = await Promise.all(pending);
    expect(web.renders()).toBe(1);
    const bodies = new Set(await Promise.all(answers.map((res) => res.text())));
    expect([...bodies]).toEqual(["<p>/catalog/5/phones #1</p>"]);
    const states = answers.map((res) => res.headers.get("x-cache"));
    expect(states.filter((s) => s === "MISS")).toHaveLength(1);
    expect(states.filter((s) => s === "HIT")).toHaveLength(49);
  });

  it("keeps pages that differ apart: another city, another page number, another route", async () => {
    const web = await webApp();
    const pending = [
      web.page("/catalog/5/phones?page=2", "city_id=2"),
      web.page("/catalog/5/phones?page=2", "city_id=3"),
      web.page("/catalog/5/phones?page=3", "city_id=2"),
      web.page("/about", "city_id=2"),
      web.page("/about", "city_id=3"),
    ];
    await until(() => web.renders() === 4);
    web.finishRenders();
    await Promise.all(pending);
    expect(web.renders()).toBe(4);
  });

  it("refreshes a stale page with one render however many requests it serves meanwhile", async () => {
    const web = await webApp();
    const first = web.page("/about");
    await until(() => web.renders() === 1);
    web.finishRenders();
    expect(await (await first).text()).toBe("<p>/about #1</p>");

    web.advance(60_000);
    const during = await Promise.all(Array.from({ length: 50 }, () => web.page("/about")));
    // Every one of them got the stale copy at once; one refresh is under way behind them.
    expect(new Set(await Promise.all(during.map((res) => res.text())))).toEqual(
      new Set(["<p>/about #1</p>"]),
    );
    expect(during.every((res) => res.headers.get("x-cache") === "HIT")).toBe(true);
    expect(web.renders()).toBe(2);
    web.finishRenders();
    // The refresh stores its copy when it finishes: from then on requests are served the new one.
    const next = await eventually(
      async () => (await web.page("/about")).text(),
      (text) => text !== "<p>/about #1</p>",
    );
    expect(next).toBe("<p>/about #2</p>");
    expect(web.renders()).toBe(2);
  });

  it("renders once more when the stale window has passed, still once for all who wait", async () => {
    const web = await webApp();
    const first = web.page("/about");
    await until(() => web.renders() === 1);
    web.finishRenders();
    await first;
    web.advance(400_000);
    const pending = Array.from({ length: 20 }, () => web.page("/about"));
    await web.arrived(21);
    web.finishRenders();
    const texts = new Set(await Promise.all((await Promise.all(pending)).map((res) => res.text())));
    expect(texts).toEqual(new Set(["<p>/about #2</p>"]));
    expect(web.renders()).toBe(2);
  });
});
