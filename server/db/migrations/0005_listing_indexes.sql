-- Category listings with facets read only these indexes (index-only scans) instead of the table rows;
-- the extended statistics fix a row estimate for (property_id, value) that was off by ~100x.
DROP INDEX IF EXISTS "products_category_idx";
--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" ("category_id", "popularity")
  INCLUDE ("id", "brand_id", "seller_id", "price", "old_price", "cashback_percent", "stock", "is_preorder", "is_coming_soon", "rating", "reviews_count", "created_at");
--> statement-breakpoint
DROP INDEX IF EXISTS "product_property_values_facet_idx";
--> statement-breakpoint
CREATE INDEX "product_property_values_facet_idx" ON "product_property_values" ("property_id", "value") INCLUDE ("product_id", "value_number");
--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "product_property_values_facet_stats" (mcv) ON "property_id", "value" FROM "product_property_values";
--> statement-breakpoint
ALTER TABLE "product_property_values" ALTER COLUMN "value" SET STATISTICS 1000;
