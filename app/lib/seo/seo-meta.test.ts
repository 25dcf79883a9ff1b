import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import type { SeoRecord } from "#contract/seo.ts";
import { canonicalUrl, seoMeta } from "./seo-meta.ts";
import { titleOnlySeo } from "./title-only.ts";

const ORIGIN = "https://vitrina.example";

const record: SeoRecord = {
  h1: "Смартфоны",
  title: "Смартфоны — купить в интернет-магазине Витрина",
  pageTitle: "Смартфоны",
  pageId: "42",
  description: "Смартфоны с кешбэком и доставкой",
  keywords: "смартфоны, телефоны",
  breadcrumbs: [
    { name: "Главная", url: "/" },
    { name: "Электроника", url: "/catalog/1/elektronika" },
    { name: "Смартфоны", url: "https://vitrina.example/catalog/2/smartfony" },
  ],
};

function find(meta: MetaDescriptor[], predicate: (d: Record<string, unknown>) => boolean) {
  return meta.filter((d) => predicate(d as Record<string, unknown>)) as Record<string, unknown>[];
}
const byProperty = (meta: MetaDescriptor[], property: string) =>
  find(meta, (d) => d.property === property)[0]?.content;
const byName = (meta: MetaDescriptor[], name: string) => find(meta, (d) => d.name === name)[0]?.content;

describe("seoMeta", () => {
  it("sets the title, description and keywords from the record", () => {
    const meta = seoMeta(record, { origin: ORIGIN, path: "/catalog/2/smartfony" });
    expect(find(meta, (d) => "title" in d)).toEqual([{ title: record.title }]);
    expect(byName(meta, "description")).toBe(record.description);
    expect(byName(meta, "keywords")).toBe(record.keywords);
  });

  it("links an absolute canonical URL without the query string or hash", () => {
    const meta = seoMeta(record, {
      origin: `${ORIGIN}/`,
      path: "/catalog/2/smartfony?page=2&sort=price#top",
    });
    const links = find(meta, (d) => d.tagName === "link");
    expect(links).toEqual([{ tagName: "link", rel: "canonical", href: `${ORIGIN}/catalog/2/smartfony` }]);
    expect(byProperty(meta, "og:url")).toBe(`${ORIGIN}/catalog/2/smartfony`);
  });

  it("never lets the path change the canonical host", () => {
    expect(canonicalUrl(ORIGIN, "//evil.example/x")).toBe(`${ORIGIN}/evil.example/x`);
    expect(canonicalUrl(ORIGIN, "/")).toBe(`${ORIGIN}/`);
    expect(canonicalUrl(ORIGIN, "?a=1")).toBe(`${ORIGIN}/`);
  });

  it("adds Open Graph and Twitter card tags", () => {
    const meta = seoMeta(record, {
      origin: ORIGIN,
      path: "/product/7",
      type: "product",
      image: "/media/products/7/1.svg",
    });
    expect(byProperty(meta, "og:title")).toBe(record.title);
    expect(byProperty(meta, "og:description")).toBe(record.description);
    expect(byProperty(meta, "og:type")).toBe("product");
    expect(byProperty(meta, "og:site_name")).toBe("Витрина");
    expect(byProperty(meta, "og:locale")).toBe("ru_RU");
    expect(byProperty(meta, "og:image")).toBe(`${ORIGIN}/media/products/7/1.svg`);
    expect(byName(meta, "twitter:card")).toBe("summary_large_image");
  });

  it("defaults og:type to website and leaves og:image out without a picture", () => {
    const meta = seoMeta(record, { origin: ORIGIN, path: "/" });
    expect(byProperty(meta, "og:type")).toBe("website");
    expect(byProperty(meta, "og:image")).toBeUndefined();
    expect(byName(meta, "twitter:card")).toBe("summary");
  });

  it("adds a BreadcrumbList with absolute items and positions from 1", () => {
    const meta = seoMeta(record, { origin: ORIGIN, path: "/catalog/2/smartfony" });
    const scripts = find(meta, (d) => "script:ld+json" in d);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!["script:ld+json"]).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Главная", item: `${ORIGIN}/` },
        { "@type": "ListItem", position: 2, name: "Электроника", item: `${ORIGIN}/catalog/1/elektronika` },
        { "@type": "ListItem", position: 3, name: "Смартфоны", item: `${ORIGIN}/catalog/2/smartfony` },
      ],
    });
  });

  it("falls back to the page's own trail when the record has no breadcrumbs", () => {
    const trail = [
      { name: "Главная", url: "/" },
      { name: "Каталог", url: "/catalog" },
    ];
    const meta = seoMeta(titleOnlySeo("Каталог"), { origin: ORIGIN, path: "/catalog", breadcrumbs: trail });
    const [script] = find(meta, (d) => "script:ld+json" in d);
    expect(script?.["script:ld+json"]).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, name: "Главная", item: `${ORIGIN}/` },
        { position: 2, name: "Каталог", item: `${ORIGIN}/catalog` },
      ],
    });
  });

  it("prefers the SEO record's breadcrumbs to the page's own trail", () => {
    const meta = seoMeta(record, {
      origin: ORIGIN,
      path: "/catalog/2/smartfony",
      breadcrumbs: [{ name: "Другое", url: "/x" }],
    });
    const [script] = find(meta, (d) => "script:ld+json" in d);
    expect(JSON.stringify(script)).not.toContain("Другое");
  });

  it("has no JSON-LD, description or keywords for the title-only record", () => {
    const meta = seoMeta(titleOnlySeo("Корзина"), { origin: ORIGIN, path: "/basket" });
    expect(find(meta, (d) => "script:ld+json" in d)).toEqual([]);
    expect(byName(meta, "description")).toBeUndefined();
    expect(byName(meta, "keywords")).toBeUndefined();
    expect(byProperty(meta, "og:description")).toBeUndefined();
    expect(byProperty(meta, "og:title")).toBe("Корзина");
  });

  it("uses the fallback description when the record has none", () => {
    const meta = seoMeta(titleOnlySeo("Витрина"), {
      origin: ORIGIN,
      path: "/",
      fallbackDescription: "Маркетплейс партнёров банка",
    });
    expect(byName(meta, "description")).toBe("Маркетплейс партнёров банка");
    expect(byProperty(meta, "og:description")).toBe("Маркетплейс партнёров банка");
  });
});
