-- A review's change drops only its product's cached pages and data (ADR 060), not the whole catalogue:
-- «Полезно» votes, new reviews and hidden ones would otherwise keep the page cache cold on a busy day.
-- `reviews:<product ids>` (up to 100; more is a bulk change and drops everything) names the products whose
-- reviews or review photos a statement touched. A review's rating moves through `products` (its own
-- trigger drops the listings); TRUNCATE stays a whole-catalogue change.
DROP TRIGGER IF EXISTS reviews_changed ON reviews;
--> statement-breakpoint
DROP TRIGGER IF EXISTS review_photos_changed ON review_photos;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_notify_reviews_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  touched integer;
BEGIN
  IF TG_TABLE_NAME = 'reviews' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT count(*), string_agg(product_id::text, ',') INTO touched, ids
        FROM (SELECT DISTINCT product_id FROM old_rows LIMIT 101) t;
    ELSE
      SELECT count(*), string_agg(product_id::text, ',') INTO touched, ids
        FROM (SELECT DISTINCT product_id FROM new_rows LIMIT 101) t;
    END IF;
  ELSE
    -- review_photos: the products of the photos' reviews (a review deleted with its photos has sent its own).
    IF TG_OP = 'DELETE' THEN
      SELECT count(*), string_agg(product_id::text, ',') INTO touched, ids
        FROM (SELECT DISTINCT r.product_id FROM old_rows o JOIN reviews r ON r.id = o.review_id LIMIT 101) t;
    ELSE
      SELECT count(*), string_agg(product_id::text, ',') INTO touched, ids
        FROM (SELECT DISTINCT r.product_id FROM new_rows n JOIN reviews r ON r.id = n.review_id LIMIT 101) t;
    END IF;
  END IF;
  IF touched = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalog_changed', CASE WHEN touched > 100 THEN TG_TABLE_NAME ELSE 'reviews:' || ids END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_changed_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_reviews_changed();
--> statement-breakpoint
CREATE TRIGGER reviews_changed_update AFTER UPDATE ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_reviews_changed();
--> statement-breakpoint
CREATE TRIGGER reviews_changed_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_reviews_changed();
--> statement-breakpoint
CREATE TRIGGER reviews_changed_truncate AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER review_photos_changed_insert AFTER INSERT ON review_photos REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_reviews_changed();
--> statement-breakpoint
CREATE TRIGGER review_photos_changed_update AFTER UPDATE ON review_photos REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_reviews_changed();
--> statement-breakpoint
CREATE TRIGGER review_photos_changed_delete AFTER DELETE ON review_photos REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_reviews_changed();
--> statement-breakpoint
CREATE TRIGGER review_photos_changed_truncate AFTER TRUNCATE ON review_photos
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_table_changed();
