import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";
import { categoryNodes, leafCategories } from "./catalog-tree.ts";
import { isCatalogEmpty, type SeedSummary, seed } from "./index.ts";

const PRODUCTS = 200;

describe("seed (PGlite)", { timeout: 60_000 }, () => {
  let handle: DatabaseHandle;
  let emptyBefore: boolean;
  let summary: SeedSummary;

  const count = async (query: ReturnType<typeof sql>) => {
    const result = (await handle.db.execute(query)) as unknown as { rows: { n: number | string }[] };
    return Number(result.rows[0]?.n);
  };

  beforeAll(async () => {
    handle = await openDatabase({});
    await migrate(handle);
    emptyBefore = await isCatalogEmpty(handle.db);
    summary = await seed(handle.db, { products: PRODUCTS });
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
  });

  it("flips isCatalogEmpty", async () => {
    expect(emptyBefore).toBe(true);
    expect(await isCatalogEmpty(handle.db)).toBe(false);
  });

  it("inserts and reports every table", async () => {
    expect(summary.products).toBe(PRODUCTS);
    expect(await count(sql`select count(*) as n from products`)).toBe(PRODUCTS);
    expect(await count(sql`select count(*) as n from categories`)).toBe(categoryNodes.length);
    expect(summary.categories).toBe(categoryNodes.length);
    expect(await count(sql`select count(*) as n from brands`)).toBe(summary.brands);
    expect(summary.brands).toBeGreaterThanOrEqual(60);
    expect(await count(sql`select count(*) as n from sellers`)).toBe(summary.sellers);
    expect(await count(sql`select count(*) as n from cities`)).toBe(100);
    expect(await count(sql`select count(*) as n from pickup_points`)).toBe(summary.pickupPoints);
    expect(await count(sql`select count(*) as n from catalog_menu_nodes`)).toBe(summary.menuNodes);
    expect(await count(sql`select count(*) as n from category_properties`)).toBe(summary.categoryProperties);
    expect(await count(sql`select count(*) as n from product_property_values`)).toBe(summary.propertyValues);
    expect(await count(sql`select count(*) as n from product_images`)).toBe(summary.images);
    expect(await count(sql`select count(*) as n from reviews`)).toBe(summary.reviews);
    expect(await count(sql`select count(*) as n from review_photos`)).toBe(summary.reviewPhotos);
  });

  it("attaches photos to about a fifth of the reviews, numbered from 0 and drawn by the image pipeline", async () => {
    const withPhotos = await count(sql`select count(distinct review_id) as n from review_photos`);
    expect(withPhotos / summary.reviews).toBeGreaterThan(0.1);
    expect(withPhotos / summary.reviews).toBeLessThan(0.3);
    expect(
      await count(sql`
        select count(*) as n from review_photos ph
        left join images i on i.id = ph.image_id
        where ph.url <> '/img/' || ph.image_id or i.recipe not like 'photo-%'
          or (i.width, i.height) <> (ph.width, ph.height)
          or ph.position >= (select count(*) from review_photos o where o.review_id = ph.review_id)`),
    ).toBe(0);
  });

  it("builds the materialised category paths", async () => {
    expect(
      await count(sql`
        select count(*) as n from categories c left join categories p on p.id = c.parent_id
        where c.path <> coalesce(p.path || '.', '') || c.id or c.depth <> coalesce(p.depth + 1, 0)`),
    ).toBe(0);
  });

  it("puts at least one product in every leaf category", async () => {
    expect(await count(sql`select count(distinct category_id) as n from products`)).toBe(
      leafCategories.length,
    );
  });

  it("keeps review aggregates in step with the reviews", async () => {
    expect(
      await count(sql`
        select count(*) as n from products p
        where p.reviews_count <> (select count(*) from reviews r where r.product_id = p.id)`),
    ).toBe(0);
  });

  it("gives a smartphone its memory property", async () => {
    const result = (await handle.db.execute(sql`
      select v.value from products p
      join categories c on c.id = p.category_id and c.name = 'Смартфоны'
      join category_properties cp on cp.category_id = c.id and cp.code = 'memory'
      join product_property_values v on v.product_id = p.id and v.property_id = cp.id
      limit 1`)) as unknown as { rows: { value: string }[] };
    expect(result.rows[0]?.value).toMatch(/^\d+ (ГБ|ТБ)$/);
  });

  it("gives every product 3–5 drawings of its kind, each an image with its placeholder (ADR 061)", async () => {
    expect(
      await count(sql`
        select count(*) as n from product_images i
        left join images g on g.id = i.image_id
        where i.url <> '/img/' || i.image_id or g.id is null or g.source <> 'generated'
          or i.placeholder = '' or i.placeholder <> g.placeholder or (i.width, i.height) <> (900, 1200)`),
    ).toBe(0);
    expect(
      await count(sql`
        select count(*) as n from (
          select product_id from product_images group by product_id
          having count(*) not between 3 and 5 or max(position) <> count(*) - 1) t`),
    ).toBe(0);
    // Products of one kind and colour share their drawings.
    expect(await count(sql`select count(*) as n from images`)).toBeLessThan(
      await count(sql`select count(*) as n from product_images`),
    );
  });

  it("finds smartphones by Russian full-text search", async () => {
    expect(
      await count(
        sql`select count(*) as n from products where search_vector @@ plainto_tsquery('russian', 'смартфоны')`,
      ),
    ).toBeGreaterThan(0);
  });

  it("fills the street table and puts every pickup point in a house of it, with the house's address", async () => {
    expect(await count(sql`select count(*) as n from streets`)).toBe(summary.streets);
    expect(await count(sql`select count(*) as n from houses`)).toBe(summary.houses);
    expect(await count(sql`select count(distinct city_id) as n from streets`)).toBe(100);
    expect(
      await count(sql`
        select count(*) as n from pickup_points p
        left join houses h on h.id = p.house_id
        left join streets s on s.id = h.street_id
        where h.id is null or s.city_id <> p.city_id or p.latitude <> h.latitude
          or p.address not like s.with_type || ', д ' || h.number || '%'`),
    ).toBe(0);
  });

  it("gives every seller a warehouse city, most in Moscow or St Petersburg", async () => {
    expect(await count(sql`select count(*) as n from sellers where warehouse_city_id is null`)).toBe(0);
    const hubs = await count(sql`
      select count(*) as n from sellers s join cities c on c.id = s.warehouse_city_id
      where c.name in ('Москва', 'Санкт-Петербург')`);
    expect(hubs / summary.sellers).toBeGreaterThan(0.5);
    expect(hubs).toBeLessThan(summary.sellers);
  });
});
