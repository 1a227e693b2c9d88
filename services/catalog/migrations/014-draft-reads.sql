-- Issue 30: a draft (products.published_at null, from a manifest) is not shown to shoppers until
-- published (decision 055).

-- Shoppers' searches read the newest-first index in order, index only, for their newest title
-- matches (decision 022): it now carries published_at too, so leaving drafts out costs no table
-- read. The admin's lists (drafts included) read the same index in the same order.
DROP INDEX products_newest_idx;
CREATE INDEX products_newest_idx ON products (created_at DESC, id DESC) INCLUDE (search_name, published_at);

-- Category counts are what shoppers can find: published listings only. Inserts and deletes count
-- the published rows of the statement; a row trigger moves a listing between categories, and into
-- or out of the counts when it is published, only when one of those really changed (as before, a
-- comparison the executor makes without calling anything).
CREATE OR REPLACE FUNCTION count_inserted_or_deleted_products() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO category_count_changes (category_id, change)
  SELECT category_id, CASE TG_OP WHEN 'INSERT' THEN count(*) ELSE -count(*) END
    FROM changed_products WHERE published_at IS NOT NULL GROUP BY category_id;
  RETURN NULL;
END
$$;

DROP TRIGGER products_count_move ON products;
DROP FUNCTION count_moved_product();
CREATE FUNCTION count_moved_or_published_product() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO category_count_changes (category_id, change)
  SELECT OLD.category_id, -1 WHERE OLD.published_at IS NOT NULL
  UNION ALL
  SELECT NEW.category_id, 1 WHERE NEW.published_at IS NOT NULL;
  RETURN NULL;
END
$$;
CREATE TRIGGER products_count_move AFTER UPDATE OF category_id, published_at ON products
  FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR (OLD.published_at IS NULL) <> (NEW.published_at IS NULL))
  EXECUTE FUNCTION count_moved_or_published_product();

-- Counted again from the products as they are (drafts may already exist; the triggers above lock
-- out writers until this commits).
DELETE FROM category_count_changes;
INSERT INTO category_count_changes (category_id, change)
SELECT category_id, count(*) FROM products WHERE published_at IS NOT NULL GROUP BY category_id;

-- The intake desk's 'drafts' queue and its count (few rows: the drafts awaiting inspection), as the
-- other queues have theirs (migration 010).
CREATE INDEX products_drafts_idx ON products (created_at DESC, id) WHERE published_at IS NULL;
