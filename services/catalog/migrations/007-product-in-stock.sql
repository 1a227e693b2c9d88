-- "In stock only" at 110k products (issue 12): the listing asked, per product, whether some unit
-- at some location is neither sold nor held, summing holds row by row (seconds for a filter that
-- matches few products). Each product now carries the answer, kept by statement triggers on
-- everything it is made of:
--   in_stock          some variant has, at some location, more on hand than its live holds take;
--   stock_recheck_at  while not in stock, when the first live hold lapses (a lapse frees units
--                     without any write, so the listing asks again for those products only).
-- Computed exactly when written; afterwards only a lapse can change it without a write, and a
-- lapse can only make it true, which stock_recheck_at covers.
ALTER TABLE products
  ADD COLUMN in_stock boolean NOT NULL DEFAULT false,
  ADD COLUMN stock_recheck_at timestamptz;

CREATE FUNCTION refresh_product_stock(product_ids uuid[]) RETURNS void LANGUAGE sql SET search_path FROM CURRENT AS $$
  UPDATE products p
     SET in_stock = s.in_stock,
         stock_recheck_at = CASE WHEN s.in_stock THEN NULL ELSE s.recheck_at END
    FROM (
      SELECT ids.id,
             EXISTS (
               SELECT 1 FROM variants v JOIN inventory_levels l ON l.variant_id = v.id
                WHERE v.product_id = ids.id
                  AND l.on_hand > coalesce((
                    SELECT sum(a.qty) FROM holds h JOIN hold_allocations a ON a.hold_id = h.id
                     WHERE h.variant_id = v.id AND a.location_id = l.location_id AND h.status = 'active' AND h.expires_at > now()), 0)
             ) AS in_stock,
             (SELECT min(h.expires_at) FROM holds h JOIN variants v ON v.id = h.variant_id
               WHERE v.product_id = ids.id AND h.status = 'active' AND h.expires_at > now()) AS recheck_at
        FROM (SELECT DISTINCT unnest(product_ids) AS id) ids
    ) s
   WHERE p.id = s.id
     AND (p.in_stock, p.stock_recheck_at) IS DISTINCT FROM (s.in_stock, CASE WHEN s.in_stock THEN NULL ELSE s.recheck_at END);
$$;

-- One function per transition table's shape; each names the products concerned.
CREATE FUNCTION product_stock_from_levels() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM refresh_product_stock(ARRAY(SELECT DISTINCT v.product_id FROM changed_levels c JOIN variants v ON v.id = c.variant_id));
  RETURN NULL;
END $$;
CREATE TRIGGER inventory_levels_stock_insert AFTER INSERT ON inventory_levels
  REFERENCING NEW TABLE AS changed_levels FOR EACH STATEMENT EXECUTE FUNCTION product_stock_from_levels();
CREATE TRIGGER inventory_levels_stock_update AFTER UPDATE ON inventory_levels
  REFERENCING NEW TABLE AS changed_levels FOR EACH STATEMENT EXECUTE FUNCTION product_stock_from_levels();
CREATE TRIGGER inventory_levels_stock_delete AFTER DELETE ON inventory_levels
  REFERENCING OLD TABLE AS changed_levels FOR EACH STATEMENT EXECUTE FUNCTION product_stock_from_levels();

CREATE FUNCTION product_stock_from_holds() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM refresh_product_stock(ARRAY(SELECT DISTINCT v.product_id FROM changed_holds c JOIN variants v ON v.id = c.variant_id));
  RETURN NULL;
END $$;
CREATE TRIGGER holds_stock_update AFTER UPDATE ON holds
  REFERENCING NEW TABLE AS changed_holds FOR EACH STATEMENT EXECUTE FUNCTION product_stock_from_holds();
CREATE TRIGGER holds_stock_delete AFTER DELETE ON holds
  REFERENCING OLD TABLE AS changed_holds FOR EACH STATEMENT EXECUTE FUNCTION product_stock_from_holds();

-- A new hold counts once its allocations exist (they are written right after it).
CREATE FUNCTION product_stock_from_allocations() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM refresh_product_stock(ARRAY(
    SELECT DISTINCT v.product_id FROM changed_allocations c JOIN holds h ON h.id = c.hold_id JOIN variants v ON v.id = h.variant_id));
  RETURN NULL;
END $$;
CREATE TRIGGER hold_allocations_stock_insert AFTER INSERT ON hold_allocations
  REFERENCING NEW TABLE AS changed_allocations FOR EACH STATEMENT EXECUTE FUNCTION product_stock_from_allocations();
CREATE TRIGGER hold_allocations_stock_update AFTER UPDATE ON hold_allocations
  REFERENCING NEW TABLE AS changed_allocations FOR EACH STATEMENT EXECUTE FUNCTION product_stock_from_allocations();
CREATE TRIGGER hold_allocations_stock_delete AFTER DELETE ON hold_allocations
  REFERENCING OLD TABLE AS changed_allocations FOR EACH STATEMENT EXECUTE FUNCTION product_stock_from_allocations();

-- A variant removed takes its levels with it (their rows name a variant that is gone by then).
CREATE FUNCTION product_stock_from_variants() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM refresh_product_stock(ARRAY(SELECT DISTINCT product_id FROM changed_variants));
  RETURN NULL;
END $$;
CREATE TRIGGER variants_stock_delete AFTER DELETE ON variants
  REFERENCING OLD TABLE AS changed_variants FOR EACH STATEMENT EXECUTE FUNCTION product_stock_from_variants();

-- "In stock only" reads the flag, and asks again only where a lapse is due.
CREATE INDEX products_stock_recheck_idx ON products (stock_recheck_at) WHERE stock_recheck_at IS NOT NULL;

-- Products that existed before this migration.
SELECT refresh_product_stock(ARRAY(SELECT id FROM products));
