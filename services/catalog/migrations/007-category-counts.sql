-- GET /api/categories/counts sums this small table instead of counting every product per request
-- (decision 019). Writers only ever append a change (+n or -n for a category), so concurrent
-- transactions never wait on one hot counter row, nor deadlock over two; the catalog folds the
-- rows into one per category now and then (compactCategoryCounts). No notify trigger here: every
-- change to a count is a change to products, which already tells the read cache (migration 006).
CREATE TABLE category_count_changes (
  category_id text NOT NULL,
  change bigint NOT NULL
);

-- Inserts and deletes: once per statement, one row per category touched, however many products
-- the statement wrote (a bulk insert of 5,000 products appends at most 8 rows). Both triggers name
-- their transition table alike, so one function serves them.
CREATE FUNCTION count_inserted_or_deleted_products() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO category_count_changes (category_id, change)
  SELECT category_id, CASE TG_OP WHEN 'INSERT' THEN count(*) ELSE -count(*) END FROM changed_products GROUP BY category_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER products_count_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_or_deleted_products();
CREATE TRIGGER products_count_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_or_deleted_products();

-- Moves: per row, but only for a row whose category really changed. PostgreSQL allows no column
-- list on a trigger with transition tables, so a statement trigger would run for every update of
-- products, the pricing trigger's included (every variant a POS sync writes); this WHEN is a
-- comparison the executor makes without calling anything.
CREATE FUNCTION count_moved_product() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO category_count_changes (category_id, change) VALUES (OLD.category_id, -1), (NEW.category_id, 1);
  RETURN NULL;
END
$$;
CREATE TRIGGER products_count_move AFTER UPDATE OF category_id ON products
  FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id) EXECUTE FUNCTION count_moved_product();

CREATE FUNCTION forget_category_counts() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM category_count_changes;
  RETURN NULL;
END
$$;
CREATE TRIGGER products_count_truncate AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION forget_category_counts();

-- Products that existed before this migration (the triggers above lock out writers until it commits).
INSERT INTO category_count_changes (category_id, change) SELECT category_id, count(*) FROM products GROUP BY category_id;
