import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  initMetrika,
  METRIKA_TAG_URL,
  type MetrikaDocument,
  type MetrikaScript,
  type MetrikaWindow,
  pageViewReporter,
  reportEcommerce,
  resetMetrika,
} from "./yandex-metrika.ts";

function fakeDom(href = "https://vitrina.example/catalog") {
  const appended: MetrikaScript[] = [];
  const win: MetrikaWindow = { location: { href } };
  const doc: MetrikaDocument = {
    title: "Каталог — Витрина",
    referrer: "https://ya.ru/",
    get scripts() {
      return appended;
    },
    createElement: () => ({ async: false, src: "" }),
    head: { appendChild: (node) => appended.push(node) },
  };
  return { win, doc, appended };
}

/** The calls queued on `window.ym` (what tag.js replays once loaded). */
const calls = (win: MetrikaWindow) => win.ym?.a ?? [];

describe("initMetrika without a counter id", () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    resetMetrika();
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    warn.mockRestore();
    vi.unstubAllGlobals();
  });

  it("warns exactly once per page and loads nothing", () => {
    const { win, doc, appended } = fakeDom();
    for (const id of [undefined, null, "", "  "]) {
      const tracker = initMetrika(id, { window: win, document: doc });
      expect(tracker.enabled).toBe(false);
      tracker.hit("/x");
      tracker.ecommerce("add", { products: [] });
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith("Yandex Metrika ID not provided");
    expect(appended).toEqual([]);
    expect(win.ym).toBeUndefined();
    expect(win.dataLayer).toBeUndefined();
  });

  it("touches no global window or document", () => {
    const createElement = vi.fn();
    vi.stubGlobal("window", { location: { href: "https://vitrina.example/" } });
    vi.stubGlobal("document", { scripts: [], createElement, head: { appendChild: vi.fn() } });
    initMetrika(undefined);
    expect(createElement).not.toHaveBeenCalled();
    expect((globalThis.window as unknown as MetrikaWindow).ym).toBeUndefined();
  });
});

describe("initMetrika with a counter id", () => {
  beforeEach(() => resetMetrika());
  afterEach(() => vi.unstubAllGlobals());

  it("adds the tag script once and inits the counter with the spec's options", () => {
    const { win, doc, appended } = fakeDom();
    initMetrika("98765432", { window: win, document: doc });
    expect(appended).toEqual([{ async: true, src: METRIKA_TAG_URL }]);
    expect(METRIKA_TAG_URL).toBe("https://mc.yandex.ru/metrika/tag.js");
    expect(calls(win)[0]).toEqual([
      98765432,
      "init",
      {
        defer: true,
        clickmap: true,
        trackLinks: true,
        accurateTrackBounce: true,
        webvisor: true,
        ecommerce: "dataLayer",
        triggerEvent: true,
      },
    ]);
    expect(win.dataLayer).toEqual([]);
  });

  it("counts the first page view itself, as defer: true sends none", () => {
    const { win, doc } = fakeDom("https://vitrina.example/catalog?page=2");
    initMetrika("98765432", { window: win, document: doc });
    expect(calls(win)[1]).toEqual([
      98765432,
      "hit",
      "https://vitrina.example/catalog?page=2",
      { title: "Каталог — Витрина", referer: "https://ya.ru/" },
    ]);
  });

  it("sends a hit with title and referer through ym", () => {
    const { win, doc } = fakeDom();
    const tracker = initMetrika("98765432", { window: win, document: doc, initialHit: false });
    expect(tracker.enabled).toBe(true);
    tracker.hit("https://vitrina.example/basket", { title: "Корзина", referer: "https://vitrina.example/" });
    expect(calls(win)).toHaveLength(2);
    expect(calls(win)[1]).toEqual([
      98765432,
      "hit",
      "https://vitrina.example/basket",
      { title: "Корзина", referer: "https://vitrina.example/" },
    ]);
  });

  it("pushes e-commerce events in roubles to dataLayer", () => {
    const { win, doc } = fakeDom();
    const tracker = initMetrika("98765432", { window: win, document: doc });
    const products = [{ id: "SKU-1", name: "Смартфон", price: 19990, quantity: 1 }];
    tracker.ecommerce("add", { products });
    expect(win.dataLayer).toEqual([{ ecommerce: { currencyCode: "RUB", add: { products } } }]);
  });

  it("is idempotent: a second init neither re-adds the script nor re-inits", () => {
    const { win, doc, appended } = fakeDom();
    const first = initMetrika("98765432", { window: win, document: doc });
    const second = initMetrika("98765432", { window: win, document: doc });
    expect(second).toBe(first);
    expect(appended).toHaveLength(1);
    expect(calls(win).filter((c) => c[1] === "init")).toHaveLength(1);
  });

  it("uses the global window and document by default", () => {
    const { win, doc, appended } = fakeDom();
    vi.stubGlobal("window", win);
    vi.stubGlobal("document", doc);
    initMetrika("98765432");
    expect(appended).toHaveLength(1);
    expect(calls(win)[0]?.[1]).toBe("init");
  });

  it("is a silent no-op on the server", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(initMetrika("98765432").enabled).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe("pageViewReporter", () => {
  it("hits on every new location after the first, with the previous one as referer", () => {
    const hit = vi.fn();
    const tracker = { enabled: true, hit, ecommerce: vi.fn() };
    const report = pageViewReporter("https://vitrina.example");
    report(tracker, "/", "Витрина");
    expect(hit).not.toHaveBeenCalled();
    report(tracker, "/", "Витрина");
    expect(hit).not.toHaveBeenCalled();
    report(tracker, "/catalog?page=2", "Каталог");
    report(tracker, "/basket", "Корзина");
    expect(hit.mock.calls).toEqual([
      ["https://vitrina.example/catalog?page=2", { title: "Каталог", referer: "https://vitrina.example/" }],
      [
        "https://vitrina.example/basket",
        { title: "Корзина", referer: "https://vitrina.example/catalog?page=2" },
      ],
    ]);
  });
});

describe("reportEcommerce", () => {
  beforeEach(() => resetMetrika());

  it("holds events reported before the counter starts and sends them when it does", () => {
    const { win, doc } = fakeDom();
    const products = [{ id: "SKU-1", name: "Смартфон", price: 19990, quantity: 1 }];
    reportEcommerce("detail", { products });
    expect(win.dataLayer).toBeUndefined();
    initMetrika("98765432", { window: win, document: doc });
    reportEcommerce("add", { products });
    expect(win.dataLayer).toEqual([
      { ecommerce: { currencyCode: "RUB", detail: { products } } },
      { ecommerce: { currencyCode: "RUB", add: { products } } },
    ]);
  });

  it("drops them when the page has no counter", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    reportEcommerce("detail", { products: [] });
    initMetrika(undefined);
    const { win, doc } = fakeDom();
    initMetrika("98765432", { window: win, document: doc });
    expect(win.dataLayer).toEqual([]);
    warn.mockRestore();
  });
});
