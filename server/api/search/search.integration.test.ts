import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  type SearchFacets,
  type SearchResult,
  type SuggestResult,
  searchFacetsSchema,
  searchResultSchema,
  suggestResultSchema,
} from "#contract/search.ts";
import { createCatalogRepository } from "#server/domain/catalog/repository.ts";
import { createCatalogService } from "#server/domain/catalog/service.ts";
import { ftsMatch, parseQuery, wordAlternatives } from "#server/domain/search/query-plan.ts";
import { createSearchRepository } from "#server/domain/search/repository.ts";
import { createSearchService } from "#server/domain/search/service.ts";
import { errorHandler } from "#server/http/error-handler.ts";
import { apiCacheHeaders } from "#server/http/http-cache.ts";
import { createLogger } from "#server/logger.ts";
import { tsqueryMatches } from "#tests/fixtures/search-data.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";
import { type SearchRouteEnv, searchRoute } from "./route.ts";

/**
 * The search sub-app over the worker's seeded database, mounted where `server/api/index.ts` mounts it,
 * with the one error handler and the API's cache headers; it needs no more than this from the app.
 */
let searchApp: Promise<Hono<SearchRouteEnv>> | undefined;
function getSearchApp(): Promise<Hono<SearchRouteEnv>> {
  searchApp ??= (async () => {
    const { database, config } = await getTestContext();
    const logger = createLogger("silent");
    const catalog = createCatalogService(createCatalogRepository(database.db));
    const services = { search: createSearchService(createSearchRepository(database.db), { catalog }) };
    return new Hono<SearchRouteEnv>()
      .use(async (c, next) => {
        c.set("config", config);
        c.set("services", services);
        c.set("logger", logger);
        await next();
      })
      .use(apiCacheHeaders())
      .onError(errorHandler(logger))
      .route("/api/v1/search", searchRoute);
  })();
  return searchApp;
}

async function get(path: string): Promise<Response> {
  return (await getSearchApp()).request(path);
}

async function search(q: string, params = ""): Promise<SearchResult> {
  const res = await get(`/api/v1/search?q=${encodeURIComponent(q)}${params}`);
  expect(res.status).toBe(200);
  return searchResultSchema.parse(await res.json());
}

