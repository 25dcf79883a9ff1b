import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient, resetApi, type Transport } from "#app/lib/api-client.ts";
import type { SeoRecord } from "#contract/seo.ts";
import { SEO_STALE_TIME_MS, seoQuery } from "./seo-query.ts";
import { titleOnlySeo } from "./title-only.ts";

const record: SeoRecord = {
  h1: "Каталог",
  title: "Каталог товаров — Витрина",
  pageTitle: "Каталог товаров",
  pageId: "catalog",
  description: "Все товары",
  keywords: "каталог",
  breadcrumbs: [{ name: "Главная", url: "/" }],
};

function apiWith(answer: () => Promise<Response> | Response) {
  const transport = vi.fn<Transport>(async () => answer());
  return { api: createApiClient({ transport }), transport };
}

const run = (options: ReturnType<typeof seoQuery>) => new QueryClient().fetchQuery(options);

describe("seoQuery", () => {
  afterEach(() => resetApi());

  it("asks GET /api/v1/seo for the path without its query string, with a one-minute stale time", async () => {
    const { api, transport } = apiWith(() => Response.json(record));
    const options = seoQuery("/catalog?page=2", "Каталог", api);
    expect(options.staleTime).toBe(SEO_STALE_TIME_MS);
    expect(SEO_STALE_TIME_MS).toBe(60_000);
    expect(await run(options)).toEqual(record);
    expect(transport).toHaveBeenCalledTimes(1);
    expect(transport.mock.calls[0]![0]).toBe("/api/v1/seo?path=%2Fcatalog");
  });

  it("falls back to the title-only record on 204 (no SEO endpoint)", async () => {
    const { api } = apiWith(() => new Response(null, { status: 204 }));
    expect(await run(seoQuery("/catalog", "Каталог", api))).toEqual(titleOnlySeo("Каталог"));
  });

  it("falls back on 404, on a server error and on a network failure, without retrying", async () => {
    for (const answer of [
      () => Response.json({ message: "Не найдено" }, { status: 404 }),
      () => Response.json({ message: "Ошибка" }, { status: 500 }),
      () => Promise.reject(new TypeError("fetch failed")),
    ]) {
      const { api, transport } = apiWith(answer);
      expect(await run(seoQuery("/basket", "Корзина", api))).toEqual(titleOnlySeo("Корзина"));
      expect(transport).toHaveBeenCalledTimes(1);
    }
  });

  it("falls back on an answer that is not an SEO record", async () => {
    const { api } = apiWith(() => Response.json({ title: "Без остального" }));
    expect(await run(seoQuery("/", "Витрина", api))).toEqual(titleOnlySeo("Витрина"));
  });

  it("falls back when no API client is configured", async () => {
    expect(await run(seoQuery("/", "Витрина"))).toEqual(titleOnlySeo("Витрина"));
  });

  it("keys the query by path and title", () => {
    expect(seoQuery("/catalog?x=1", "Каталог").queryKey).toEqual(["seo", "/catalog", "Каталог"]);
  });
});
