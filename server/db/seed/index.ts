import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import {
  brands,
  catalogMenuNodes,
  categories,
  categoryProperties,
  cities,
  pickupPoints,
  products,
  sellers,
} from "#server/db/schema/index.ts";
import { insertBanners } from "./banners.ts";
import { brands as brandSeeds } from "./brands.ts";
import { categoryNodes } from "./catalog-tree.ts";
import { cities as citySeeds } from "./cities.ts";
import { menuNodes } from "./menu.ts";
import { generatePickupPoints } from "./pickup-points.ts";
import { picturesOf, type SeedPicture, shopperPhotosOf, thumbHashesOf } from "./pictures.ts";
import { createProductPlan, generateProducts, type ProductSeed } from "./products.ts";
import { DEFAULT_SEED } from "./random.ts";
import { sellers as sellerSeeds } from "./sellers.ts";
import { deliveryRadiusKm, generateRealStreets, generateStreets } from "./streets.ts";
import { warehouseFor } from "./warehouses.ts";

export interface SeedOptions {
  /** Number of products; 5,000 by default. */
  products?: number;
  /** PRNG seed; the same seed gives the same catalogue (and, on a fresh database, the same ids). */
  seed?: number;
  log?: (message: string) => void;
}

export interface SeedSummary {
  seed: number;
  categories: number;
  categoryProperties: number;
  menuNodes: number;
  brands: number;
  sellers: number;
  cities: number;
  streets: number;
  houses: number;
  pickupPoints: number;
  products: number;
  propertyValues: number;
  images: number;
  reviews: number;
  reviewPhotos: number;
}

/** Products generated, then inserted with their children, per transaction: memory stays flat at 100k. */
const PRODUCT_CHUNK = 5_000;
/**
 * Rows per INSERT. Bulk rows go in as one array parameter per column (see `unnestInsert`), far below
 * PostgreSQL's 65,535 bind parameters; the sizes only bound the statement's memory.
 */
const PRODUCT_BATCH = 2_500;
const CHILD_BATCH = 10_000;

function batches<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** True when the catalogue has neither categories nor products (a fresh database). */
export async function isCatalogEmpty(db: Database): Promise<boolean> {
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (category) return false;
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  return !product;
}

interface ReferenceIds {
  brandIds: Map<string, number>;
  sellerIds: Map<string, number>;
  categoryIds: Map<string, number>;
  /** `${categoryKey}:${propertyCode}` → property id. */
  propertyIds: Map<string, number>;
}

