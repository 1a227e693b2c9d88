-- The catalogue's read cache (decision 017): every instance keeps the public product reads it has
-- answered and drops them when anything they are made of changes. Any write to these tables, by
-- any instance or by hand, notifies `catalog_changed_<schema>` once per transaction (PostgreSQL
-- folds identical notifications of one transaction), delivered when it commits.
CREATE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed_' || TG_TABLE_SCHEMA, '');
  RETURN NULL;
END $$;

CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER variants_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON variants FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER inventory_levels_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON inventory_levels FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER holds_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON holds FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER hold_allocations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hold_allocations FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER locations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locations FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
