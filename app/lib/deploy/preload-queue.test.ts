import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createPreloadQueue,
  MAX_PARALLEL_PRELOADS,
  routeChunks,
  routesFromManifest,
} from "./preload-queue.ts";
import type { RouterManifest } from "./router-globals.ts";

/** A loader whose loads finish when the test says so; counts what is in flight. */
function controlledLoader() {
  const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  let inFlight = 0;
  let maxInFlight = 0;
  const load = vi.fn(
    (url: string) =>
      new Promise<void>((resolve, reject) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const settle = (fn: () => void) => () => {
          inFlight--;
          pending.delete(url);
          fn();
        };
        pending.set(url, { resolve: settle(resolve), reject: (error) => settle(() => reject(error))() });
      }),
  );
  return {
    load,
    pending,
    get maxInFlight() {
      return maxInFlight;
    },
    finish: (url: string) => pending.get(url)!.resolve(),
    fail: (url: string) => pending.get(url)!.reject(new TypeError(`Failed to fetch ${url}`)),
  };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createPreloadQueue", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("runs at most four loads at a time and completes them all", async () => {
    expect(MAX_PARALLEL_PRELOADS).toBe(4);
    const loader = controlledLoader();
    const queue = createPreloadQueue(loader.load);
    const urls = Array.from({ length: 10 }, (_, i) => `/assets/route-${i}.js`);
    const done = Promise.all(urls.map((url) => queue.preload(url)));
    expect(queue.active).toBe(4);
    expect(queue.waiting).toBe(6);

    while (loader.pending.size > 0) {
      loader.finish([...loader.pending.keys()][0]!);
      await tick();
      expect(queue.active).toBeLessThanOrEqual(4);
    }
    await done;
    expect(loader.maxInFlight).toBe(4);
    expect(loader.load.mock.calls.map(([url]) => url)).toEqual(urls); // first come, first served
    expect(queue.active).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it("does not let failures block the queue; preload promises never reject", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const loader = controlledLoader();
    const queue = createPreloadQueue(loader.load);
    const urls = Array.from({ length: 6 }, (_, i) => `/assets/c-${i}.js`);
    const done = Promise.all(urls.map((url) => queue.preload(url)));
    for (const url of urls.slice(0, 4)) loader.fail(url);
    await tick();
    expect(queue.active).toBe(2); // the two that waited took the freed slots
    for (const url of urls.slice(4)) loader.finish(url);
    await expect(done).resolves.toBeDefined();
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it("survives a loader that throws synchronously", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const queue = createPreloadQueue(() => {
      throw new Error("bad url");
    }, 1);
    await queue.preload("/a.js");
    await queue.preload("/b.js");
    expect(queue.active).toBe(0);
  });

  it("loads each URL once, in flight or done", async () => {
    const loader = controlledLoader();
    const queue = createPreloadQueue(loader.load);
    const first = queue.preload("/assets/a.js");
    expect(queue.preload("/assets/a.js")).toBe(first);
    loader.finish("/assets/a.js");
    await first;
    await queue.preload("/assets/a.js");
    expect(loader.load).toHaveBeenCalledTimes(1);
  });

  it("tries a failed URL again on the next intent", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const loader = controlledLoader();
    const queue = createPreloadQueue(loader.load);
    const first = queue.preload("/assets/a.js");
    loader.fail("/assets/a.js");
    await first;
    const second = queue.preload("/assets/a.js");
    loader.finish("/assets/a.js");
    await second;
    expect(loader.load).toHaveBeenCalledTimes(2);
  });
});

const manifest: RouterManifest = {
  version: "v1",
  routes: {
    root: { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/react.js"] },
    "layout-default": { id: "layout-default", parentId: "root", module: "/assets/default.js" },
    index: { id: "index", parentId: "layout-default", index: true, module: "/assets/index.js" },
    "product-productId": {
      id: "product-productId",
      parentId: "layout-default",
      path: "product/:productId",
      module: "/assets/product.js",
      imports: ["/assets/gallery.js", "/assets/react.js"],
    },
    "catalog-catId-sef": {
      id: "catalog-catId-sef",
      parentId: "layout-default",
      path: "catalog/:catId/*",
      module: "/assets/category.js",
    },
  },
};

describe("routeChunks", () => {
  it("builds the route tree from the manifest's parent ids", () => {
    const [root] = routesFromManifest(manifest.routes);
    expect(root?.id).toBe("root");
    expect(root?.children?.[0]?.children?.map((route) => route.id)).toEqual([
      "index",
      "product-productId",
      "catalog-catId-sef",
    ]);
  });

  it("lists every matched route's module and imports once, root first", () => {
    expect(routeChunks(manifest, "/product/42")).toEqual([
      "/assets/root.js",
      "/assets/react.js",
      "/assets/default.js",
      "/assets/product.js",
      "/assets/gallery.js",
    ]);
    expect(routeChunks(manifest, "/catalog/7/phones/android")).toContain("/assets/category.js");
    expect(routeChunks(manifest, "/")).toContain("/assets/index.js");
  });

  it("matches nothing for a route the manifest does not know yet", () => {
    expect(routeChunks(manifest, "/personal/orders")).toEqual([]);
  });
});
