-- A listing's price keys after a statement changed many variants' prices (a markdown run over the
-- shop, a POS sync) are found in one pass, not one look-up per product (decision 075). PostgreSQL
-- estimates a trigger's transition table at 200 rows whatever it holds, so it planned a nested loop
-- for a markdown's 86,000 products too: an index probe of product_prices and a sorted look-up of
-- the product's variants each, 1.3 s of the run's 7 s on the bench's host. Past 1,000 changed
-- variants, and past 1 % of the shop's variants (below that a scan of every variant costs more than
-- the look-ups), the join is hashed: nested loops are off for that one statement and put back.
CREATE OR REPLACE FUNCTION refresh_product_pricing() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  changed bigint := (SELECT count(*) FROM changed_variants);
  nestloop text;
BEGIN
  IF changed > 1000 AND changed * 100 > (SELECT reltuples FROM pg_class WHERE oid = 'variants'::regclass) THEN
    nestloop := current_setting('enable_nestloop');
    PERFORM set_config('enable_nestloop', 'off', true);
    UPDATE product_prices pp
       SET min_price_cents = best.price_cents, discount_pct = best.discount_pct
      FROM (
        SELECT ids.product_id, v.price_cents, coalesce(variant_discount_pct(v.price_cents, v.compare_at_cents), 0) AS discount_pct
          FROM (SELECT DISTINCT product_id FROM changed_variants) ids
          LEFT JOIN (
            SELECT DISTINCT ON (product_id) product_id, price_cents, compare_at_cents
              FROM variants WHERE product_id IN (SELECT product_id FROM changed_variants)
             ORDER BY product_id, price_cents, sku
          ) v ON v.product_id = ids.product_id
      ) best
     WHERE pp.product_id = best.product_id
       AND (pp.min_price_cents IS DISTINCT FROM best.price_cents OR pp.discount_pct <> best.discount_pct);
    PERFORM set_config('enable_nestloop', nestloop, true);
  ELSE
    UPDATE product_prices pp
       SET min_price_cents = best.price_cents, discount_pct = best.discount_pct
      FROM (
        SELECT ids.product_id, v.price_cents, coalesce(variant_discount_pct(v.price_cents, v.compare_at_cents), 0) AS discount_pct
          FROM (SELECT DISTINCT product_id FROM changed_variants) ids
          LEFT JOIN LATERAL (
            SELECT price_cents, compare_at_cents FROM variants WHERE product_id = ids.product_id ORDER BY price_cents, sku LIMIT 1
          ) v ON true
      ) best
     WHERE pp.product_id = best.product_id
       AND (pp.min_price_cents IS DISTINCT FROM best.price_cents OR pp.discount_pct <> best.discount_pct);
  END IF;
  RETURN NULL;
END
$$;
