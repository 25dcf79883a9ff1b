import { describe, expect, it, vi } from "vitest";
import type { SeoRecord } from "#contract/seo.ts";
import { createSeoSource } from "./source.ts";

const ENDPOINT = "https://seo.example/api?site=vitrina";

const record = (title: string): SeoRecord => ({
  h1: title,
  title,
  pageTitle: title,
  pageId: "1",
  description: "",
  keywords: "",
  breadcrumbs: [],
});

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("SEO source", () => {
  it("keeps the endpoint's own query and adds the encoded path", async () => {
    const fetch = vi.fn(async (_url: URL, _init: RequestInit) => Response.json(record("Каталог")));
    await createSeoSource({ fetch }).lookup(ENDPOINT, "/catalog?x=1&y=ё");
    const url = fetch.mock.calls[0]![0];
    expect(url.searchParams.get("site")).toBe("vitrina");
    expect(url.searchParams.get("path")).toBe("/catalog?x=1&y=ё");
    expect(fetch.mock.calls[0]![1].signal).toBeInstanceOf(AbortSignal);
  });

  it("accepts a numeric page id and drops unknown fields", async () => {
    const source = createSeoSource({
      fetch: async () => Response.json({ ...record("Каталог"), pageId: 17, extra: 1 }),
    });
    const result = await source.lookup(ENDPOINT, "/catalog");
    expect(result).toEqual({ status: "found", record: { ...record("Каталог"), pageId: "17" }, fresh: true });
  });

  it("asks again once a record is a minute old, and a failure after ten seconds", async () => {
    const time = clock();
    let answer: () => Response = () => Response.json(record("Каталог"));
    const fetch = vi.fn(async () => answer());
    const source = createSeoSource({ fetch, now: time.now });
    await source.lookup(ENDPOINT, "/catalog");
    time.advance(59_999);
    expect((await source.lookup(ENDPOINT, "/catalog")).fresh).toBe(false);
    time.advance(1);
    answer = () => new Response("", { status: 500 });
    expect(await source.lookup(ENDPOINT, "/catalog")).toMatchObject({ status: "failed", fresh: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    time.advance(9_999);
    expect(await source.lookup(ENDPOINT, "/catalog")).toMatchObject({ status: "failed", fresh: false });
    time.advance(1);
    answer = () => Response.json(record("Каталог"));
    expect(await source.lookup(ENDPOINT, "/catalog")).toMatchObject({ status: "found", fresh: true });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("evicts the least recently used path when full", async () => {
    const fetch = vi.fn(async (url: URL) => Response.json(record(url.searchParams.get("path")!)));
    const source = createSeoSource({ fetch, maxEntries: 2 });
    await source.lookup(ENDPOINT, "/a");
    await source.lookup(ENDPOINT, "/b");
    await source.lookup(ENDPOINT, "/a"); // /a is now the most recent
    await source.lookup(ENDPOINT, "/c"); // evicts /b
    expect(source.size).toBe(2);
    expect(fetch).toHaveBeenCalledTimes(3);
    await source.lookup(ENDPOINT, "/a");
    expect(fetch).toHaveBeenCalledTimes(3);
    await source.lookup(ENDPOINT, "/b");
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it("shares one upstream request between concurrent lookups of a path", async () => {
    let release: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    const source = createSeoSource({ fetch });
    const both = Promise.all([source.lookup(ENDPOINT, "/x"), source.lookup(ENDPOINT, "/x")]);
    await Promise.resolve();
    release(Response.json(record("X")));
    const [first, second] = await both;
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(first).toMatchObject({ status: "found", fresh: true });
    expect(second).toMatchObject({ status: "found", fresh: false });
  });

  it("aborts the upstream request on timeout", async () => {
    let signal: AbortSignal | undefined;
    const source = createSeoSource({
      timeoutMs: 10,
      fetch: (_url, init) => {
        signal = init.signal ?? undefined;
        return new Promise(() => {});
      },
    });
    expect(await source.lookup(ENDPOINT, "/slow")).toMatchObject({ status: "failed", reason: "timeout" });
    expect(signal?.aborted).toBe(true);
  });

  it("reports a body that is not JSON as invalid", async () => {
    const source = createSeoSource({ fetch: async () => new Response("<html>", { status: 200 }) });
    expect(await source.lookup(ENDPOINT, "/")).toMatchObject({ status: "failed", reason: "invalid" });
  });
});
