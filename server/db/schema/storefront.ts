import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { users } from "./identity.ts";

/**
 * A catalogue picture's original, stored once (issue 22, point 1; ADR 061): an operator's upload kept in the
 * photo storage (the data directory or S3), or a picture the seed draws from a recipe (a product kind, a
 * colour and a view) and renders on first request. Pages ask for it at a width and the image route answers
 * AVIF, WebP or JPEG by `Accept`; the id is in every URL, so a changed picture is a new id.
 */
export const images = pgTable(
  "images",
  {
    /** Random (an upload) or derived from the recipe (`g` + a hash): the only name the picture has. */
    id: text("id").primaryKey(),
    source: text("source", { enum: ["upload", "generated"] }).notNull(),
    /** `generated`: what to draw, e.g. `phone/3a6fd2/2` (kind, colour, view). */
    recipe: text("recipe"),
    /** `upload`: `disk` or `s3`, and the key within it. */
    storage: text("storage", { enum: ["disk", "s3"] }),
    storageKey: text("storage_key"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** ThumbHash of the picture, base64: a blurred stand-in the page paints until the picture arrives. */
    placeholder: text("placeholder").notNull().default(""),
    createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "images_source",
      sql`(${t.source} = 'upload' AND ${t.storageKey} IS NOT NULL AND ${t.storage} IS NOT NULL) OR (${t.source} = 'generated' AND ${t.recipe} IS NOT NULL)`,
    ),
    check("images_size", sql`${t.width} > 0 AND ${t.height} > 0`),
  ],
);

/**
 * A banner on the home page (issue 22, point 6): a picture, a title, where it leads, when it shows and in
 * which theme (null: both). Operators manage them in `/admin/banners`.
 */
export const banners = pgTable(
  "banners",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    /** A path inside the shop (starts with `/`). */
    link: text("link").notNull(),
    imageId: text("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "restrict" }),
    theme: text("theme", { enum: ["alfa", "halva"] }),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    position: integer("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("banners_position_idx").on(t.position),
    check("banners_link", sql`${t.link} LIKE '/%' AND ${t.link} NOT LIKE '//%'`),
    check("banners_dates", sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
    check("banners_title", sql`char_length(${t.title}) BETWEEN 1 AND 120`),
    check("banners_theme", sql`${t.theme} IS NULL OR ${t.theme} IN ('alfa', 'halva')`),
  ],
);

/**
 * A shopper's question about a product and its answer by the seller or an operator (issue 22, point 5).
 * Shown once answered; an operator may hide one.
 */
export const productQuestions = pgTable(
  "product_questions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorName: text("author_name").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ["published", "hidden"] })
      .notNull()
      .default("published"),
    answer: text("answer"),
    /** `seller` or `shop`: whose answer it is, as the page labels it. */
    answeredAs: text("answered_as", { enum: ["seller", "shop"] }),
    answeredBy: bigint("answered_by", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("product_questions_product_idx").on(t.productId, t.createdAt),
    index("product_questions_user_idx").on(t.userId, t.createdAt),
    index("product_questions_unanswered_idx").on(t.createdAt).where(sql`${t.answer} IS NULL`),
    check("product_questions_status", sql`${t.status} IN ('published', 'hidden')`),
    check("product_questions_text", sql`char_length(${t.text}) BETWEEN 1 AND 1000`),
    check(
      "product_questions_answer",
      sql`${t.answer} IS NULL OR char_length(${t.answer}) BETWEEN 1 AND 2000`,
    ),
  ],
);

/**
 * «Сообщить о поступлении»: a shopper waiting for a sold-out product (issue 22, point 5). When it comes
 * back a job texts each waiting shopper once and sets `notified_at`; asking again waits again.
 */
export const stockSubscriptions = pgTable(
  "stock_subscriptions",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.userId] }),
    index("stock_subscriptions_waiting_idx").on(t.productId).where(sql`${t.notifiedAt} IS NULL`),
    index("stock_subscriptions_user_idx").on(t.userId),
  ],
);
