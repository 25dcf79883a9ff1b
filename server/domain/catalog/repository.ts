import { type AnyColumn, and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ProductSort, ReviewListQuery } from "#contract/catalog.ts";
import { INSTALLMENT_EXCLUDED_SECTIONS } from "#contract/installments.ts";

type ReviewSort = ReviewListQuery["sort"];

import type { Database } from "#server/db/client.ts";
import {
  brands,
  categories,
  categoryProperties,
  cities,
  inventory,
  orderShipments,
  productImages,
  productPropertyValues,
  products,
  reviewPhotos,
  reviews,
  sellers,
} from "#server/db/schema/index.ts";
import { stockOnHand } from "#server/domain/inventory/repository.ts";
import { type FacetRow, RATING_STEPS, ratingThreshold } from "./facets.ts";
import type { CategoryPropertyRow, FilterKey, ListingFilter, PropertyFilter } from "./facets-filters.ts";
import { MAX_SIBLINGS } from "./variants.ts";

/** The columns a listing sorts by, from `products` or from a subquery over it. */
interface SortColumns {
  id: AnyColumn;
  popularity: AnyColumn;
  price: AnyColumn;
  oldPrice: AnyColumn;
  createdAt: AnyColumn;
  rating: AnyColumn;
  reviewsCount: AnyColumn;
}

/** Every sort ends with the id so equal keys never reorder between pages. */
function orderBy(sort: ProductSort, c: SortColumns): SQL[] {
  switch (sort) {
    case "popular":
      return [desc(c.popularity), asc(c.id)];
    case "price_asc":
      return [asc(c.price), asc(c.id)];
    case "price_desc":
      return [desc(c.price), asc(c.id)];
    case "new":
      return [desc(c.createdAt), asc(c.id)];
    case "rating":
      return [desc(c.rating), desc(c.reviewsCount), asc(c.id)];
    case "discount":
      return [
        desc(
          sql`CASE WHEN ${c.oldPrice} IS NULL THEN 0 ELSE round(100.0 * (${c.oldPrice} - ${c.price}) / ${c.oldPrice}) END`,
        ),
        asc(c.id),
      ];
  }
}

/**
 * Whether a product is sold in installments (ADR 062): its section (the root of its category's path) is
 * not one the bank leaves out (contract/installments.ts). Two primary-key lookups per product.
 */
export function installmentsExpr(categoryId: AnyColumn) {
  return sql<boolean>`NOT EXISTS (
    SELECT 1 FROM ${categories} leaf JOIN ${categories} root ON root.id::text = split_part(leaf.path, '.', 1)
    WHERE leaf.id = ${categoryId} AND root.slug IN (${sql.join(
      INSTALLMENT_EXCLUDED_SECTIONS.map((slug) => sql`${slug}`),
      sql`, `,
    )}))`;
}

export const cardColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  slug: products.slug,
  price: products.price,
  oldPrice: products.oldPrice,
  cashbackPercent: products.cashbackPercent,
  rating: products.rating,
  reviewsCount: products.reviewsCount,
  hasStock: products.hasStock,
  isPreorder: products.isPreorder,
  isComingSoon: products.isComingSoon,
  isOriginal: products.isOriginal,
  isTopProfit: products.isTopProfit,
  orderLimit: products.orderLimit,
  installments: installmentsExpr(products.categoryId),
  brandCode: brands.code,
  brandName: brands.name,
  imageUrl: productImages.url,
  imageWidth: productImages.width,
  imageHeight: productImages.height,
  imageAlt: productImages.alt,
  imagePlaceholder: productImages.placeholder,
  // The seller's warehouse and cut-off (a primary-key lookup per card): the card's delivery date.
  dispatch: sql<{ latitude: number; longitude: number; timezone: string; cutoffHour: number } | null>`(
    SELECT json_build_object('latitude', c.latitude, 'longitude', c.longitude, 'timezone', c.timezone, 'cutoffHour', s.cutoff_hour)
    FROM ${sellers} s JOIN ${cities} c ON c.id = s.warehouse_city_id WHERE s.id = ${products.sellerId})`,
};

