-- Stock leaves the catalogue's row (ADR 048). Until now every placed or expired order rewrote its products'
-- rows, and products' trigger (migration 0008) emptied every listing, facet and search cache on every
-- instance. Now the count lives in `inventory`; `products.has_stock` is what cards and listings show, and
-- the trigger below writes it only when a product sells out or comes back.
CREATE TABLE "inventory" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_stock_nonnegative" CHECK ("inventory"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "has_stock" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The copy changes nothing a shopper sees: products' triggers stay quiet, so no page's <lastmod> moves.
ALTER TABLE "products" DISABLE TRIGGER USER;
--> statement-breakpoint
INSERT INTO "inventory" ("product_id", "stock") SELECT "id", "stock" FROM "products";
--> statement-breakpoint
UPDATE "products" SET "has_stock" = "stock" > 0;
--> statement-breakpoint
ALTER TABLE "products" ENABLE TRIGGER USER;
--> statement-breakpoint
-- The covering indexes of listings and facets (migrations 0005, 0009) carried the count; they carry the
-- flag now, so listings stay index-only scans, and a sale no longer dirties their pages.
DROP INDEX IF EXISTS "products_category_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_top_profit_idx";
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_stock_nonnegative";
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock";
--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" ("category_id", "popularity")
  INCLUDE ("id", "brand_id", "seller_id", "price", "old_price", "cashback_percent", "has_stock", "is_preorder", "is_coming_soon", "is_top_profit", "rating", "reviews_count", "created_at");
--> statement-breakpoint
CREATE INDEX "products_top_profit_idx" ON "products" ("popularity")
  INCLUDE ("id", "brand_id", "seller_id", "price", "old_price", "cashback_percent", "has_stock", "is_preorder", "is_coming_soon", "rating", "reviews_count", "created_at")
  WHERE "is_top_profit";
--> statement-breakpoint
-- Every committed change of a count is announced as `stock:<ids>` (up to 100; `stock` past that): it drops
-- only those products' own pages and data, whose buy box and basket limits read the count. A product that
-- sells out or comes back also gets its `has_stock` written, and products' own trigger then announces
-- `products:<ids>`, which drops the listings: the one change of stock a card shows.
CREATE OR REPLACE FUNCTION vitrina_inventory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  touched integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE products p SET has_stock = false FROM old_rows o WHERE p.id = o.product_id AND p.has_stock;
    SELECT count(*), string_agg(product_id::text, ',') INTO touched, ids
      FROM (SELECT product_id FROM old_rows LIMIT 101) t;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE products p SET has_stock = n.stock > 0 FROM new_rows n
      WHERE p.id = n.product_id AND p.has_stock <> (n.stock > 0);
    SELECT count(*), string_agg(product_id::text, ',') INTO touched, ids
      FROM (SELECT product_id FROM new_rows LIMIT 101) t;
  ELSE
    UPDATE products p SET has_stock = n.stock > 0 FROM new_rows n
      WHERE p.id = n.product_id AND p.has_stock <> (n.stock > 0);
    SELECT count(*), string_agg(product_id::text, ',') INTO touched, ids
      FROM (SELECT n.product_id FROM new_rows n JOIN old_rows o USING (product_id)
            WHERE n.stock <> o.stock LIMIT 101) t;
  END IF;
  IF touched = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalog_changed', CASE WHEN touched > 100 THEN 'stock' ELSE 'stock:' || ids END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_inventory_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET has_stock = false WHERE has_stock;
  PERFORM pg_notify('catalog_changed', 'stock');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inventory_changed_insert AFTER INSERT ON inventory REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_inventory_changed();
--> statement-breakpoint
CREATE TRIGGER inventory_changed_update AFTER UPDATE ON inventory
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_inventory_changed();
--> statement-breakpoint
CREATE TRIGGER inventory_changed_delete AFTER DELETE ON inventory REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_inventory_changed();
--> statement-breakpoint
CREATE TRIGGER inventory_changed_truncate AFTER TRUNCATE ON inventory
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_inventory_truncated();
