-- Housekeeping finds visitor rows past the visitor cookie's lifetime by their time alone
-- (server/domain/housekeeping.ts); the existing indexes lead with the visitor.
CREATE INDEX "viewed_products_viewed_at_idx" ON "viewed_products" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "recent_searches_searched_at_idx" ON "recent_searches" USING btree ("searched_at");