async function suggest(q: string): Promise<SuggestResult> {
  const res = await get(`/api/v1/search/suggest?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return suggestResultSchema.parse(await res.json());
}

async function facets(q: string, params = ""): Promise<SearchFacets> {
  const res = await get(`/api/v1/search/facets?q=${encodeURIComponent(q)}${params}`);
  expect(res.status).toBe(200);
  return searchFacetsSchema.parse(await res.json());
}

const names = (result: SearchResult) => result.items.map((p) => p.name);

describe("GET /api/v1/search: the Russian language", () => {
  it("finds the singular by the plural (morphology) and names the categories with matches", async () => {
    const result = await search("смартфоны");
    expect(result).toMatchObject({ query: "смартфоны", correctedQuery: null, layoutFixed: false });
    expect(result.total).toBeGreaterThan(5);
    expect(names(result)[0]).toMatch(/^Смартфон /);
    expect(result.categories[0]).toMatchObject({ name: "Смартфоны" });
    expect(result.categories[0]!.count).toBeGreaterThan(5);
    expect(result.suggestions).toEqual([]);
  });

  it("ranks products named so above those that only mention the word in the description", async () => {
    const result = await search("смартфон", "&limit=100");
    const named = result.items.map((p) => /смартфон/i.test(p.name));
    // Smart watches and speakers mention "смартфона" in their descriptions only.
    expect(named).toContain(false);
    expect(named.indexOf(false)).toBe(named.filter(Boolean).length);
  });

  it("corrects a one-letter typo and says so", async () => {
    const exact = await search("смартфон");
    const typo = await search("смартфн");
    expect(typo).toMatchObject({ correctedQuery: "смартфон", layoutFixed: false, total: exact.total });
    expect(names(typo)).toEqual(names(exact));
  });

  it("reads a query typed in the wrong keyboard layout", async () => {
    const result = await search("cvfhnajy");
    expect(result).toMatchObject({ query: "cvfhnajy", correctedQuery: "смартфон", layoutFixed: true });
    expect(names(result)[0]).toMatch(/^Смартфон /);
    const brand = await search("ыфьыгтп");
    expect(brand).toMatchObject({ correctedQuery: "samsung", layoutFixed: true });
    expect(names(brand).every((n) => n.includes("Samsung"))).toBe(true);
  });

  it("treats ё and е as one letter, both ways", async () => {
    // Names say "чёрный"; coffee "Черная карта" is spelt with е.
    const plain = await search("черный", "&limit=100");
    expect(names(plain).some((n) => n.includes("чёрн"))).toBe(true);
    const dotted = await search("чёрный", "&limit=100");
    expect(dotted.total).toBe(plain.total);
    const coffee = await search("Чёрная карта");
    expect(coffee.total).toBeGreaterThan(0);
    expect(names(coffee).every((n) => n.includes("Черная карта"))).toBe(true);
  });
});

describe("GET /api/v1/search: order and pages", () => {
  it("pages through every match exactly once, in every sort", async () => {
    const { total } = await search("модель", "&limit=1");
    expect(total).toBeGreaterThan(30);
    for (const sort of ["relevance", "popular", "price_asc", "rating", "discount"]) {
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(total / 7); page++) {
        const result = await search("модель", `&limit=7&page=${page}&sort=${sort}`);
        expect(result.total).toBe(total);
        seen.push(...result.items.map((p) => p.id));
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(total);
    }
    const beyond = await search("модель", `&limit=7&page=${Math.ceil(total / 7) + 1}`);
    expect(beyond).toMatchObject({ total, items: [] });
  });

  it("sorts by price, rating and discount", async () => {
    const up = (await search("модель", "&limit=100&sort=price_asc")).items.map((p) => p.price);
    const down = (await search("модель", "&limit=100&sort=price_desc")).items.map((p) => p.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(down).toEqual([...up].reverse());
    const ratings = (await search("модель", "&limit=100&sort=rating")).items.map((p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const discounts = (await search("модель", "&limit=100&sort=discount")).items.map(
      (p) => p.discountPercent,
    );
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    const popular = await search("модель", "&limit=100&sort=popular");
    const newest = await search("модель", "&limit=100&sort=new");
    expect(new Set(newest.items.map((p) => p.id))).toEqual(new Set(popular.items.map((p) => p.id)));
  });

  it("returns full product cards and may be cached", async () => {
    const res = await get("/api/v1/search?q=samsung");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=300");
    const { items } = searchResultSchema.parse(await res.json());
    expect(items[0]).toMatchObject({ brand: { code: "samsung", name: "Samsung" } });
    expect(items.every((p) => p.image?.url.startsWith("/img/"))).toBe(true);
  });
});

describe("GET /api/v1/search: nothing found", () => {
  it("offers queries that find something and the popular categories", async () => {
    const result = await search("космический корабль");
    expect(result).toMatchObject({ total: 0, items: [], correctedQuery: null });
    // The toy construction set «Пиратский корабль» exists; nothing is "космический".
    expect(result.suggestions).toContain("корабль");
    expect(result.categories.length).toBeGreaterThan(0);
    expect(result.categories.every((c) => c.count > 0)).toBe(true);
    for (const suggestion of result.suggestions) expect((await search(suggestion)).total).toBeGreaterThan(0);
  });

  it("answers a query of punctuation alone with nothing rather than an error", async () => {
    const result = await search("!!! ???");
    expect(result).toMatchObject({ total: 0, suggestions: [] });
  });
});

describe("GET /api/v1/search: validation", () => {
  it.each([
    ["a missing query", "/api/v1/search"],
    ["an empty query", "/api/v1/search?q="],
    ["a blank query", "/api/v1/search?q=%20%20"],
    ["a query over 200 characters", `/api/v1/search?q=${"а".repeat(201)}`],
    ["an unknown sort", "/api/v1/search?q=платье&sort=cheapest"],
  ])("rejects %s with 400", async (_, path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, type: "validation", code: "invalid_parameters" });
  });
});

describe("GET /api/v1/search/suggest", () => {
  it("suggests queries, categories and products with pictures while a word is typed", async () => {
    const result = await suggest("смар");
    expect(result.queries[0]).toBe("смартфон");
    expect(result.queries).toContain("смарт-часы");
    expect(result.categories.map((c) => c.name)).toContain("Смартфоны");
    expect(result.products.length).toBe(6);
    for (const p of result.products) {
      expect(p.name).toMatch(/^Смарт/);
      expect(p.image?.url).toMatch(/^\/img\/g[\w-]{21}$/);
      expect(Number.isInteger(p.price)).toBe(true);
    }
  });

  it("suggests brands, also typed in the wrong layout", async () => {
    const typed = await suggest("sams");
    expect(typed.brands[0]).toEqual({ code: "samsung", name: "Samsung" });
    expect(typed.products.every((p) => p.name.includes("Samsung"))).toBe(true);
    expect(typed.queries.every((q) => q.includes("samsung"))).toBe(true);
    const switched = await suggest("ыфьы");
    expect(switched.brands[0]).toEqual({ code: "samsung", name: "Samsung" });
  });

  it("completes a word typed in the wrong layout or with a typo", async () => {
    expect((await suggest("cvfh")).queries[0]).toBe("смартфон");
    expect((await suggest("смартфн")).queries[0]).toBe("смартфон");
  });

  it("offers popular queries and categories before anything is typed", async () => {
    const res = await get("/api/v1/search/suggest");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=300");
    const result = suggestResultSchema.parse(await res.json());
    expect(result.queries.length).toBeGreaterThan(0);
    expect(result.categories.length).toBeGreaterThan(0);
    expect(result.queries[0]).toBe(result.categories[0]!.name.toLowerCase());
  });

  it("copes with short words only and with punctuation", async () => {
    for (const q of ["l by", "а в", "!!!", "8/256", "'\\%_"]) await suggest(q);
  });

  it("rejects a query over 200 characters", async () => {
    expect((await get(`/api/v1/search/suggest?q=${"а".repeat(201)}`)).status).toBe(400);
  });
});

/**
 * Brands and models as shoppers type them in Cyrillic, each with a product name of the brand written
 * the way the catalogue writes its names. The recall below is the share of these queries whose
 * full-text query matches the name in this engine's own parser and `russian` dictionaries.
 */
const CYRILLIC_QUERIES: readonly (readonly [string, string, string])[] = [
  ["айфон", "apple", "Смартфон Apple iPhone 15 128 ГБ, чёрный"],
  ["айфон 15", "apple", "Смартфон Apple iPhone 15 128 ГБ, чёрный"],
  ["айфон 15 про", "apple", "Смартфон Apple iPhone 15 Pro 256 ГБ, белый"],
  ["эппл", "apple", "Ноутбук Apple MacBook Air 13, Apple M3, 8/256 ГБ, macOS"],
  ["эпл", "apple", "Ноутбук Apple MacBook Air 13, Apple M3, 8/256 ГБ, macOS"],
  ["макбук эйр", "apple", "Ноутбук Apple MacBook Air 13, Apple M3, 8/256 ГБ, macOS"],
  ["айпад", "apple", "Планшет Apple iPad Air 11″ 128 ГБ, серый"],
  ["самсунг", "samsung", "Смартфон Samsung Galaxy A55 8/256 ГБ, синий"],
  ["галакси а55", "samsung", "Смартфон Samsung Galaxy A55 8/256 ГБ, синий"],
  ["галакси с24", "samsung", "Смартфон Samsung Galaxy S24 256 ГБ, золотистый"],
  ["сяоми", "xiaomi", "Смартфон Xiaomi Redmi Note 13 8/256 ГБ, чёрный"],
  ["ксиоми", "xiaomi", "Смартфон Xiaomi Redmi Note 13 8/256 ГБ, чёрный"],
  ["шаоми", "xiaomi", "Монитор Xiaomi Monitor A27i 23,8″ 2560×1440"],
  ["редми ноут 13", "xiaomi", "Смартфон Xiaomi Redmi Note 13 8/256 ГБ, чёрный"],
  ["поко х6 про", "xiaomi", "Смартфон Xiaomi POCO X6 Pro 12/512 ГБ, графитовый"],
  ["хуавей", "huawei", "Смартфон HUAWEI nova 12s 256 ГБ, синий"],
  ["хуавей мейтбук", "huawei", "Ноутбук HUAWEI MateBook D 16, Intel Core i5, 16/512 ГБ"],
  ["хонор", "honor", "Смартфон HONOR X8b 256 ГБ, зелёный"],
  ["реалми", "realme", "Смартфон realme 12 Pro 12/128 ГБ, белый"],
  ["текно", "tecno", "Смартфон TECNO Camon 30 256 ГБ, белый"],
  ["асус", "asus", "Ноутбук ASUS Zenbook 14 OLED 16″, AMD Ryzen 7, 8 ГБ, SSD 256 ГБ"],
  ["асер", "acer", "Ноутбук Acer Aspire 3 15,6″, Intel Core Ultra 7, 8 ГБ, SSD 512 ГБ"],
  ["леново", "lenovo", "Ноутбук Lenovo IdeaPad Slim 3, Intel Core Ultra 7, 8/256 ГБ"],
  ["филипс", "philips", "Кофеварка капельная Philips Series 3200, чёрная"],
  ["бош", "bosch", "Стиральная машина Bosch BW881S, 9 кг, 1000 об/мин"],
  ["тефаль", "tefal", "Сковорода Tefal Daily Cook, 26 см"],
  ["дайсон", "dyson", "Фен Dyson Supersonic HD15, 1200 Вт, с ионизацией, чёрный"],
  ["дайсон суперсоник", "dyson", "Фен Dyson Supersonic HD15, 1200 Вт, с ионизацией, чёрный"],
  ["делонги", "delonghi", "Кофемашина автоматическая De'Longhi Dedica Style, чёрная"],
  ["керхер", "karcher", "Пылесос вертикальный Kärcher KVC506, фиолетовый"],
  ["сони", "sony", "Колонка беспроводная Sony ULT Field 1, 60 Вт, синяя"],
  ["джбл", "jbl", "Портативная колонка JBL Charge 5, красная"],
  ["маршалл", "marshall", "Наушники беспроводные Marshall Minor IV, белые"],
  ["логитек", "logitech", "Клавиатура Logitech K380 беспроводная с подсветкой"],
  ["редмонд", "redmond", "Блендер стационарный REDMOND RB-1358, 1000 Вт"],
  ["поларис", "polaris", "Блендер погружной Polaris PB619M, 600 Вт"],
  ["витек", "vitek", "Чайник пластиковый VITEK VK-4803, 1,7 л"],
  ["мулинекс", "moulinex", "Мультиварка Moulinex MK-7080, 5 л"],
  ["электролюкс", "electrolux", "Стиральная машина Electrolux EW-6230, 7 кг"],
  ["либхер", "liebherr", "Холодильник Liebherr LR553X, 500 л, серебристый"],
  ["лореаль", "loreal", "Бальзам-ополаскиватель L'Oréal Paris Elseve, 250 мл"],
  ["гарньер", "garnier", "Шампунь бессульфатный Garnier Botanic Therapy, 250 мл"],
  ["лего", "lego", "Конструктор LEGO Creator 3 в 1 «Домик на дереве», 250 деталей"],
  ["барби", "barbie", "Кукла Barbie «Принцесса», 30 см"],
  ["памперс", "pampers", "Влажные салфетки детские Pampers, 72 шт."],
  ["рибок", "reebok", "Кроссовки Reebok Club C 85, белые"],
  ["лав репаблик", "love-republic", "Платье Love Republic макси из трикотажа, изумрудное"],
  ["остин", "ostin", "Блузка O'STIN из полиэстера с длинным рукавом, синяя"],
  ["хайсенс", "hisense", "Телевизор Hisense E7NQ 65″, 4K UHD"],
  ["амазфит", "amazfit", "Смарт-часы Amazfit GTR 4 46 мм, чёрные"],
  ["prostokvashino", "prostokvashino", "Йогурт густой Простоквашино вишня 1,5%, 270 г"],
];

/** Genitive plurals with a fleeting vowel, and a name of their noun. */
const GENITIVE_PLURALS: readonly (readonly [string, string])[] = [
  ["масок", "Маска для лица тканевая Garnier увлажняющая"],
  ["кукол", "Кукла Barbie «Принцесса», 30 см"],
  ["ложек", "Ложка столовая Fissman, 6 шт."],
  ["сумок", "Сумка женская Zarina из экокожи, чёрная"],
  ["чашек", "Чашка фарфоровая, 300 мл"],
  ["тарелок", "Тарелка обеденная Tefal, 26 см"],
  ["игрушек", "Мягкая игрушка «Мишка» Budi Basa, 60 см"],
  ["кроссовок", "Кроссовки Reebok Club C 85, белые"],
  ["футболок", "Футболка мужская Demix из хлопка, белая"],
  ["подушек", "Подушка Togas 50×70 см"],
  ["полотенец", "Полотенце махровое Cleanelly, 70×140 см"],
  ["серег", "Серьги из серебра с фианитами"],
];

/**
 * Which names the full-text query a search makes of each query matches, as the search vector indexes
 * them: `[query index, name index]` pairs, from one statement in this engine's parser and dictionaries.
 */
async function matchingPairs(queries: readonly string[], names: readonly string[]): Promise<Set<string>> {
  const { database } = await getTestContext();
  const tsqueries = queries.map((q) => {
    const words = parseQuery(q).tokens.flatMap((t) => t.words);
    // Every fleeting-vowel stem is kept: these names are not in the catalogue's vocabulary.
    return ftsMatch(
      words,
      wordAlternatives(words, () => true),
    ).query;
  });
  return tsqueryMatches(database.db, tsqueries, names);
}

describe("GET /api/v1/search: brands and models typed in Cyrillic", () => {
  it(`matches the brand's products for each of ${CYRILLIC_QUERIES.length} queries and no other brand's`, async () => {
    const pairs = await matchingPairs(
      CYRILLIC_QUERIES.map(([q]) => q),
      CYRILLIC_QUERIES.map(([, , name]) => name),
    );
    const missed: string[] = [];
    const strays: string[] = [];
    CYRILLIC_QUERIES.forEach(([q, brand, name], i) => {
      if (!pairs.has(`${i}:${i}`)) missed.push(`${q} → ${name}`);
      CYRILLIC_QUERIES.forEach(([, other, otherName], j) => {
        if (other !== brand && pairs.has(`${i}:${j}`)) strays.push(`${q} → ${otherName}`);
      });
    });
    // Recall on the list: every query finds its brand's product; precision: none finds another brand's.
    expect(missed).toEqual([]);
    expect(strays).toEqual([]);
  });

  it("finds the nouns of genitive plurals with a fleeting vowel", async () => {
    const pairs = await matchingPairs(
      GENITIVE_PLURALS.map(([q]) => q),
      GENITIVE_PLURALS.map(([, name]) => name),
    );
    expect(GENITIVE_PLURALS.filter((_, i) => !pairs.has(`${i}:${i}`)).map(([q]) => q)).toEqual([]);
  });

  it("finds in the catalogue exactly what the Latin name finds", async () => {
    for (const [cyrillic, latin] of [
      ["эппл", "apple"],
      ["самсунг", "samsung"],
      ["сяоми", "xiaomi"],
      ["асус", "asus"],
      ["хуавей", "huawei"],
      ["хонор", "honor"],
    ]) {
      const byLatin = await search(latin!, "&limit=100");
      const byCyrillic = await search(cyrillic!, "&limit=100");
      expect(byLatin.total, latin).toBeGreaterThan(0);
      expect(byCyrillic, cyrillic).toMatchObject({ total: byLatin.total, correctedQuery: null });
      expect(byCyrillic.items.map((p) => p.id)).toEqual(byLatin.items.map((p) => p.id));
      expect(byCyrillic.items[0]!.brand.code).toBe(latin);
    }
  });

  it("finds dolls by «кукол» in the catalogue", async () => {
    const result = await search("кукол");
    expect(result.total).toBeGreaterThan(0);
    expect(result.correctedQuery).toBeNull();
    expect(names(result).every((n) => /кукл/i.test(n))).toBe(true);
  });

  it("suggests the brand and its products for a Cyrillic spelling, typed whole or in part", async () => {
    for (const q of ["самсунг", "самс"]) {
      const result = await suggest(q);
      expect(result.brands[0], q).toEqual({ code: "samsung", name: "Samsung" });
      expect(result.products.length, q).toBeGreaterThan(0);
      expect(
        result.products.every((p) => p.name.includes("Samsung")),
        q,
      ).toBe(true);
      expect(
        result.queries.every((text) => text.includes("samsung")),
        q,
      ).toBe(true);
    }
    expect((await suggest("эппл")).brands[0]).toEqual({ code: "apple", name: "Apple" });
  });
});

describe("GET /api/v1/search: the listing's filters over the results", () => {
  it("filters by brand, and counts the categories under the other filters", async () => {
    const all = await search("модель", "&limit=100");
    const brand = all.items[0]!.brand.code;
    const filtered = await search("модель", `&limit=100&brand=${brand}`);
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.total).toBeLessThan(all.total);
    expect(filtered.items.every((p) => p.brand.code === brand)).toBe(true);
    expect(filtered.categories.reduce((n, c) => n + c.count, 0)).toBe(filtered.total);
  });

  it("narrows to a category and keeps offering the others", async () => {
    const all = await search("модель");
    expect(all.categories.length).toBeGreaterThan(1);
    const second = all.categories[1]!;
    const inCategory = await search("модель", `&categoryId=${second.id}&limit=100`);
    expect(inCategory.total).toBe(second.count);
    expect(inCategory.categories).toEqual(all.categories);
  });

  it("sorts and pages filtered results", async () => {
    const all = await search("модель", "&limit=1");
    const priceMax = 5000;
    const up = await search("модель", `&limit=5&sort=price_asc&priceMax=${priceMax}`);
    const next = await search("модель", `&limit=5&sort=price_asc&priceMax=${priceMax}&page=2`);
    expect(up.total).toBeLessThan(all.total);
    const prices = [...up.items, ...next.items].map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices.every((p) => p <= priceMax * 100)).toBe(true);
    expect(new Set([...up.items, ...next.items].map((p) => p.id)).size).toBe(
      up.items.length + next.items.length,
    );
  });

  it("says the filters leave nothing, without corrections, when the query itself finds products", async () => {
    const result = await search("смартфон", "&priceMax=1");
    expect(result).toMatchObject({ total: 0, items: [], correctedQuery: null, suggestions: [] });
    expect(result.empty).toMatchObject({ reason: "no_matches" });
  });

  it("rejects a property filter where no category holds most of the results", async () => {
    const res = await get("/api/v1/search?q=модель&p.memory=256%20ГБ");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_parameters" });
  });
});

describe("GET /api/v1/search/facets", () => {
  it("counts brands, prices and ratings over the results, in step with the search", async () => {
    const result = await search("модель", "&limit=1");
    const all = await facets("модель");
    expect(all.total).toBe(result.total);
    expect(all.brands.reduce((n, b) => n + b.count, 0)).toBe(result.total);
    expect(all.price).not.toBeNull();
    const brand = all.brands[0]!;
    const narrowed = await facets("модель", `&brand=${brand.code}`);
    expect(narrowed.total).toBe(brand.count);
    expect(narrowed.total).toBe((await search("модель", `&brand=${brand.code}&limit=1`)).total);
    // Disjunctive: the brand counts ignore the brand filter itself.
    expect(narrowed.brands).toEqual(all.brands.map((b) => ({ ...b, selected: b.code === brand.code })));
  });

  it("offers the properties of the category holding most results, and they filter the search", async () => {
    const phones = await facets("смартфон");
    expect(phones.category).toMatchObject({ name: "Смартфоны" });
    const memory = phones.properties.find((p) => p.code === "memory");
    expect(memory?.kind).toBe("enum");
    const value = memory?.kind === "enum" ? memory.values[0]! : undefined;
    const filtered = await search("смартфон", `&p.memory=${encodeURIComponent(value!.value)}&limit=1`);
    expect(filtered.total).toBe(value!.count);
    const spread = await facets("модель");
    expect(spread.category).toBeNull();
    expect(spread.properties).toEqual([]);
  });

  it("offers a chosen category's properties, and nothing for a query that finds nothing", async () => {
    const all = await search("модель");
    const chosen = await facets("модель", `&categoryId=${all.categories[0]!.id}`);
    expect(chosen.category).toMatchObject({ id: all.categories[0]!.id, name: all.categories[0]!.name });
    expect(chosen.total).toBe(all.categories[0]!.count);
    const none = await facets("щщщщщщщ");
    expect(none).toMatchObject({ total: 0, brands: [], category: null });
  });
});
