-- Cities are read through the in-process cache (the basket's delivery dates, the city in the header and on
-- pages): a change to them drops the caches like any other catalogue table's (issue 23, point 4).
CREATE TRIGGER cities_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cities
  FOR EACH STATEMENT EXECUTE FUNCTION vitrina_notify_table_changed();