async function insertReferenceData(
  db: Database,
  seedValue: number,
  summary: SeedSummary,
): Promise<ReferenceIds> {
  const brandRows = await db
    .insert(brands)
    .values(
      brandSeeds.map((b) => ({ code: b.code, name: b.name, logoUrl: b.logoUrl, description: b.description })),
    )
    .returning({ id: brands.id, code: brands.code });
  const brandIds = new Map(brandRows.map((r) => [r.code, r.id]));

  // Cities before sellers: each seller ships from a warehouse city.
  const cityRows = await db
    .insert(cities)
    .values(citySeeds.map((c) => ({ ...c, deliveryRadiusKm: deliveryRadiusKm(c) })))
    .returning({ id: cities.id, name: cities.name });
  const cityIdByName = new Map(cityRows.map((r) => [r.name, r.id]));

  const sellerRows = await db
    .insert(sellers)
    .values(
      sellerSeeds.map((s) => {
        const warehouse = warehouseFor(seedValue, s, citySeeds);
        return {
          code: s.code,
          name: s.name,
          legalName: s.legalName,
          address: s.address,
          email: s.email,
          phone: s.phone,
          rating: s.rating,
          warehouseCityId: cityIdByName.get(warehouse.cityName) ?? null,
          cutoffHour: warehouse.cutoffHour,
        };
      }),
    )
    .returning({ id: sellers.id, code: sellers.code });
  const sellerIds = new Map(sellerRows.map((r) => [r.code, r.id]));

  // Categories level by level: a child needs its parent's id, and `path` needs its own.
  const categoryIds = new Map<string, number>();
  const paths = new Map<string, string>();
  for (let depth = 0; depth <= 2; depth++) {
    const level = categoryNodes.filter((c) => c.depth === depth);
    const rows = await db
      .insert(categories)
      .values(
        level.map((c) => ({
          parentId: c.parentKey === null ? null : (categoryIds.get(c.parentKey) ?? null),
          name: c.name,
          slug: c.slug,
          path: "",
          depth: c.depth,
          position: c.position,
        })),
      )
      .returning({ id: categories.id });
    level.forEach((c, i) => {
      const id = rows[i]?.id;
      if (id === undefined) throw new Error("Category insert returned fewer rows than sent");
      categoryIds.set(c.key, id);
      paths.set(c.key, c.parentKey === null ? `${id}` : `${paths.get(c.parentKey)}.${id}`);
    });
  }
  const pathValues = categoryNodes.map(
    (c) => sql`(${categoryIds.get(c.key)}::int, ${paths.get(c.key)}::text)`,
  );
  await db.execute(
    sql`update ${categories} as c set path = v.path from (values ${sql.join(pathValues, sql`, `)}) as v(id, path) where c.id = v.id`,
  );

  const propertyRows = categoryNodes.flatMap((c) =>
    (c.leaf?.properties ?? []).map((p, position) => ({
      categoryId: categoryIds.get(c.key) as number,
      code: p.code,
      name: p.name,
      kind: p.kind,
      unit: p.kind === "number" ? p.unit : null,
      position,
    })),
  );
  const insertedProperties = await db.insert(categoryProperties).values(propertyRows).returning({
    id: categoryProperties.id,
    categoryId: categoryProperties.categoryId,
    code: categoryProperties.code,
  });
  const keyById = new Map([...categoryIds].map(([key, id]) => [id, key]));
  const propertyIds = new Map(
    insertedProperties.map((r) => [`${keyById.get(r.categoryId)}:${r.code}`, r.id]),
  );

  const menuIds = new Map<string, number>();
  for (let depth = 0; depth <= 2; depth++) {
    const level = menuNodes.filter((m) => m.depth === depth);
    if (level.length === 0) continue;
    const rows = await db
      .insert(catalogMenuNodes)
      .values(
        level.map((m) => ({
          parentId: m.parentKey === null ? null : (menuIds.get(m.parentKey) ?? null),
          title: m.title,
          categoryId: m.categoryKey === null ? null : (categoryIds.get(m.categoryKey) ?? null),
          position: m.position,
        })),
      )
      .returning({ id: catalogMenuNodes.id });
    level.forEach((m, i) => {
      menuIds.set(m.key, rows[i]?.id as number);
    });
  }

  const geography = await insertStreetsAndPoints(db, seedValue, cityRows);

  summary.brands = brandRows.length;
  summary.sellers = sellerRows.length;
  summary.categories = categoryIds.size;
  summary.categoryProperties = insertedProperties.length;
  summary.menuNodes = menuIds.size;
  summary.cities = cityRows.length;
  summary.pickupPoints = geography.pickupPoints;
  summary.streets = geography.streets;
  summary.houses = geography.houses;
  return { brandIds, sellerIds, categoryIds, propertyIds };
}

/** First of `count` ids reserved from a serial column's sequence in one statement (the seed writes alone). */
async function reserveIds(db: Database, table: string, count: number): Promise<number> {
  if (count === 0) return 0;
  const [reserved] = rowsOf<{ first: number }>(
    await db.execute(
      sql`select setval(s.seq, nextval(s.seq) + ${count}::int - 1) - ${count}::int + 1 as first
          from (select pg_get_serial_sequence(${table}, 'id')::regclass as seq) s`,
    ),
  );
  return Number(reserved?.first);
}

