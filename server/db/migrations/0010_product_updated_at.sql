-- When a product's page last changed, for the sitemap's <lastmod>. Existing products count as changed
-- when they were created. From now on a trigger keeps it: any update that changes what the page shows
-- sets it to the transaction's time; `popularity` (moved by every order) and the generated search vector
-- do not count, nor does an update that writes the values already there.
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "products" SET "updated_at" = "created_at";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_products_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF to_jsonb(NEW) - ARRAY['popularity', 'updated_at', 'search_vector']
     IS DISTINCT FROM to_jsonb(OLD) - ARRAY['popularity', 'updated_at', 'search_vector'] THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_touch BEFORE UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION vitrina_products_touch();
