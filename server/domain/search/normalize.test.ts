import { describe, expect, it } from "vitest";
import { fleetingVowelStems, foldCase, isCorrectable, normalizeQuery, normalizeWords } from "./normalize.ts";

describe("normalizeWords", () => {
  it("lower-cases, folds ё to е, trims and collapses spaces", () => {
    expect(normalizeWords("  Чёрный   СМАРТФОН ")).toEqual(["черный", "смартфон"]);
    expect(foldCase("ЁЛКА Ёжик")).toBe("елка ежик");
  });

  it("drops punctuation but keeps compounds and numbers with inner marks", () => {
    expect(normalizeWords("Смарт-часы, «HONOR»!")).toEqual(["смарт-часы", "honor"]);
    expect(normalizeWords("Samsung Galaxy A55 8/256 ГБ, 23,8″")).toEqual([
      "samsung",
      "galaxy",
      "a55",
      "8/256",
      "гб",
      "23,8",
    ]);
    expect(normalizeWords("wi-fi - 5.1.2 - m/type")).toEqual(["wi-fi", "5.1.2", "m", "type"]);
    expect(normalizeWords("'; DROP TABLE products; --")).toEqual(["drop", "table", "products"]);
    expect(normalizeWords("%_\\'\"")).toEqual([]);
  });

  it("joins the words of a query with single spaces", () => {
    expect(normalizeQuery("Платье   Zarina, миди!")).toBe("платье zarina миди");
  });
});

describe("isCorrectable", () => {
  it("accepts words of three letters or more without digits", () => {
    expect(isCorrectable("смартфн")).toBe(true);
    expect(isCorrectable("гб")).toBe(false);
    expect(isCorrectable("a55")).toBe(false);
    expect(isCorrectable("256")).toBe(false);
  });
});

describe("fleetingVowelStems", () => {
  it("drops the vowel of a genitive plural the stemmer leaves whole", () => {
    expect(fleetingVowelStems("масок")).toEqual(["маск"]);
    expect(fleetingVowelStems("кукол")).toEqual(["кукл"]);
    expect(fleetingVowelStems("сумок")).toEqual(["сумк"]);
    expect(fleetingVowelStems("кроссовок")).toEqual(["кроссовк"]);
  });

  it("tries a soft sign for е, and reads е after a vowel as й", () => {
    expect(fleetingVowelStems("ложек")).toEqual(["ложк", "ложьк"]);
    expect(fleetingVowelStems("серег")).toEqual(["серг", "серьг"]);
    expect(fleetingVowelStems("туфель")).toEqual(["туфл", "туфьл"]);
    expect(fleetingVowelStems("чаек")).toEqual(["чайк"]);
  });

  it("leaves other shapes alone", () => {
    expect(fleetingVowelStems("сок")).toEqual([]);
    expect(fleetingVowelStems("маска")).toEqual([]);
    expect(fleetingVowelStems("iphone")).toEqual([]);
    expect(fleetingVowelStems("наушников")).toEqual(["наушникв"]);
  });
});
