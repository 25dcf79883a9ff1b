import { describe, expect, it } from "vitest";
import { catalogTree } from "./catalog-tree.ts";
import { sellers } from "./sellers.ts";

describe("sellers", () => {
  it("has at least 40 sellers with unique codes", () => {
    expect(sellers.length).toBeGreaterThanOrEqual(40);
    expect(new Set(sellers.map((s) => s.code)).size).toBe(sellers.length);
  });

  it("gives each seller plausible legal details", () => {
    for (const s of sellers) {
      expect(s.code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(s.legalName).toMatch(/^(ООО «.+»|АО «.+»|ИП [А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+)$/);
      expect(s.address).toMatch(/^\d{6}, .*(г\. [А-ЯЁ]).*д\. \d/);
      expect(s.email).toMatch(/^[a-z0-9.-]+@[a-z0-9.-]+\.ru$/);
      expect(s.phone).toMatch(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
      expect(s.rating).toBeGreaterThanOrEqual(3.6);
      expect(s.rating).toBeLessThanOrEqual(5);
      expect(Math.round(s.rating * 10) / 10).toBe(s.rating);
    }
  });

  it("covers every section with several sellers", () => {
    for (const section of catalogTree) {
      const count = sellers.filter((s) => s.sections.includes(section.key)).length;
      expect(count, section.key).toBeGreaterThanOrEqual(3);
    }
  });
});
