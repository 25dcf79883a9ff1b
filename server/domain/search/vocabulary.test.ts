import { describe, expect, it } from "vitest";
import { Vocabulary } from "./vocabulary.ts";

const names = [
  "Смартфон Samsung Galaxy A55 8/256 ГБ, синий",
  "Смартфон Samsung Galaxy S24 256 ГБ, чёрный",
  "Смартфон Apple iPhone 16 512 ГБ, серебристый",
  "Смарт-часы HONOR Watch 4 40 мм, розовые",
  "Платье Zarina миди из вискозы, изумрудное",
  "Кроссовки Li-Ning Way of Wade 10, синие",
  "Телевизор LED Samsung The Frame 55″",
];
const vocabulary = Vocabulary.fromNames(names);

describe("Vocabulary", () => {
  it("knows the folded words of the names and their prefixes", () => {
    expect(vocabulary.has("черный")).toBe(true);
    expect(vocabulary.has("чёрный")).toBe(false);
    expect(vocabulary.has("смарт-часы")).toBe(true);
    expect(vocabulary.has("часы")).toBe(true);
    expect(vocabulary.hasPrefix("смар")).toBe(true);
    expect(vocabulary.hasPrefix("смаш")).toBe(false);
  });

  it("corrects a typo to the nearest word, the more frequent one on a tie", () => {
    expect(vocabulary.correct("смартфн")).toEqual({ word: "смартфон", distance: 1 });
    expect(vocabulary.correct("самсунг")).toBeNull();
    expect(vocabulary.correct("samsng")?.word).toBe("samsung");
    expect(vocabulary.correct("кросовки")?.word).toBe("кроссовки");
    expect(vocabulary.correct("платье")).toBeNull();
    expect(vocabulary.correct("пл")).toBeNull();
    expect(vocabulary.nearest("синея", 3, 2).map((c) => c.word)).toEqual(["синие", "синий"]);
  });

  it("completes typed words with the leading words of names, commonest first", () => {
    expect(vocabulary.complete(["смар"], 5)).toEqual([
      "смартфон",
      "смартфон samsung",
      "смартфон samsung galaxy",
      "смарт-часы",
      "смарт-часы honor",
    ]);
    expect(vocabulary.complete(["samsung"], 5)).toEqual([
      "смартфон samsung",
      "смартфон samsung galaxy",
      "телевизор led samsung",
    ]);
    expect(vocabulary.complete(["zzz"], 5)).toEqual([]);
  });
});
