import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { cities, pickupPoints } from "./geo.ts";
import { users } from "./identity.ts";

/**
 * Products a shopper keeps for later (the hearts). A row belongs to a signed-in user or, before sign-in,
 * to an anonymous visitor (the `vid` cookie); at sign-in the visitor's rows merge into the user's. The
 * surrogate id is what the API names an item by, so another owner's id is simply not found.
 */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id"),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("wishlist_items_one_owner", sql`(${t.userId} IS NULL) <> (${t.visitorId} IS NULL)`),
    uniqueIndex("wishlist_items_user_product_idx").on(t.userId, t.productId),
    uniqueIndex("wishlist_items_visitor_product_idx").on(t.visitorId, t.productId),
    index("wishlist_items_user_recent_idx").on(t.userId, t.addedAt),
    index("wishlist_items_visitor_recent_idx").on(t.visitorId, t.addedAt),
    // Housekeeping deletes visitors' rows past the visitor cookie's lifetime.
    index("wishlist_items_added_at_idx").on(t.addedAt),
  ],
);

/**
 * A user's delivery addresses (spec `/v1/user/address…`): a courier address typed by the shopper, or a
 * pickup point chosen from the city's list. At most one is selected; checkout starts from it.
 */
export const addresses = pgTable(
  "addresses",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `courier` or `pickup`. */
    type: text("type").notNull(),
    cityId: integer("city_id").references(() => cities.id, { onDelete: "set null" }),
    /** The street address: typed for courier, the point's address for pickup. */
    address: text("address").notNull(),
    entrance: text("entrance"),
    floor: text("floor"),
    flat: text("flat"),
    intercom: text("intercom"),
    comment: text("comment"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    pickupPointId: integer("pickup_point_id").references(() => pickupPoints.id, { onDelete: "cascade" }),
    selected: boolean("selected").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("addresses_type", sql`${t.type} IN ('courier', 'pickup')`),
    check("addresses_pickup_point", sql`(${t.type} = 'pickup') = (${t.pickupPointId} IS NOT NULL)`),
    index("addresses_user_idx").on(t.userId, t.createdAt),
    // One selected address per user, held by the database rather than by care in the code.
    uniqueIndex("addresses_one_selected_idx").on(t.userId).where(sql`${t.selected}`),
  ],
);

/** People who may receive a user's orders (spec: recipients). At most one is the default. */
export const recipients = pgTable(
  "recipients",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    surname: text("surname").notNull(),
    name: text("name").notNull(),
    patronymic: text("patronymic"),
    /** E.164. */
    phone: text("phone").notNull(),
    email: text("email"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("recipients_phone_e164", sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    index("recipients_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("recipients_one_default_idx").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/**
 * A sign-in or identity-import round trip through the bank (OIDC authorization code with PKCE) in
 * flight: what the callback needs to finish it. The browser holds the flow's random id in a short-lived
 * cookie; the table keeps its hash, so the row alone cannot be replayed. Used once, then deleted.
 */
export const authFlows = pgTable(
  "auth_flows",
  {
    idHash: text("id_hash").primaryKey(),
    /** `sign_in` or `import`. */
    purpose: text("purpose").notNull(),
    state: text("state").notNull(),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    /** Same-origin path to land on afterwards (contract/redirect-to.ts). */
    redirectTo: text("redirect_to").notNull(),
    /** For an import: whose profile receives the data. */
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("auth_flows_purpose", sql`${t.purpose} IN ('sign_in', 'import')`),
    index("auth_flows_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Profile data the bank's identity service returned, waiting for the shopper to accept or discard each
 * field (spec: identity import). Short-lived; one pending import per user.
 */
export const profileImports = pgTable(
  "profile_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `{ surname, name, patronymic, email, phone }` as the bank gave them. */
    data: jsonb("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("profile_imports_user_idx").on(t.userId),
    index("profile_imports_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Storage of the built-in bank stand-in (an `oidc-provider` OpenID Provider): its sessions, interactions,
 * grants, codes and tokens, one row per model instance, so it survives restarts and serves several
 * instances. Not used when a real bank is configured (OIDC_ISSUER).
 */
export const bankOidcPayloads = pgTable(
  "bank_oidc_payloads",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index("bank_oidc_payloads_grant_idx").on(t.grantId),
    index("bank_oidc_payloads_uid_idx").on(t.uid),
    index("bank_oidc_payloads_user_code_idx").on(t.userCode),
    index("bank_oidc_payloads_expires_idx").on(t.expiresAt),
  ],
);
