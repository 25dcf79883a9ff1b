import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { cities } from "./geo.ts";
import { users } from "./identity.ts";

/** PostgreSQL full-text document; drizzle has no built-in column type for it. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Category tree. `path` is the materialised chain of ids ("1.4.17") so a subtree is one
 * `LIKE '1.4.%'` range scan instead of a recursive query on every listing.
 */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    path: text("path").notNull(),
    depth: smallint("depth").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("categories_parent_idx").on(t.parentId, t.position),
    index("categories_path_idx").on(t.path),
    index("categories_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

/** Nodes of the catalogue menu (`/catalog-menu/{catMenuId}`): a curated tree that points at categories. */
export const catalogMenuNodes = pgTable(
  "catalog_menu_nodes",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id").references((): AnyPgColumn => catalogMenuNodes.id, {
      onDelete: "cascade",
    }),
    title: text("title").notNull(),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("catalog_menu_nodes_parent_idx").on(t.parentId, t.position)],
);

export const brands = pgTable(
  "brands",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    logoUrl: text("logo_url").notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [
    uniqueIndex("brands_code_uq").on(t.code),
    index("brands_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

export const sellers = pgTable(
  "sellers",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    legalName: text("legal_name").notNull(),
    address: text("address").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    rating: real("rating").notNull().default(0),
    /** The city the seller ships from: delivery dates to the shopper's city follow from it. */
    warehouseCityId: integer("warehouse_city_id").references(() => cities.id, { onDelete: "set null" }),
    /** Orders placed before this hour (warehouse city's local time) leave the same day. */
    cutoffHour: smallint("cutoff_hour").notNull().default(14),
  },
  (t) => [
    uniqueIndex("sellers_code_uq").on(t.code),
    check("sellers_cutoff_hour", sql`${t.cutoffHour} BETWEEN 0 AND 23`),
  ],
);

/** The typed properties a category's products carry (a smartphone has memory, a dress has size). */
export const categoryProperties = pgTable(
  "category_properties",
  {
    id: serial("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** `enum` (one of a known list), `number` (with an optional unit) or `boolean`. */
    kind: text("kind", { enum: ["enum", "number", "boolean"] }).notNull(),
    unit: text("unit"),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("category_properties_uq").on(t.categoryId, t.code)],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "restrict" }),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "restrict" }),
    /** Money is integer kopecks end to end. */
    price: integer("price").notNull(),
    oldPrice: integer("old_price"),
    cashbackPercent: smallint("cashback_percent").notNull().default(0),
    /**
     * Whether the product has units to sell, as cards and listings show it: kept by the inventory table's
     * trigger (migration 0021), which writes it only when a product sells out or comes back. The count
     * itself lives in `inventory`, so an ordinary sale leaves this row, and the catalogue caches, alone.
     */
    hasStock: boolean("has_stock").notNull().default(false),
    isPreorder: boolean("is_preorder").notNull().default(false),
    isComingSoon: boolean("is_coming_soon").notNull().default(false),
    isOriginal: boolean("is_original").notNull().default(false),
    isTopProfit: boolean("is_top_profit").notNull().default(false),
    /**
     * Products of one model line that differ only in colour, memory or size share it (issue 22, point 5):
     * the product page's variant picker lists the siblings. Null: a product with no siblings.
     */
    modelCode: text("model_code"),
    /** Most units of this product one order may hold (count-restricted promotion); null means no limit. */
    orderLimit: integer("order_limit"),
    /** Denormalised from reviews so listings sort and filter by rating without a join. */
    rating: real("rating").notNull().default(0),
    reviewsCount: integer("reviews_count").notNull().default(0),
    popularity: integer("popularity").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the product's page last changed: set by a trigger (migration 0010) on any update except to
     * `popularity`, which moves with every order and changes nothing a shopper or crawler reads. The
     * sitemap's `<lastmod>`.
     */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Name (weight A) and description (weight B) in the `russian` configuration, with ё folded to е
     * so "ёлка" and "елка" are one word.
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('russian'::regconfig, translate(name, 'Ёё', 'Ее')), 'A') || setweight(to_tsvector('russian'::regconfig, translate(description, 'Ёё', 'Ее')), 'B')`,
    ),
  },
  (t) => [
    uniqueIndex("products_sku_uq").on(t.sku),
    // Migrations 0005, 0009 and 0021 add INCLUDE columns so listings and facets are index-only scans.
    index("products_category_idx").on(t.categoryId, t.popularity),
    index("products_brand_idx").on(t.brandId),
    index("products_seller_idx").on(t.sellerId),
    index("products_model_idx").on(t.modelCode).where(sql`${t.modelCode} IS NOT NULL`),
    index("products_popularity_idx").on(t.popularity),
    index("products_search_idx").using("gin", t.searchVector),
    index("products_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    check("products_price_positive", sql`${t.price} > 0`),
    check("products_old_price_gt_price", sql`${t.oldPrice} IS NULL OR ${t.oldPrice} > ${t.price}`),
    check("products_cashback_range", sql`${t.cashbackPercent} BETWEEN 0 AND 100`),
    check("products_order_limit_positive", sql`${t.orderLimit} IS NULL OR ${t.orderLimit} > 0`),
  ],
);

/** One value of one category property for one product; `number` properties also fill value_number. */
export const productPropertyValues = pgTable(
  "product_property_values",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    propertyId: integer("property_id")
      .notNull()
      .references(() => categoryProperties.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    valueNumber: doublePrecision("value_number"),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.propertyId] }),
    // Migration 0005 adds INCLUDE (product_id, value_number) and extended statistics.
    index("product_property_values_facet_idx").on(t.propertyId, t.value),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    url: text("url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    alt: text("alt").notNull(),
    /** The picture (ADR 061); `url` is its base, `/img/<id>`, to which a page adds the width. */
    imageId: text("image_id"),
    /** ThumbHash of the picture, base64, copied from `images` so listings need no join. */
    placeholder: text("placeholder").notNull().default(""),
  },
  (t) => [uniqueIndex("product_images_uq").on(t.productId, t.position)],
);

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    authorName: text("author_name").notNull(),
    rating: smallint("rating").notNull(),
    pros: text("pros").notNull().default(""),
    cons: text("cons").notNull().default(""),
    text: text("text").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The buyer who wrote it (issue 21, point 4); null for the seeded reviews. */
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    /** `published` shows on the product page; `hidden` by an operator, with the reason (audit log). */
    status: text("status", { enum: ["published", "hidden"] })
      .notNull()
      .default("published"),
    hiddenReason: text("hidden_reason"),
    hiddenBy: bigint("hidden_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** «Полезно» votes, kept in step with review_votes in the vote's transaction. */
    helpfulCount: integer("helpful_count").notNull().default(0),
  },
  (t) => [
    index("reviews_product_idx").on(t.productId, t.createdAt),
    // One review per buyer and product.
    uniqueIndex("reviews_user_product_uq").on(t.userId, t.productId).where(sql`${t.userId} IS NOT NULL`),
    index("reviews_status_idx").on(t.status, t.id),
    check("reviews_rating_range", sql`${t.rating} BETWEEN 1 AND 5`),
    check("reviews_status", sql`${t.status} IN ('published', 'hidden')`),
    check("reviews_helpful_count", sql`${t.helpfulCount} >= 0`),
  ],
);

/** «Полезно»: one vote per shopper and review. */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** A shopper's photo attached to a review, in the order they were added. */
export const reviewPhotos = pgTable(
  "review_photos",
  {
    id: serial("id").primaryKey(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    url: text("url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    alt: text("alt").notNull(),
    /** A buyer's photo: the upload (purpose `review`) served at `url`; null for the seeded pictures. */
    uploadId: text("upload_id"),
    /**
     * A seeded photo drawn by the image pipeline (ADR 069), served at `url` = `/img/<id>` at any width.
     * Migration 0030 adds its foreign key to `images` (as 0029 does for product_images: no import cycle).
     */
    imageId: text("image_id"),
  },
  // Serves the page's photos (review_id = any(…) order by position), the "with photos" filter and /media.
  (t) => [uniqueIndex("review_photos_uq").on(t.reviewId, t.position)],
);