/**
 * Every city's generated streets and houses (ADR 035) and its real main streets (ADR 064), then its
 * pickup points in houses of the generated streets. Ids are reserved up front so houses and points can
 * name their street and house.
 */
async function insertStreetsAndPoints(
  db: Database,
  seedValue: number,
  cityRows: readonly { id: number }[],
): Promise<{ streets: number; houses: number; pickupPoints: number }> {
  const plan = citySeeds.map((city, i) => {
    const generated = generateStreets(seedValue, city);
    // The city's real main streets after the generated grid (ADR 064); the points stay in the grid's houses.
    const streets = [...generated, ...generateRealStreets(seedValue, city)];
    return { city, cityId: cityRows[i]?.id as number, generated, streets };
  });
  const streetTotal = plan.reduce((n, c) => n + c.streets.length, 0);
  const houseTotal = plan.reduce((n, c) => n + c.streets.reduce((m, s) => m + s.houses.length, 0), 0);
  let streetId = await reserveIds(db, "streets", streetTotal);
  let houseId = await reserveIds(db, "houses", houseTotal);
  const streetCols = {
    id: [] as number[],
    city: [] as number[],
    type: [] as string[],
    typeFull: [] as string[],
    name: [] as string[],
    withType: [] as string[],
    search: [] as string[],
    postal: [] as string[],
    sLat: [] as number[],
    sLon: [] as number[],
    eLat: [] as number[],
    eLon: [] as number[],
  };
  const houseCols = {
    id: [] as number[],
    street: [] as number[],
    city: [] as number[],
    number: [] as string[],
    block: [] as (string | null)[],
    lat: [] as number[],
    lon: [] as number[],
  };
  const pointRows: (typeof pickupPoints.$inferInsert)[] = [];
  for (const { city, cityId, generated, streets } of plan) {
    const houseIds: number[][] = [];
    for (const street of streets) {
      const id = streetId++;
      streetCols.id.push(id);
      streetCols.city.push(cityId);
      streetCols.type.push(street.type);
      streetCols.typeFull.push(street.typeFull);
      streetCols.name.push(street.name);
      streetCols.withType.push(street.withType);
      streetCols.search.push(street.search);
      streetCols.postal.push(street.postalCode);
      streetCols.sLat.push(street.start.latitude);
      streetCols.sLon.push(street.start.longitude);
      streetCols.eLat.push(street.end.latitude);
      streetCols.eLon.push(street.end.longitude);
      const ids: number[] = [];
      for (const house of street.houses) {
        const hid = houseId++;
        ids.push(hid);
        houseCols.id.push(hid);
        houseCols.street.push(id);
        houseCols.city.push(cityId);
        houseCols.number.push(house.number);
        houseCols.block.push(house.block);
        houseCols.lat.push(house.latitude);
        houseCols.lon.push(house.longitude);
      }
      houseIds.push(ids);
    }
    for (const { streetIndex, houseIndex, ...point } of generatePickupPoints(seedValue, city, generated)) {
      pointRows.push({ ...point, cityId, houseId: houseIds[streetIndex]?.[houseIndex] ?? null });
    }
  }
  await db.execute(
    unnestInsert("streets", [
      ["id", "int", streetCols.id],
      ["city_id", "int", streetCols.city],
      ["type", "text", streetCols.type],
      ["type_full", "text", streetCols.typeFull],
      ["name", "text", streetCols.name],
      ["with_type", "text", streetCols.withType],
      ["search", "text", streetCols.search],
      ["postal_code", "text", streetCols.postal],
      ["start_latitude", "float8", streetCols.sLat],
      ["start_longitude", "float8", streetCols.sLon],
      ["end_latitude", "float8", streetCols.eLat],
      ["end_longitude", "float8", streetCols.eLon],
    ]),
  );
  for (let start = 0; start < houseCols.id.length; start += CHILD_BATCH * 2) {
    const part = <T>(values: T[]) => values.slice(start, start + CHILD_BATCH * 2);
    await db.execute(
      unnestInsert("houses", [
        ["id", "int", part(houseCols.id)],
        ["street_id", "int", part(houseCols.street)],
        ["city_id", "int", part(houseCols.city)],
        ["number", "text", part(houseCols.number)],
        ["block", "text", part(houseCols.block)],
        ["latitude", "float8", part(houseCols.lat)],
        ["longitude", "float8", part(houseCols.lon)],
      ]),
    );
  }
  // A plain drizzle insert: one bind parameter per value, so keep batches far below the 65,535 limit.
  for (const part of batches(pointRows, 500)) await db.insert(pickupPoints).values(part);
  return { streets: streetTotal, houses: houseTotal, pickupPoints: pointRows.length };
}

