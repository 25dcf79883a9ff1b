import { describe, expect, it } from "vitest";
import { seoRecordSchema } from "#contract/seo.ts";
import { crc32 } from "./crc32.ts";
import { titleOnlySeo } from "./title-only.ts";

describe("crc32", () => {
  it("matches the standard CRC-32 check values", () => {
    expect(crc32("")).toBe(0);
    expect(crc32("123456789")).toBe(0xcbf43926);
    expect(crc32("The quick brown fox jumps over the lazy dog")).toBe(0x414fa339);
  });

  it("hashes the UTF-8 bytes of Cyrillic text, like zlib and PHP's crc32", () => {
    expect(crc32("Каталог")).toBe(3375591102);
  });
});

describe("titleOnlySeo", () => {
  it("uses the title for every text, with no description, keywords or breadcrumbs", () => {
    const record = titleOnlySeo("Каталог товаров");
    expect(record).toEqual({
      h1: "Каталог товаров",
      title: "Каталог товаров",
      pageTitle: "Каталог товаров",
      pageId: String(crc32("Каталог товаров")),
      description: "",
      keywords: "",
      breadcrumbs: [],
    });
    expect(seoRecordSchema.parse(record)).toEqual(record);
  });

  it("derives a stable decimal page id from the title", () => {
    expect(titleOnlySeo("123456789").pageId).toBe("3421780262");
    expect(titleOnlySeo("Корзина").pageId).toBe(titleOnlySeo("Корзина").pageId);
    expect(titleOnlySeo("Корзина").pageId).toMatch(/^\d+$/);
  });

  it("gives different titles different page ids", () => {
    const ids = new Set(
      ["Корзина", "Каталог", "Избранное", "Мои заказы", ""].map((t) => titleOnlySeo(t).pageId),
    );
    expect(ids.size).toBe(5);
  });

  it("keeps a given page id", () => {
    expect(titleOnlySeo("Каталог", "catalog").pageId).toBe("catalog");
  });
});
