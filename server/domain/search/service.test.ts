import { describe, expect, it } from "vitest";
import { parseQuery } from "./query-plan.ts";
import type { SearchRepository } from "./repository.ts";
import { createSearchService, readWhileTyping } from "./service.ts";
import { Vocabulary } from "./vocabulary.ts";

/** A repository that only serves names and popular categories, counting how often it is read. */
function fakeRepository(names: string[]) {
  const calls = { names: 0 };
  const repository = {
    async *productNames() {
      calls.names++;
      yield names;
    },
    popularCategories: async () => [{ id: 1, name: "Смартфоны", slug: "smartfony", count: 3 }],
    suggestProducts: async () => [],
    suggestCategories: async () => [],
    suggestBrands: async () => [],
  } as unknown as SearchRepository;
  return { repository, calls };
}

describe("search service: the in-memory vocabulary", () => {
  it("is built once, then rebuilt in the background when stale while the old copy keeps serving", async () => {
    let clock = 0;
    const names = ["Смартфон Samsung Galaxy A55, синий"];
    const { repository, calls } = fakeRepository(names);
    const service = createSearchService(repository, { refreshAfterMs: 1_000, now: () => clock });
    await Promise.all([service.warmUp(), service.suggest("смар"), service.suggest("")]);
    expect(calls.names).toBe(1);

    clock = 500;
    expect((await service.suggest("смар")).queries).toEqual([
      "смартфон",
      "смартфон samsung",
      "смартфон samsung galaxy",
    ]);
    expect(calls.names).toBe(1);

    clock = 2_000;
    names.push("Смарт-часы HONOR Watch 4");
    // Served from the stale copy at once; the rebuild has started.
    expect((await service.suggest("часы")).queries).toEqual([]);
    expect(calls.names).toBe(2);
    await service.warmUp();
    expect((await service.suggest("часы")).queries).toEqual([
      "смарт-часы",
      "смарт-часы honor",
      "смарт-часы honor watch",
    ]);
  });

  it("suggests the popular categories as queries before anything is typed", async () => {
    const { repository } = fakeRepository(["Смартфон Apple iPhone 16"]);
    expect(await createSearchService(repository).suggest("  ")).toEqual({
      queries: ["смартфоны"],
      categories: [{ id: 1, name: "Смартфоны", slug: "smartfony" }],
      brands: [],
      products: [],
    });
  });
});

describe("readWhileTyping", () => {
  const vocabulary = Vocabulary.fromNames(["Смартфон Samsung Galaxy A55", "Ноутбук ASUS Zenbook 14"]);
  const read = (q: string) => readWhileTyping(parseQuery(q), vocabulary);

  it("keeps words that start known words, numbers and short words", () => {
    expect(read("смарт sams a5")).toEqual(["смарт", "sams", "a5"]);
  });

  it("switches the layout or corrects a typo when the typed word starts nothing", () => {
    expect(read("cvfh")).toEqual(["смар"]);
    expect(read("yjen,er")).toEqual(["ноутбук"]);
    expect(read("смартфн ыфьы")).toEqual(["смартфон", "sams"]);
    expect(read("zzzzzz")).toEqual(["zzzzzz"]);
  });
});