type PgType = "int" | "smallint" | "text" | "bool" | "real" | "float8" | "timestamptz";

/**
 * One `INSERT … SELECT * FROM unnest($1::int[], $2::text[], …)` per batch: one bind parameter per column
 * instead of one per value, so batches can be large and building the statement costs almost nothing
 * (drizzle's row-by-row VALUES builder dominated the run time at 100,000 products).
 */
function unnestInsert(
  table: string,
  columns: readonly (readonly [column: string, type: PgType, values: readonly unknown[]])[],
  returning?: string,
): SQL {
  const names = sql.join(
    columns.map(([name]) => sql.identifier(name)),
    sql`, `,
  );
  const arrays = sql.join(
    columns.map(([, type, values]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  );
  const aliases = sql.raw(columns.map((_, i) => `c${i}`).join(", "));
  const tail = returning ? sql` returning ${sql.raw(returning)}` : sql``;
  return sql`insert into ${sql.identifier(table)} (${names}) select * from unnest(${arrays}) as t(${aliases})${tail}`;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function insertProductChunk(
  db: Database,
  chunk: readonly ProductSeed[],
  ids: ReferenceIds,
  summary: SeedSummary,
): Promise<void> {
  const productIds = new Map<string, number>();
  for (const part of batches(chunk, PRODUCT_BATCH)) {
    const column = <T>(pick: (p: ProductSeed) => T) => part.map(pick);
    const result = await db.execute(
      unnestInsert(
        "products",
        [
          ["sku", "text", column((p) => p.sku)],
          ["name", "text", column((p) => p.name)],
          ["slug", "text", column((p) => p.slug)],
          ["description", "text", column((p) => p.description)],
          ["category_id", "int", column((p) => ids.categoryIds.get(p.categoryKey))],
          ["brand_id", "int", column((p) => ids.brandIds.get(p.brandCode))],
          ["seller_id", "int", column((p) => ids.sellerIds.get(p.sellerCode))],
          ["price", "int", column((p) => p.price)],
          ["old_price", "int", column((p) => p.oldPrice)],
          ["cashback_percent", "smallint", column((p) => p.cashbackPercent)],
          // What cards show; the count goes to `inventory` below (ADR 048), whose trigger then finds
          // every flag already right and writes nothing.
          ["has_stock", "bool", column((p) => p.stock > 0)],
          ["is_preorder", "bool", column((p) => p.isPreorder)],
          ["is_coming_soon", "bool", column((p) => p.isComingSoon)],
          ["is_original", "bool", column((p) => p.isOriginal)],
          ["is_top_profit", "bool", column((p) => p.isTopProfit)],
          ["order_limit", "int", column((p) => p.orderLimit)],
          ["model_code", "text", column((p) => p.modelCode)],
          ["rating", "real", column((p) => p.rating)],
          ["reviews_count", "int", column((p) => p.reviewsCount)],
          ["popularity", "int", column((p) => p.popularity)],
          ["created_at", "timestamptz", column((p) => p.createdAt.toISOString())],
          ["updated_at", "timestamptz", column((p) => p.createdAt.toISOString())],
        ],
        "id, sku",
      ),
    );
    // Matched by SKU rather than by position: RETURNING order is not a documented guarantee.
    for (const r of rowsOf<{ id: number; sku: string }>(result)) productIds.set(r.sku, Number(r.id));
    await db.execute(
      unnestInsert("inventory", [
        ["product_id", "int", part.map((p) => productIds.get(p.sku))],
        ["stock", "int", column((p) => p.stock)],
      ]),
    );
  }

  const values = chunk.flatMap((p) => {
    const productId = productIds.get(p.sku) as number;
    return p.properties.map((v) => ({
      productId,
      propertyId: ids.propertyIds.get(`${p.categoryKey}:${v.code}`) as number,
      value: v.value,
      valueNumber: v.valueNumber,
    }));
  });
  for (const part of batches(values, CHILD_BATCH)) {
    await db.execute(
      unnestInsert("product_property_values", [
        ["product_id", "int", part.map((v) => v.productId)],
        ["property_id", "int", part.map((v) => v.propertyId)],
        ["value", "text", part.map((v) => v.value)],
        ["value_number", "float8", part.map((v) => v.valueNumber)],
      ]),
    );
  }

  // Pictures (ADR 061): one `images` row per drawing, shared by the products of its kind and colour.
  const images = chunk.flatMap((p) => {
    const productId = productIds.get(p.sku) as number;
    return picturesOf(p).map((picture) => ({ productId, name: p.name, ...picture }));
  });
  const drawings = [...new Map(images.map((i) => [i.imageId, i])).values()];
  const hashes = await thumbHashesOf(drawings);
  await insertDrawings(db, drawings, hashes);
  for (const part of batches(images, CHILD_BATCH)) {
    await db.execute(
      unnestInsert("product_images", [
        ["product_id", "int", part.map((i) => i.productId)],
        ["position", "smallint", part.map((i) => i.position)],
        ["url", "text", part.map((i) => `/img/${i.imageId}`)],
        ["width", "int", part.map((i) => i.width)],
        ["height", "int", part.map((i) => i.height)],
        ["alt", "text", part.map((i) => `${i.name}, фото ${i.position + 1}`)],
        ["image_id", "text", part.map((i) => i.imageId)],
        ["placeholder", "text", part.map((i) => hashes.get(i.recipe))],
      ]),
    );
  }

  const reviewRows = chunk.flatMap((p) => {
    const productId = productIds.get(p.sku) as number;
    return p.reviews.map((r) => ({ productId, productName: p.name, product: p, ...r }));
  });
  // The chunk's ids are reserved from the sequence in one statement (nextval per row costs seconds at
  // 100k products), so photos can point at their review without relying on the order of RETURNING rows
  // (not guaranteed) or reading the reviews back. The seed is the only writer while it runs.
  let firstReviewId = 0;
  if (reviewRows.length > 0) {
    const [reserved] = rowsOf<{ first: number }>(
      await db.execute(
        sql`select setval(s.seq, nextval(s.seq) + ${reviewRows.length}::int - 1) - ${reviewRows.length}::int + 1 as first
            from (select pg_get_serial_sequence('reviews', 'id')::regclass as seq) s`,
      ),
    );
    firstReviewId = Number(reserved?.first);
  }
  const reviewIds = reviewRows.map((_, i) => firstReviewId + i);
  for (let start = 0; start < reviewRows.length; start += CHILD_BATCH) {
    const part = reviewRows.slice(start, start + CHILD_BATCH);
    await db.execute(
      unnestInsert("reviews", [
        ["id", "int", reviewIds.slice(start, start + CHILD_BATCH)],
        ["product_id", "int", part.map((r) => r.productId)],
        ["author_name", "text", part.map((r) => r.authorName)],
        ["rating", "smallint", part.map((r) => r.rating)],
        ["pros", "text", part.map((r) => r.pros)],
        ["cons", "text", part.map((r) => r.cons)],
        ["text", "text", part.map((r) => r.text)],
        ["created_at", "timestamptz", part.map((r) => r.createdAt.toISOString())],
      ]),
    );
  }

  const photos = reviewRows.flatMap((r, i) => {
    const reviewId = reviewIds[i] as number;
    return shopperPhotosOf(r.product, r.photos).map((photo) => ({
      reviewId,
      ...photo,
      alt: `${r.productName} — фото покупателя, ${photo.position + 1} из ${r.photos.length}`,
    }));
  });
  // Drawn like the catalogue's pictures and served by the same route, at the widths a page asks for.
  const shots = [...new Map(photos.map((p) => [p.imageId, p])).values()];
  await insertDrawings(db, shots, await thumbHashesOf(shots));
  for (const part of batches(photos, CHILD_BATCH)) {
    await db.execute(
      unnestInsert("review_photos", [
        ["review_id", "int", part.map((p) => p.reviewId)],
        ["position", "smallint", part.map((p) => p.position)],
        ["url", "text", part.map((p) => `/img/${p.imageId}`)],
        ["width", "int", part.map((p) => p.width)],
        ["height", "int", part.map((p) => p.height)],
        ["alt", "text", part.map((p) => p.alt)],
        ["image_id", "text", part.map((p) => p.imageId)],
      ]),
    );
  }

  summary.products += chunk.length;
  summary.propertyValues += values.length;
  summary.images += images.length;
  summary.reviews += reviewRows.length;
  summary.reviewPhotos += photos.length;
}

/** One `images` row per drawing (ADR 061), with its placeholder; a drawing already stored is kept. */
async function insertDrawings(
  db: Database,
  drawings: readonly SeedPicture[],
  hashes: ReadonlyMap<string, string>,
): Promise<void> {
  for (const part of batches(drawings, CHILD_BATCH)) {
    await db.execute(
      sql`${unnestInsert("images", [
        ["id", "text", part.map((i) => i.imageId)],
        ["source", "text", part.map(() => "generated")],
        ["recipe", "text", part.map((i) => i.recipe)],
        ["width", "int", part.map((i) => i.width)],
        ["height", "int", part.map((i) => i.height)],
        ["placeholder", "text", part.map((i) => hashes.get(i.recipe))],
      ])} on conflict (id) do nothing`,
    );
  }
}

/**
 * Fills the catalogue (categories, menu, brands, sellers, properties, products with their property
 * values, images and reviews with their photos) and the geography (cities, pickup points).
 * Deterministic for a given seed; run it on empty tables (the `db:seed` script truncates them first).
 */
export async function seed(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const total = options.products ?? 5_000;
  const seedValue = options.seed ?? DEFAULT_SEED;
  const log = options.log ?? (() => {});
  const summary: SeedSummary = {
    seed: seedValue,
    categories: 0,
    categoryProperties: 0,
    menuNodes: 0,
    brands: 0,
    sellers: 0,
    cities: 0,
    streets: 0,
    houses: 0,
    pickupPoints: 0,
    products: 0,
    propertyValues: 0,
    images: 0,
    reviews: 0,
    reviewPhotos: 0,
  };

  const ids = await db.transaction((tx) => insertReferenceData(tx, seedValue, summary));
  log(
    `Reference data: ${summary.categories} categories, ${summary.brands} brands, ${summary.sellers} sellers, ${summary.cities} cities, ${summary.streets} streets, ${summary.houses} houses, ${summary.pickupPoints} pickup points`,
  );

  const bannerCount = await insertBanners(db, ids.categoryIds);
  if (bannerCount > 0) log(`Banners: ${bannerCount}`);

  const plan = createProductPlan();
  for (let start = 0; start < total; start += PRODUCT_CHUNK) {
    const chunk = generateProducts(seedValue, start, Math.min(PRODUCT_CHUNK, total - start), plan);
    await db.transaction((tx) => insertProductChunk(tx, chunk, ids, summary));
    log(`Products: ${summary.products} / ${total}`);
  }

  // Fresh statistics, so the first queries after seeding get sensible plans.
  // Vacuum as well: autovacuum may be off, and without a visibility map index-only scans read the table.
  await db.execute(sql`vacuum analyze`);
  return summary;
}