/**
 * A seller's figures for its card and page (ADR 065): orders that held its goods and the products it
 * offers, counted over order_shipments' and products' seller indexes. The outer row is named in full:
 * a query of `sellers` alone would have Drizzle write its columns unqualified, which the subquery's own
 * table would then capture.
 */
const sellerFigures = {
  ordersCount: sql<number>`(SELECT count(*)::int FROM ${orderShipments} os WHERE os.seller_id = "sellers"."id")`,
  productsCount: sql<number>`(SELECT count(*)::int FROM ${products} sp WHERE sp.seller_id = "sellers"."id")`,
};

/** Product cards: the product with its brand and first picture; shared by listings, search and viewed. */
export function selectCards(db: Database) {
  return db
    .select(cardColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .$dynamic();
}
export type ProductCardRow = Awaited<ReturnType<typeof selectCards>>[number];

/**
 * Whether the product exists; inside a transaction it is also kept from being deleted until the
 * transaction ends (a row about to name it is written: a heart, a view).
 */
export async function productExistsKept(db: Database, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for("key share");
  return row !== undefined;
}

const int4Array = (ids: readonly number[]) => sql`${sql.param(ids)}::int[]`;
const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

/** What a shopper can buy now: the card's `in_stock` state (see `productState`). */
export const inStockExpr = sql`(NOT ${products.isComingSoon} AND NOT ${products.isPreorder} AND ${products.hasStock})`;
/** Rated at least `min` as the card shows it (see `ratingThreshold`). */
const ratedAtLeast = (rating: SQL | AnyColumn, min: number) =>
  sql`${rating} >= ${ratingThreshold(min)}::real`;

function propertyCondition(p: PropertyFilter): SQL {
  const value =
    p.kind === "number"
      ? and(
          p.min === null ? undefined : sql`v.value_number >= ${p.min}`,
          p.max === null ? undefined : sql`v.value_number <= ${p.max}`,
        )
      : sql`v.value = ANY(${textArray(p.values)})`;
  // IN, not a correlated EXISTS: as a facet flag in a select list it becomes one hashed subplan, costed
  // as such (EXISTS is costed per row and pushed large listings over the JIT threshold).
  return sql`${products.id} IN (SELECT v.product_id FROM ${productPropertyValues} v WHERE v.property_id = ANY(${int4Array(p.propertyIds)}) AND ${value})`;
}

/** Each active filter as one condition on `products`, keyed for disjunctive facet counts (and search's). */
export function filterConditions(f: ListingFilter): { key: FilterKey; cond: SQL }[] {
  const out: { key: FilterKey; cond: SQL }[] = [];
  if (f.brandIds) out.push({ key: "brand", cond: sql`${products.brandId} = ANY(${int4Array(f.brandIds)})` });
  if (f.sellerIds)
    out.push({ key: "seller", cond: sql`${products.sellerId} = ANY(${int4Array(f.sellerIds)})` });
  if (f.priceMin !== undefined || f.priceMax !== undefined) {
    const cond = and(
      f.priceMin === undefined ? undefined : sql`${products.price} >= ${f.priceMin}`,
      f.priceMax === undefined ? undefined : sql`${products.price} <= ${f.priceMax}`,
    );
    if (cond) out.push({ key: "price", cond });
  }
  if (f.inStock) out.push({ key: "inStock", cond: inStockExpr });
  if (f.cashback) out.push({ key: "cashback", cond: sql`${products.cashbackPercent} > 0` });
  if (f.topProfit) out.push({ key: "topProfit", cond: sql`${products.isTopProfit}` });
  if (f.ratingMin !== undefined)
    out.push({ key: "rating", cond: ratedAtLeast(products.rating, f.ratingMin) });
  for (const p of f.properties) out.push({ key: `p.${p.code}`, cond: propertyCondition(p) });
  return out;
}

export function categoryCondition(f: ListingFilter): SQL | undefined {
  return f.categoryIds ? sql`${products.categoryId} = ANY(${int4Array(f.categoryIds)})` : undefined;
}

const all = (parts: readonly SQL[]) => (parts.length > 0 ? sql.join([...parts], sql` AND `) : sql`TRUE`);

/**
 * One statement for every facet of a listing. `base` holds the category's products once, with one
 * boolean per active filter; each facet then counts the rows that pass every filter except its own
 * (disjunctive faceting: picking a second brand widens the list, so brand counts ignore the brand filter).
 * Property values come from one join of `base` with their rows; a row of property P passes the filter
 * on P itself by definition.
 */
function facetQuery(
  filter: ListingFilter,
  facetProperties: { ids: number[]; numberIds: number[] },
  matching?: SQL,
): SQL {
  const within = new Set<FilterKey>(filter.within ?? []);
  const conditions = filterConditions(filter);
  // A page's own filters (a brand's page) narrow `base` itself: no count ever looks outside them.
  const scope = conditions.filter((c) => within.has(c.key)).map((c) => c.cond);
  const flags = conditions
    .filter((c) => !within.has(c.key))
    .map((c, i) => ({ ...c, name: sql.raw(`f${i}`) }));
  const allBut = (skip?: FilterKey) => all(flags.filter((f) => f.key !== skip).map((f) => f.name));
  const stats: { key: string; n: SQL; lo?: SQL; hi?: SQL }[] = [
    { key: "total", n: sql`count(*) FILTER (WHERE ${allBut()})` },
    {
      key: "price",
      n: sql`count(*) FILTER (WHERE ${allBut("price")})`,
      lo: sql`min(price) FILTER (WHERE ${allBut("price")})`,
      hi: sql`max(price) FILTER (WHERE ${allBut("price")})`,
    },
    { key: "inStock", n: sql`count(*) FILTER (WHERE ${allBut("inStock")} AND in_stock)` },
    { key: "cashback", n: sql`count(*) FILTER (WHERE ${allBut("cashback")} AND has_cashback)` },
    { key: "topProfit", n: sql`count(*) FILTER (WHERE ${allBut("topProfit")} AND is_top_profit)` },
    ...RATING_STEPS.map((min) => ({
      key: `rating:${min}`,
      n: sql`count(*) FILTER (WHERE ${allBut("rating")} AND ${ratedAtLeast(sql.raw("rating"), min)})`,
    })),
    ...flags.map((f) => ({ key: `without:${f.key}`, n: sql`count(*) FILTER (WHERE ${allBut(f.key)})` })),
  ];
  const columns = stats.flatMap((s, i) => [
    sql`(${s.n})::int AS ${sql.raw(`n${i}`)}`,
    sql`(${s.lo ?? sql`NULL`})::float8 AS ${sql.raw(`lo${i}`)}`,
    sql`(${s.hi ?? sql`NULL`})::float8 AS ${sql.raw(`hi${i}`)}`,
  ]);
  const unpivot = stats.map(
    (s, i) => sql`(${s.key}::text, s.${sql.raw(`n${i}`)}, s.${sql.raw(`lo${i}`)}, s.${sql.raw(`hi${i}`)})`,
  );
  const propertyKeys = new Set(filter.properties.map((p) => `p.${p.code}`));
  // A value row of property P counts when its product passes every filter but the one on P.
  const propertyPass = all([
    ...flags.filter((f) => !propertyKeys.has(f.key)).map((f) => f.name),
    ...filter.properties.map((p) => {
      const flag = flags.find((f) => f.key === `p.${p.code}`)?.name ?? sql`TRUE`;
      return sql`(v.property_id = ANY(${int4Array(p.propertyIds)}) OR ${flag})`;
    }),
  ]);
  const optionFacet = (facet: "brand" | "seller") => {
    if (within.has(facet)) return sql``;
    const table = facet === "brand" ? brands : sellers;
    const column = sql.raw(facet === "brand" ? "brand_id" : "seller_id");
    return sql` UNION ALL SELECT ${facet}::text, t.code, t.name, g.n, NULL::float8, NULL::float8
      FROM (SELECT ${column} AS id, count(*)::int AS n FROM base WHERE ${allBut(facet)} GROUP BY ${column}) g
      JOIN ${table} t ON t.id = g.id`;
  };
  const propertyFacet =
    facetProperties.ids.length === 0
      ? sql``
      : sql` UNION ALL
    SELECT 'prop'::text, v.property_id::text,
      CASE WHEN v.property_id = ANY(${int4Array(facetProperties.numberIds)}) THEN NULL ELSE v.value END,
      count(*)::int, min(v.value_number), max(v.value_number)
    FROM base JOIN ${productPropertyValues} v ON v.product_id = base.id AND v.property_id = ANY(${int4Array(facetProperties.ids)})
    WHERE ${propertyPass}
    GROUP BY v.property_id, 3`;
  const flagColumns = flags.map((f) => sql`, (${f.cond}) AS ${f.name}`);
  return sql`WITH base AS MATERIALIZED (
      SELECT ${products.id} AS id, ${products.brandId} AS brand_id, ${products.sellerId} AS seller_id,
        ${products.price} AS price, ${inStockExpr} AS in_stock, ${products.cashbackPercent} > 0 AS has_cashback,
        ${products.isTopProfit} AS is_top_profit, ${products.rating} AS rating${sql.join(flagColumns, sql``)}
      FROM ${products} WHERE ${all([categoryCondition(filter) ?? sql`TRUE`, ...scope, ...(matching ? [matching] : [])])}
    ), s AS (SELECT ${sql.join(columns, sql`, `)} FROM base)
    SELECT 'stat'::text AS facet, x.key, NULL::text AS label, x.n, x.lo, x.hi
      FROM s CROSS JOIN LATERAL (VALUES ${sql.join(unpivot, sql`, `)}) AS x(key, n, lo, hi)${optionFacet("brand")}${optionFacet("seller")}${propertyFacet}`;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function createCatalogRepository(db: Database) {
  const cards = () => selectCards(db);

  return {
    async listProductCards(filter: ListingFilter & { sort: ProductSort; limit: number; offset: number }) {
      const where = and(categoryCondition(filter), ...filterConditions(filter).map((c) => c.cond));
      // Every match, with its sort keys, from `products` alone; then the page and the total in one pass;
      // only the page's rows pick up a brand and an image. The no-op LIMIT keeps the subquery whole
      // (PostgreSQL does not flatten a subquery with a LIMIT), so the planner finds the matches by
      // their filters instead of walking a global sort index, say popularity, through 100,000 rows.
      const matches = db
        .select({
          id: products.id,
          popularity: products.popularity,
          price: products.price,
          oldPrice: products.oldPrice,
          createdAt: products.createdAt,
          rating: products.rating,
          reviewsCount: products.reviewsCount,
        })
        .from(products)
        .where(where)
        .limit(2_147_483_647)
        .as("matches");
      const page = db
        .select({ id: matches.id, total: sql<number>`(count(*) OVER ())::int`.as("total") })
        .from(matches)
        .orderBy(...orderBy(filter.sort, matches))
        .limit(filter.limit)
        .offset(filter.offset)
        .as("page");
      const rows = await db
        .select({ ...cardColumns, total: page.total })
        .from(page)
        .innerJoin(products, eq(products.id, page.id))
        .innerJoin(brands, eq(brands.id, products.brandId))
        .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
        .orderBy(...orderBy(filter.sort, products));
      if (rows.length > 0 || filter.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
      // Past the last page: the window had no row to report the total on.
      const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(products).where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /**
     * Facet counts for a listing; see `facetQuery`. `matching`: a condition every counted product meets
     * besides the filters (search's match: the facets of search results).
     */
    async facetRows(
      filter: ListingFilter,
      facetProperties: { ids: number[]; numberIds: number[] },
      matching?: SQL,
    ) {
      const result = await db.execute(facetQuery(filter, facetProperties, matching));
      return rowsOf<FacetRow>(result).map((r) => ({
        ...r,
        n: Number(r.n),
        lo: r.lo === null ? null : Number(r.lo),
        hi: r.hi === null ? null : Number(r.hi),
      }));
    },

    /**
     * What a listing's filters refer to: the category's subtree with its properties (undefined when the
     * category does not exist) and the brands and sellers named by code.
     */
    async findListingContext(query: {
      categoryId?: number | undefined;
      brands: string[];
      sellers: string[];
    }) {
      const root = alias(categories, "root");
      const [subtree, brandRows, sellerRows] = await Promise.all([
        query.categoryId === undefined
          ? Promise.resolve(undefined)
          : db
              .select({
                categoryId: categories.id,
                depth: categories.depth,
                id: categoryProperties.id,
                code: categoryProperties.code,
                name: categoryProperties.name,
                kind: categoryProperties.kind,
                unit: categoryProperties.unit,
                position: categoryProperties.position,
              })
              .from(root)
              .innerJoin(
                categories,
                sql`${categories.id} = ${root.id} OR ${categories.path} LIKE ${root.path} || '.%'`,
              )
              .leftJoin(categoryProperties, eq(categoryProperties.categoryId, categories.id))
              .where(eq(root.id, query.categoryId)),
        query.brands.length === 0
          ? Promise.resolve([])
          : db
              .select({ id: brands.id, code: brands.code, name: brands.name })
              .from(brands)
              .where(inArray(brands.code, query.brands)),
        query.sellers.length === 0
          ? Promise.resolve([])
          : db
              .select({ id: sellers.id, code: sellers.code, name: sellers.name })
              .from(sellers)
              .where(inArray(sellers.code, query.sellers)),
      ]);
      const properties: CategoryPropertyRow[] = [];
      for (const { depth: _depth, ...r } of subtree ?? []) {
        if (r.id !== null && r.code !== null && r.name !== null && r.kind !== null && r.position !== null)
          properties.push({ ...r, id: r.id, code: r.code, name: r.name, kind: r.kind, position: r.position });
      }
      return {
        /** Depth of the listed category (0 for a section); undefined without a category. */
        depth: subtree?.find((r) => r.categoryId === query.categoryId)?.depth,
        categoryIds:
          subtree === undefined || subtree.length === 0
            ? undefined
            : [...new Set(subtree.map((r) => r.categoryId))],
        properties,
        brands: brandRows,
        sellers: sellerRows,
      };
    },

    /**
     * The values of these properties that contain a comma ("1,5%"): what a comma in a filter may belong
     * to. The query is the same whatever the shopper sent; its cost is one index range per property.
     */
    async findCommaValues(propertyIds: number[]): Promise<string[]> {
      if (propertyIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ value: productPropertyValues.value })
        .from(productPropertyValues)
        .where(
          and(
            inArray(productPropertyValues.propertyId, propertyIds),
            sql`strpos(${productPropertyValues.value}, ',') > 0`,
          ),
        );
      return rows.map((r) => r.value);
    },

    async findProductCard(id: number) {
      const [row] = await cards().where(eq(products.id, id)).limit(1);
      return row;
    },

    /**
     * The products of this product's model line (ADR 065) with their states and property values, in one
     * query through the partial index on `model_code`; none for a product without a line.
     */
    async findModelLine(id: number) {
      const rows = await db
        .select({
          id: products.id,
          hasStock: products.hasStock,
          isPreorder: products.isPreorder,
          isComingSoon: products.isComingSoon,
          properties: sql<
            [string, string, string][]
          >`coalesce(json_agg(json_build_array(${categoryProperties.code}, ${categoryProperties.name}, ${productPropertyValues.value}) ORDER BY ${categoryProperties.position}) FILTER (WHERE ${categoryProperties.id} IS NOT NULL), '[]'::json)`,
        })
        .from(products)
        .leftJoin(productPropertyValues, eq(productPropertyValues.productId, products.id))
        .leftJoin(categoryProperties, eq(categoryProperties.id, productPropertyValues.propertyId))
        .where(
          eq(products.modelCode, sql`(SELECT self.model_code FROM ${products} self WHERE self.id = ${id})`),
        )
        .groupBy(products.id)
        .orderBy(asc(products.id))
        .limit(MAX_SIBLINGS);
      return rows;
    },

    async findProductExtras(id: number) {
      const [[base], images, properties] = await Promise.all([
        db
          .select({
            description: products.description,
            // The count the buy box and the basket limits go by: every change of it drops this product's
            // page and data, and only those (`stock:<id>`, migration 0021).
            stock: stockOnHand,
            categoryId: categories.id,
            categoryName: categories.name,
            categorySlug: categories.slug,
            sellerCode: sellers.code,
            sellerName: sellers.name,
            sellerRating: sellers.rating,
            sellerOrders: sellerFigures.ordersCount,
            sellerProducts: sellerFigures.productsCount,
          })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .innerJoin(sellers, eq(sellers.id, products.sellerId))
          .leftJoin(inventory, eq(inventory.productId, products.id))
          .where(eq(products.id, id)),
        db
          .select({
            url: productImages.url,
            width: productImages.width,
            height: productImages.height,
            alt: productImages.alt,
            placeholder: productImages.placeholder,
          })
          .from(productImages)
          .where(eq(productImages.productId, id))
          .orderBy(asc(productImages.position)),
        db
          .select({
            code: categoryProperties.code,
            name: categoryProperties.name,
            value: productPropertyValues.value,
          })
          .from(productPropertyValues)
          .innerJoin(categoryProperties, eq(categoryProperties.id, productPropertyValues.propertyId))
          .where(eq(productPropertyValues.productId, id))
          .orderBy(asc(categoryProperties.position)),
      ]);
      return base ? { ...base, images, properties } : undefined;
    },

    listCategories: (maxDepth: number) =>
      db
        .select({
          id: categories.id,
          parentId: categories.parentId,
          name: categories.name,
          slug: categories.slug,
        })
        .from(categories)
        .where(sql`${categories.depth} < ${maxDepth}`)
        .orderBy(asc(categories.depth), asc(categories.position), asc(categories.id)),

    /**
     * One page of a product's reviews (all, or only those with photos) and, over all its reviews, the
     * count of each star rating and of reviews with photos.
     */
    async listReviews(
      productId: number,
      sort: ReviewSort,
      limit: number,
      offset: number,
      withPhotos: boolean,
    ) {
      const order =
        sort === "rating_desc"
          ? [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)]
          : sort === "rating_asc"
            ? [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)]
            : [desc(reviews.createdAt), desc(reviews.id)];
      // A probe of review_photos' (review_id, position) index; a product has at most a dozen reviews.
      const hasPhotos = sql`exists (select 1 from ${reviewPhotos} where ${reviewPhotos.reviewId} = ${reviews.id})`;
      // Hidden reviews (ADR 060) leave the page, the distribution and the counts.
      const published = and(eq(reviews.productId, productId), eq(reviews.status, "published"));
      const [items, distribution] = await Promise.all([
        db
          .select({
            id: reviews.id,
            authorName: reviews.authorName,
            rating: reviews.rating,
            pros: reviews.pros,
            cons: reviews.cons,
            text: reviews.text,
            createdAt: reviews.createdAt,
            verifiedBuyer: sql<boolean>`${reviews.userId} is not null`,
            helpfulCount: reviews.helpfulCount,
          })
          .from(reviews)
          .where(and(published, withPhotos ? hasPhotos : undefined))
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db
          .select({
            rating: reviews.rating,
            count: sql<number>`count(*)::int`,
            withPhotos: sql<number>`(count(*) filter (where ${hasPhotos}))::int`,
          })
          .from(reviews)
          .where(published)
          .groupBy(reviews.rating),
      ]);
      return { items, distribution };
    },

    /** The photos of the given reviews in one query, each review's in its order. */
    listReviewPhotos: (reviewIds: readonly number[]) =>
      reviewIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              reviewId: reviewPhotos.reviewId,
              id: reviewPhotos.id,
              url: reviewPhotos.url,
              width: reviewPhotos.width,
              height: reviewPhotos.height,
              alt: reviewPhotos.alt,
            })
            .from(reviewPhotos)
            .where(inArray(reviewPhotos.reviewId, [...reviewIds]))
            .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position)),

    /** What a review photo's picture is drawn from: its size and the product it shows. */
    async findReviewPhotoSubject(reviewId: number, position: number) {
      const [row] = await db
        .select({
          width: reviewPhotos.width,
          height: reviewPhotos.height,
          productId: reviews.productId,
        })
        .from(reviewPhotos)
        .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
        .where(
          and(
            eq(reviewPhotos.reviewId, reviewId),
            eq(reviewPhotos.position, position),
            eq(reviews.status, "published"),
          ),
        );
      return row;
    },

    /** Name and category of a product, for rendering its generated images. */
    async findImageSubject(id: number) {
      const [row] = await db
        .select({ name: products.name, category: categories.name, brand: brands.name })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(eq(products.id, id));
      return row;
    },

    async findBrand(code: string) {
      const [row] = await db
        .select({
          code: brands.code,
          name: brands.name,
          logoUrl: brands.logoUrl,
          description: brands.description,
        })
        .from(brands)
        .where(eq(brands.code, code));
      return row;
    },

    async findSeller(code: string) {
      const [row] = await db
        .select({
          code: sellers.code,
          name: sellers.name,
          legalName: sellers.legalName,
          address: sellers.address,
          email: sellers.email,
          phone: sellers.phone,
          rating: sellers.rating,
          ...sellerFigures,
        })
        .from(sellers)
        .where(eq(sellers.code, code));
      return row;
    },

    async findBrandForLogo(code: string) {
      const [row] = await db.select({ name: brands.name }).from(brands).where(eq(brands.code, code));
      return row;
    },

    /**
     * The sections and branches (depth 0 and 1) in the catalogue's order, each with the hero picture of
     * its most popular in-stock product anywhere below it: one statement, a LATERAL per category over its
     * path (`products_popularity_idx` walks from the most popular down and stops at the first that fits).
     * Only pictures of the image pipeline (`image_id`), so every tile has its widths and its colour.
     */
    async categoryTiles() {
      const result = await db.execute(sql`
        SELECT c.id, c.parent_id AS "parentId", c.name, c.slug, pi.url, pi.width, pi.height, pi.placeholder
        FROM categories c
        LEFT JOIN LATERAL (
          SELECT p.id FROM products p
          WHERE p.category_id IN (SELECT s.id FROM categories s WHERE s.path = c.path OR s.path LIKE c.path || '.%')
            AND p.has_stock AND NOT p.is_coming_soon AND NOT p.is_preorder
            AND EXISTS (SELECT 1 FROM product_images x WHERE x.product_id = p.id AND x.image_id IS NOT NULL)
          ORDER BY p.popularity DESC, p.id
          LIMIT 1
        ) best ON true
        LEFT JOIN LATERAL (
          SELECT y.url, y.width, y.height, y.placeholder FROM product_images y
          WHERE y.product_id = best.id AND y.image_id IS NOT NULL
          ORDER BY y.position LIMIT 1
        ) pi ON true
        WHERE c.depth < 2
        ORDER BY c.depth, c.position, c.id`);
      return rowsOf<{
        id: number;
        parentId: number | null;
        name: string;
        slug: string;
        url: string | null;
        width: number | null;
        height: number | null;
        placeholder: string | null;
      }>(result).map((r) => ({
        ...r,
        id: Number(r.id),
        parentId: r.parentId === null ? null : Number(r.parentId),
      }));
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

/** A filter the repository builds from a search, for the service to pass back (the service knows no Drizzle). */
export type { SQL as RepositoryFilter } from "drizzle-orm";
