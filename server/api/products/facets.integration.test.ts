import { beforeAll, describe, expect, it } from "vitest";
import { type CategoryNode, productDetailSchema } from "#contract/catalog.ts";
import { products } from "#server/db/schema/index.ts";
import { all, facets, get, list } from "#tests/fixtures/catalog-api.ts";
import { getTestContext } from "#tests/fixtures/test-app.ts";

const enc = encodeURIComponent;

let tree: CategoryNode[] = [];
function category(name: string): CategoryNode {
  const stack = [...tree];
  while (stack.length > 0) {
    const node = stack.shift()!;
    if (node.name === name) return node;
    stack.push(...node.children);
  }
  throw new Error(`No category ${name}`);
}

beforeAll(async () => {
  tree = (await (await get("/api/v1/categories")).json()).items;
});

describe("GET /api/v1/products/facets", () => {
  it("counts exactly what each filter returns", async () => {
    const cat = `categoryId=${category("Электроника").id}`;
    const f = await facets(cat);
    expect(f.total).toBe((await list(cat)).total);
    expect(f.brands.length).toBeGreaterThan(3);
    for (const b of f.brands) expect((await list(`${cat}&brand=${b.code}`)).total, b.code).toBe(b.count);
    for (const s of f.sellers) expect((await list(`${cat}&seller=${s.code}`)).total, s.code).toBe(s.count);
    expect((await list(`${cat}&inStock=1`)).total).toBe(f.inStock);
    expect((await list(`${cat}&cashback=1`)).total).toBe(f.cashback);
    for (const r of f.ratings)
      expect((await list(`${cat}&ratingMin=${r.min}`)).total, `${r.min}`).toBe(r.count);
    // "From 4" is what the cards show: every card at least 4,0, and no card showing 4,0+ left out.
    const rated = await all(`${cat}&ratingMin=4`);
    expect(rated.every((p) => p.rating >= 4)).toBe(true);
    expect((await all(cat)).filter((p) => p.rating >= 4).length).toBe(rated.length);
    const withValues = f.properties.flatMap((p) => (p.kind === "number" ? [] : [p]));
    expect(withValues.length).toBeGreaterThan(2);
    for (const p of withValues.slice(0, 4)) {
      for (const v of p.values) {
        expect((await list(`${cat}&p.${p.code}=${enc(v.value)}`)).total, `${p.code}=${v.value}`).toBe(
          v.count,
        );
      }
    }
  });

  it("lists only the category's own properties, in natural order where it matters", async () => {
    const phones = await facets(`categoryId=${category("Смартфоны").id}`);
    expect(phones.properties.map((p) => p.code)).toEqual(["memory", "ram", "screen", "color", "nfc"]);
    const memory = phones.properties.find((p) => p.code === "memory");
    if (memory?.kind === "number") throw new Error("memory is an enum");
    const order = ["64 ГБ", "128 ГБ", "256 ГБ", "512 ГБ", "1 ТБ"];
    const values = memory?.values.map((v) => v.value) ?? [];
    expect(values).toEqual(order.filter((v) => values.includes(v)));
    expect(phones.properties.find((p) => p.code === "nfc")).toMatchObject({ kind: "boolean", unit: null });
    const gadgets = await facets(`categoryId=${category("Смартфоны и гаджеты").id}`);
    // A branch: colour is shared by all its leaves, so it comes first; nothing from other branches.
    expect(gadgets.properties[0]?.code).toBe("color");
    expect(gadgets.properties.map((p) => p.code)).not.toContain("cpu");
    expect(gadgets.properties.map((p) => p.code)).toContain("nfc");
    // A whole section offers what its leaves share; a leaf's own property still filters there, and
    // shows up once it is in use.
    const section = `categoryId=${category("Электроника").id}`;
    const codes = (await facets(section)).properties.map((p) => p.code);
    expect(codes).toContain("color");
    expect(codes).not.toContain("nfc");
    const withNfc = await facets(`${section}&p.nfc=1`);
    expect(withNfc.properties.find((p) => p.code === "nfc")).toMatchObject({ kind: "boolean" });
    expect(withNfc.total).toBe((await list(`${section}&p.nfc=да`)).total);
    expect(withNfc.total).toBeGreaterThan(0);
  });

  it("counts each facet with the other filters only (disjunctive faceting)", async () => {
    const cat = `categoryId=${category("Электроника").id}`;
    const plain = await facets(cat);
    const [a, b] = plain.brands;
    if (!a || !b) throw new Error("need two brands");
    const one = await facets(`${cat}&brand=${a.code}`);
    // The brand facet ignores its own filter: picking a brand keeps the others' counts.
    expect(one.brands.map((x) => [x.code, x.count])).toEqual(plain.brands.map((x) => [x.code, x.count]));
    expect(one.brands.find((x) => x.code === a.code)?.selected).toBe(true);
    expect(one.total).toBe(a.count);
    // Other facets follow the brand.
    for (const s of one.sellers)
      expect((await list(`${cat}&brand=${a.code}&seller=${s.code}`)).total, s.code).toBe(s.count);
    expect(one.inStock).toBe((await list(`${cat}&brand=${a.code}&inStock=1`)).total);
    // Several values of one facet are alternatives; repeated and comma-separated mean the same.
    expect((await list(`${cat}&brand=${a.code},${b.code}`)).total).toBe(a.count + b.count);
    expect((await list(`${cat}&brand=${a.code}&brand=${b.code}`)).total).toBe(a.count + b.count);
  });

  it("reports the price range over the results, ignoring the price filter itself", async () => {
    const cat = `categoryId=${category("Смартфоны и гаджеты").id}`;
    const f = await facets(cat);
    const cheapest = (await list(`${cat}&sort=price_asc&limit=1`)).items[0]!;
    const dearest = (await list(`${cat}&sort=price_desc&limit=1`)).items[0]!;
    expect(f.price).toEqual({ min: cheapest.price, max: dearest.price });
    const low = Math.ceil(cheapest.price / 100);
    const high = Math.floor((cheapest.price + dearest.price) / 2 / 100);
    const ranged = `${cat}&priceMin=${low}&priceMax=${high}`;
    const filtered = await facets(ranged);
    expect(filtered.price).toEqual(f.price);
    const items = await all(ranged);
    expect(filtered.total).toBe(items.length);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(f.total);
    for (const p of items) {
      expect(p.price).toBeGreaterThanOrEqual(low * 100);
      expect(p.price).toBeLessThanOrEqual(high * 100);
    }
  });

  it("filters by an enum property and by a number range", async () => {
    const cat = `categoryId=${category("Смартфоны и гаджеты").id}`;
    const f = await facets(cat);
    const memory = f.properties.find((p) => p.code === "memory");
    if (!memory || memory.kind === "number") throw new Error("memory is an enum here");
    const picked = memory.values.slice(0, 2);
    const byMemory = await all(`${cat}&p.memory=${enc(picked.map((v) => v.value).join(","))}`);
    expect(byMemory.length).toBe(picked.reduce((n, v) => n + v.count, 0));
    const { app } = await getTestContext();
    for (const item of byMemory) {
      const detail = productDetailSchema.parse(
        await (await app.request(`/api/v1/products/${item.id}`)).json(),
      );
      expect(picked.map((v) => v.value)).toContain(detail.properties.find((p) => p.code === "memory")?.value);
    }

    const screen = f.properties.find((p) => p.code === "screen");
    if (screen?.kind !== "number" || !screen.range) throw new Error("screen is a number here");
    const { min, max } = screen.range;
    const mid = (min + max) / 2;
    const bySize = await all(`${cat}&p.screen=${min}-${mid}`);
    expect(bySize.length).toBeGreaterThan(0);
    for (const item of bySize) {
      const detail = productDetailSchema.parse(
        await (await app.request(`/api/v1/products/${item.id}`)).json(),
      );
      const value = Number(
        detail.properties
          .find((p) => p.code === "screen")
          ?.value.replace(",", ".")
          .replace(/[^\d.]/g, ""),
      );
      expect(value).toBeGreaterThanOrEqual(min);
      expect(value).toBeLessThanOrEqual(mid);
    }
    // Open ends: "from mid" and "up to mid" overlap exactly in "mid" and together cover every product
    // that has a screen (watches and headphones of the branch have none and match neither).
    const upper = await list(`${cat}&p.screen=${mid}-`);
    const lower = await list(`${cat}&p.screen=-${mid}`);
    const exact = await list(`${cat}&p.screen=${mid}`);
    const withScreen = await list(`${cat}&p.screen=${min}-${max}`);
    expect(upper.total + lower.total - exact.total).toBe(withScreen.total);
    expect(withScreen.total).toBeLessThan(f.total);
    const narrowed = await facets(`${cat}&p.screen=${min}-${mid}`);
    expect(narrowed.properties.find((p) => p.code === "screen")).toMatchObject({
      range: screen.range,
      selected: { min, max: mid },
    });
  });

  it("keeps values that contain a comma whole (1,5% milk fat) while splitting lists at commas", async () => {
    const cat = `categoryId=${category("Молочные продукты").id}`;
    const f = await facets(cat);
    const fat = f.properties.find((p) => p.code === "fat");
    if (!fat || fat.kind === "number") throw new Error("fat is an enum");
    const withComma = fat.values.find((v) => v.value.includes(","));
    const other = fat.values.find((v) => !v.value.includes(","));
    if (!withComma || !other) throw new Error("the seed has both kinds of fat values");
    expect((await list(`${cat}&p.fat=${enc(withComma.value)}`)).total).toBe(withComma.count);
    expect((await list(`${cat}&p.fat=${enc(`${withComma.value},${other.value}`)}`)).total).toBe(
      withComma.count + other.count,
    );
    const selected = await facets(`${cat}&p.fat=${enc(withComma.value)}`);
    const values = selected.properties.find((p) => p.code === "fat");
    expect(values?.kind !== "number" && values?.values.filter((v) => v.selected).map((v) => v.value)).toEqual(
      [withComma.value],
    );
  });

  it("combines three facets: AND across facets, each counted under the other two", async () => {
    const cat = `categoryId=${category("Электроника").id}`;
    const plain = await facets(cat);
    const brands = plain.brands.slice(0, 3).map((b) => b.code);
    const color = plain.properties.find((p) => p.code === "color");
    if (!color || color.kind === "number") throw new Error("colour is an enum");
    const colors = color.values.slice(0, 3).map((v) => v.value);
    const priceMax = Math.ceil((plain.price?.max ?? 0) / 2 / 100);
    const brandQ = `brand=${brands.join(",")}`;
    const colorQ = `p.color=${enc(colors.join(","))}`;
    const priceQ = `priceMax=${priceMax}`;
    const f = await facets(`${cat}&${brandQ}&${colorQ}&${priceQ}`);
    const items = await all(`${cat}&${brandQ}&${colorQ}&${priceQ}`);
    expect(f.total).toBe(items.length);
    expect(items.every((p) => brands.includes(p.brand.code) && p.price <= priceMax * 100)).toBe(true);
    for (const b of f.brands)
      expect((await list(`${cat}&brand=${b.code}&${colorQ}&${priceQ}`)).total, b.code).toBe(b.count);
    const colorFacet = f.properties.find((p) => p.code === "color");
    if (!colorFacet || colorFacet.kind === "number") throw new Error("colour is an enum");
    for (const v of colorFacet.values)
      expect((await list(`${cat}&${brandQ}&p.color=${enc(v.value)}&${priceQ}`)).total, v.value).toBe(v.count);
    expect(f.price).toEqual((await facets(`${cat}&${brandQ}&${colorQ}`)).price);
  });

  it("answers an empty result with total 0, the facets and a way out", async () => {
    const cat = `categoryId=${category("Смартфоны и гаджеты").id}`;
    const f = await facets(`${cat}&priceMax=1&inStock=1`);
    expect(f.total).toBe(0);
    expect(f.price).not.toBeNull();
    expect(f.properties.length).toBeGreaterThan(0);
    expect(f.empty?.reason).toBe("no_matches");
    expect(f.empty?.suggestions[0]).toMatchObject({ filter: "price", name: "Цена" });
    const body = await list(`${cat}&priceMax=1&inStock=1`);
    expect(body).toMatchObject({ items: [], total: 0, empty: { reason: "no_matches" } });
    expect(body.empty?.suggestions.map((s) => s.filter)).toContain("price");
    expect(body.empty?.message).toMatch(/фильтр/);

    const unknownBrand = await list(`${cat}&brand=no-such-brand`);
    expect(unknownBrand.total).toBe(0);
    expect(unknownBrand.empty?.suggestions.map((s) => s.filter)).toEqual(["brand"]);

    const past = await list(`${cat}&limit=10&page=50`);
    expect(past.items).toEqual([]);
    expect(past.total).toBeGreaterThan(0);
    expect(past.empty).toMatchObject({ reason: "page_out_of_range", lastPage: Math.ceil(past.total / 10) });
  });

  it("counts a brand's own page within the brand: every count is the listing's, the brand facet empty", async () => {
    const brand = (await facets("")).brands.toSorted((a, b) => b.count - a.count)[0]!;
    const page = `brand=${brand.code}`;
    const within = await facets(`${page}&within=brand`);
    const plain = await facets(page);
    // The same listing either way…
    expect(within.total).toBe(brand.count);
    expect(within.total).toBe(plain.total);
    expect(within.price).toEqual(plain.price);
    expect(within.inStock).toBe(plain.inStock);
    expect(within.sellers).toEqual(plain.sellers);
    expect(within.ratings).toEqual(plain.ratings);
    // …but no count of other brands, and every other facet says what the brand's list would show.
    expect(plain.brands.length).toBeGreaterThan(1);
    expect(within.brands).toEqual([]);
    for (const s of within.sellers)
      expect((await list(`${page}&seller=${s.code}`)).total, s.code).toBe(s.count);
    expect((await list(`${page}&cashback=1`)).total).toBe(within.cashback);
    // Within a brand, a filter that empties the list does not suggest leaving the brand.
    const none = await facets(`${page}&within=brand&priceMin=99999999`);
    expect(none.total).toBe(0);
    expect(none.empty?.suggestions.map((x) => x.filter) ?? []).not.toContain("brand");
  });

  it("takes price bounds above any possible price (the column holds up to 21 474 836,47 ₽)", async () => {
    const everything = await facets("");
    // A shopper may type a long row of nines into either price field.
    expect((await facets("priceMax=99999999")).total).toBe(everything.total);
    expect((await list("priceMax=99999999")).total).toBe(everything.total);
    expect((await facets("priceMin=99999999")).total).toBe(0);
    expect((await list("priceMin=99999999.99")).total).toBe(0);
  });

  it("rejects an unknown `within`", async () => {
    const res = await get("/api/v1/products/facets?within=price");
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("within");
  });

  it("rejects invalid filters with 400 naming each field", async () => {
    const cat = `categoryId=${category("Смартфоны").id}`;
    const fieldsOf = async (path: string) => {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ status: 400, type: "validation", code: "invalid_parameters" });
      return body.fields.map((f: { field: string }) => f.field).sort();
    };
    expect(
      await fieldsOf(
        `/api/v1/products?${cat}&priceMin=-5&inStock=yes&ratingMin=7&brand=${enc("Not A Code")}`,
      ),
    ).toEqual(["query.brand.0", "query.inStock", "query.priceMin", "query.ratingMin"]);
    expect(await fieldsOf(`/api/v1/products/facets?${cat}&priceMin=500&priceMax=100`)).toEqual([
      "query.priceMin",
    ]);
    expect(await fieldsOf(`/api/v1/products?${cat}&p.cpu=x&p.screen=big&p.nfc=maybe`)).toEqual([
      "query.p.cpu",
      "query.p.nfc",
      "query.p.screen",
    ]);
    expect(await fieldsOf(`/api/v1/products/facets?${cat}&p.screen=7-6`)).toEqual(["query.p.screen"]);
    expect(await fieldsOf("/api/v1/products?p.color=x")).toEqual(["query.p.color"]);

    const missing = await get("/api/v1/products/facets?categoryId=999999");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "category_not_found", type: "not_found" });
  });
});

