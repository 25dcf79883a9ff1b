import { describe, expect, it } from "vitest";
import {
  alternativeQueries,
  chooseReadings,
  ftsMatch,
  namePattern,
  parseQuery,
  toTsQuery,
  wordAlternatives,
} from "./query-plan.ts";
import { Vocabulary } from "./vocabulary.ts";

const vocabulary = Vocabulary.fromNames([
  "Смартфон Samsung Galaxy A55 8/256 ГБ, синий",
  "Смартфон Apple iPhone 16 512 ГБ, чёрный",
  "Платье Zarina миди из вискозы, изумрудное",
]);

describe("parseQuery", () => {
  it("normalises the words and offers the other layout for one-script tokens", () => {
    expect(parseQuery("  Смартфон  cvfhnajy a55 ")).toEqual({
      text: "смартфон cvfhnajy a55",
      tokens: [
        { words: ["смартфон"], switched: ["cvfhnajy"] },
        { words: ["cvfhnajy"], switched: ["смартфон"] },
        { words: ["a55"], switched: null },
      ],
    });
  });

  it("converts punctuation keys before dropping punctuation", () => {
    expect(parseQuery("yjen,er").tokens).toEqual([{ words: ["yjen", "er"], switched: ["ноутбук"] }]);
  });

  it("drops empty tokens and caps the number of words", () => {
    expect(parseQuery(" !!! ").tokens).toEqual([]);
    expect(parseQuery("a b c d e f g h i j k").text.split(" ")).toHaveLength(8);
  });
});

describe("tsquery text", () => {
  it("quotes every word and joins them", () => {
    expect(toTsQuery(["смартфоны", "8/256"])).toBe("'смартфоны' & '8/256'");
    expect(toTsQuery(["смар"], { prefix: true, weight: "A" })).toBe("'смар':*A");
    expect(ftsMatch(["samsung", "galaxy"])).toEqual({
      kind: "fts",
      query: "'samsung' & 'galaxy'",
      nameQuery: "'samsung':A & 'galaxy':A",
      phraseQuery: "'samsung':A <-> 'galaxy':A",
    });
    expect(ftsMatch(["платье"]).phraseQuery).toBeNull();
  });
});

describe("wordAlternatives", () => {
  const knows = (stem: string) => ["маск", "кукл"].includes(stem);

  it("reads brands and model words typed in Cyrillic in the catalogue's Latin", () => {
    const alternatives = wordAlternatives(["айфон", "15", "про"], knows);
    expect(alternatives.get("айфон")).toEqual([["iphone"]]);
    expect(alternatives.get("про")).toEqual([["pro"]]);
    expect(alternatives.has("15")).toBe(false);
    expect(wordAlternatives(["делонги"], knows).get("делонги")).toEqual([["de", "longhi"]]);
  });

  it("reads model codes typed with Cyrillic letters both ways", () => {
    expect(wordAlternatives(["а55"], knows).get("а55")).toEqual([["a55"]]);
    expect(wordAlternatives(["с24"], knows).get("с24")).toEqual([["s24"], ["c24"]]);
  });

  it("adds the nominative of a genitive plural only for stems product names have", () => {
    expect(wordAlternatives(["масок", "кукол"], knows)).toEqual(
      new Map([
        ["масок", [["маска"]]],
        ["кукол", [["кукла"]]],
      ]),
    );
    expect(wordAlternatives(["смартфон"], knows).size).toBe(0);
  });

  it("makes each word with alternatives a group, phrases included", () => {
    const alternatives = wordAlternatives(["делонги", "кофемашина"], knows);
    expect(toTsQuery(["делонги", "кофемашина"], { weight: "A", operator: "<->" }, alternatives)).toBe(
      "('делонги':A | 'de':A <-> 'longhi':A) <-> 'кофемашина':A",
    );
    expect(toTsQuery(["айфон"], { prefix: true, weight: "A" }, wordAlternatives(["айфон"], knows))).toBe(
      "('айфон':*A | 'iphone':A)",
    );
  });
});

describe("namePattern", () => {
  it("cuts an ending, escapes dots and lets е stand for ё", () => {
    expect(namePattern("смартфонами")).toBe("смартфо");
    expect(namePattern("черн")).toBe("ч[её]р");
    expect(namePattern("про")).toBe("про");
    expect(namePattern("5.1.2")).toBe("5\\.1");
    expect(namePattern("пр")).toBeNull();
  });
});

describe("chooseReadings", () => {
  const plan = parseQuery("cvfhnajy смартфн samsung ьзьзьз");
  const choices = chooseReadings(
    plan.tokens,
    { typed: [false, false, true, false], switched: [true, false, false, false] },
    vocabulary,
  );

  it("keeps tokens with matches, switches the layout, corrects typos and leaves the rest", () => {
    expect(choices).toEqual([
      { words: ["смартфон"], how: "layout", distance: 0 },
      { words: ["смартфон"], how: "corrected", distance: 1 },
      { words: ["samsung"], how: "as_typed", distance: 0 },
      { words: ["ьзьзьз"], how: "unknown", distance: 0 },
    ]);
  });

  it("corrects a typo typed on the wrong layout", () => {
    const [choice] = chooseReadings(
      parseQuery("cvfhnajyyy").tokens,
      { typed: [false], switched: [false] },
      vocabulary,
    );
    expect(choice).toEqual({ words: ["смартфон"], how: "corrected", distance: 2 });
  });

  it("offers the query without each word, then near words for the unknown ones", () => {
    expect(alternativeQueries(choices, vocabulary).slice(0, 4)).toEqual([
      "смартфон смартфон samsung",
      "смартфон смартфон ьзьзьз",
      "смартфон samsung ьзьзьз",
    ]);
    // Three edits: too far to apply as a correction, near enough to offer.
    expect(vocabulary.correct("плотьяи")).toBeNull();
    expect(alternativeQueries([{ words: ["плотьяи"], how: "unknown", distance: 0 }], vocabulary)).toEqual([
      "платье",
    ]);
  });
});
