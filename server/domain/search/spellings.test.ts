import { describe, expect, it } from "vitest";
import { brands } from "#server/db/seed/brands.ts";
import { leafCategories } from "#server/db/seed/catalog-tree.ts";
import { normalizeWords } from "./normalize.ts";
import { codeReadings, SPELLING_LISTS, spellingsByPrefix, spellingsOf } from "./spellings.ts";

const CYRILLIC = /[а-яё]/;

describe("brand spellings", () => {
  it("cover every brand of the demo catalogue", () => {
    const listed = new Set(SPELLING_LISTS.brands.map(([name]) => normalizeWords(name).join(" ")));
    const missing = brands.filter((b) => {
      const words = normalizeWords(b.name);
      // A brand is covered when its name, or its leading words, are one of the listed names.
      return !words.some((_, i) => listed.has(words.slice(0, i + 1).join(" ")));
    });
    expect(missing.map((b) => b.name)).toEqual([]);
  });

  it("spell a Latin name in Cyrillic (and a Cyrillic one in Latin), each spelling usable", () => {
    for (const [name, ...spellings] of SPELLING_LISTS.brands) {
      const target = normalizeWords(name);
      expect(spellings.length, name).toBeGreaterThan(0);
      expect(
        spellings.some((s) => CYRILLIC.test(s) !== CYRILLIC.test(name)),
        name,
      ).toBe(true);
      for (const spelling of spellings) {
        const words = normalizeWords(spelling);
        // One word for the whole name, or word for word.
        expect(words.length === 1 || words.length === target.length, `${name}: ${spelling}`).toBe(true);
      }
    }
  });

  it("name model words the catalogue's model lines use", () => {
    const modelWords = new Set(
      leafCategories.flatMap(({ leaf }) =>
        Object.values(leaf.models ?? {}).flatMap((models) => models.flatMap((m) => normalizeWords(m))),
      ),
    );
    const unknown = SPELLING_LISTS.models.map(([name]) => name).filter((name) => !modelWords.has(name));
    expect(unknown).toEqual([]);
  });

  it("read a word, and the same word with a case ending", () => {
    expect(spellingsOf("самсунг")).toEqual([["samsung"]]);
    expect(spellingsOf("сяоми")).toEqual([["xiaomi"]]);
    expect(spellingsOf("айфона")).toEqual([["iphone"]]);
    expect(spellingsOf("самсунгом")).toEqual([["samsung"]]);
    expect(spellingsOf("керхер")).toEqual([["kärcher"]]);
    expect(spellingsOf("prostokvashino")).toEqual([["простоквашино"]]);
    expect(spellingsOf("ноут")).toEqual([["note"], ["ноутбук"]]);
    // Five letters of stem at least: "новая" is not Huawei's "nova" with an ending.
    expect(spellingsOf("новая")).toEqual([]);
    expect(spellingsOf("смартфон")).toEqual([]);
  });

  it("complete a spelling still being typed from three letters", () => {
    expect(spellingsByPrefix("самс")).toEqual([["samsung"]]);
    expect(spellingsByPrefix("айф")).toEqual([["iphone"]]);
    expect(spellingsByPrefix("са")).toEqual([]);
    expect(spellingsByPrefix("щщщ")).toEqual([]);
  });
});

describe("codeReadings", () => {
  it("reads Cyrillic letters of a model code as Latin, the ambiguous ones both ways", () => {
    expect(codeReadings("а55")).toEqual(["a55"]);
    expect(codeReadings("х6")).toEqual(["x6", "h6"]);
    expect(codeReadings("13с")).toEqual(["13s", "13c"]);
    expect(codeReadings("с24")).toEqual(["s24", "c24"]);
  });

  it("leaves words without digits, Latin codes and odd letters alone", () => {
    expect(codeReadings("галакси")).toEqual([]);
    expect(codeReadings("a55")).toEqual([]);
    expect(codeReadings("ж55")).toEqual([]);
  });
});