describe("GET /api/v1/products sorting and paging within a filtered listing", () => {
  const sorts = ["popular", "price_asc", "price_desc", "new", "rating", "discount"] as const;

  /** Sort keys the cards do not show, for every product (300 rows). */
  async function columns() {
    const { database } = await getTestContext();
    const rows = await database.db
      .select({
        id: products.id,
        popularity: products.popularity,
        createdAt: products.createdAt,
        rating: products.rating,
        reviewsCount: products.reviewsCount,
      })
      .from(products);
    return new Map(rows.map((r) => [r.id, r]));
  }

  it("orders by each sort, ties broken by id", async () => {
    const cat = `categoryId=${category("Электроника").id}`;
    for (const sort of sorts) {
      const items = await all(`${cat}&sort=${sort}`);
      const extra = await columns();
      const key = (p: (typeof items)[number]): number[] => {
        const x = extra.get(p.id)!;
        switch (sort) {
          case "popular":
            return [-x.popularity, p.id];
          case "price_asc":
            return [p.price, p.id];
          case "price_desc":
            return [-p.price, p.id];
          case "new":
            return [-x.createdAt.getTime(), p.id];
          case "rating":
            return [-x.rating, -x.reviewsCount, p.id];
          case "discount":
            return [-p.discountPercent, p.id];
        }
      };
      const expected = [...items].sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
        return 0;
      });
      expect(
        items.map((p) => p.id),
        sort,
      ).toEqual(expected.map((p) => p.id));
      if (sort === "discount") expect(items[0]!.discountPercent).toBeGreaterThan(0);
    }
  });

  it("pages through a filtered listing completely, each product once, for every sort", async () => {
    const cat = `categoryId=${category("Электроника").id}&inStock=1`;
    const { total } = await list(cat);
    expect(total).toBeGreaterThan(20);
    for (const sort of sorts) {
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(total / 7); page++) {
        const body = await list(`${cat}&sort=${sort}&limit=7&page=${page}`);
        expect(body.total).toBe(total);
        seen.push(...body.items.map((p) => p.id));
      }
      expect(seen.length, sort).toBe(total);
      expect(new Set(seen).size, sort).toBe(total);
      expect(seen).toEqual((await all(`${cat}&sort=${sort}`)).map((p) => p.id));
    }
  });
});
