-- The top-profit filter reads `is_top_profit`: without it in the covering index, every category listing
-- and facet query that uses the filter (and every facet query, which counts top-profit products) would
-- leave the index-only scan for the table rows. The partial index serves the promotion's own page, which
-- lists the top-profit products of the whole catalogue (about 6 % of it) in any sort order.
DROP INDEX IF EXISTS "products_category_idx";
--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" ("category_id", "popularity")
  INCLUDE ("id", "brand_id", "seller_id", "price", "old_price", "cashback_percent", "stock", "is_preorder", "is_coming_soon", "is_top_profit", "rating", "reviews_count", "created_at");
--> statement-breakpoint
CREATE INDEX "products_top_profit_idx" ON "products" ("popularity")
  INCLUDE ("id", "brand_id", "seller_id", "price", "old_price", "cashback_percent", "stock", "is_preorder", "is_coming_soon", "rating", "reviews_count", "created_at")
  WHERE "is_top_profit";
