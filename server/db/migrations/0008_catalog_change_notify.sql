-- Every committed change to catalogue and reference data is announced on the `catalog_changed` channel,
-- so each app process drops what its in-process cache holds for it (server/cache/catalog-changes.ts).
-- Statement-level triggers: a bulk load sends one message, not one per row. For products the message
-- names the ids a statement touched (up to 100), so a stock or price change drops only that product.
CREATE OR REPLACE FUNCTION vitrina_notify_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vitrina_notify_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  touched integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg(id::text, ',') INTO touched, ids FROM (SELECT id FROM old_rows LIMIT 101) t;
  ELSE
    SELECT count(*), string_agg(id::text, ',') INTO touched, ids FROM (SELECT id FROM new_rows LIMIT 101) t;
  END IF;
  IF touched = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalog_changed', CASE WHEN touched > 100 THEN 'products' ELSE 'products:' || ids END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_changed_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_changed_update AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_changed_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_changed_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_table_changed();
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['categories', 'catalog_menu_nodes', 'brands', 'sellers', 'category_properties',
    'product_property_values', 'product_images', 'reviews', 'review_photos', 'content_pages', 'options',
    'dictionary_entries', 'redirects']
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_table_changed()',
      t || '_changed', t);
  END LOOP;
END;
$$;
