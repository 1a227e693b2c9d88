-- A product's pricing (min_price_cents, discount_pct: its cheapest variant, ties by sku) written
-- with the product when the variants are known, instead of by the pricing trigger rewriting the row
-- just inserted. That rewrite is never a HOT update (both columns are indexed), so every new product
-- went into every index twice, the search GIN indexes included: at 100,000 products from a POS sync,
-- most of PostgreSQL's work (issue 13). The trigger stays for every later change and finds nothing
-- to do for a product inserted with its pricing. The discount rule has one home: this function.
CREATE FUNCTION variant_discount_pct(price_cents int, compare_at_cents int) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN compare_at_cents > price_cents THEN round((compare_at_cents - price_cents) * 100.0 / compare_at_cents)::smallint ELSE 0 END $$;

CREATE OR REPLACE FUNCTION refresh_product_pricing() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE products p
     SET min_price_cents = best.price_cents, discount_pct = best.discount_pct
    FROM (
      SELECT ids.product_id, v.price_cents, variant_discount_pct(v.price_cents, v.compare_at_cents) AS discount_pct
        FROM (SELECT DISTINCT product_id FROM changed_variants) ids
        LEFT JOIN LATERAL (
          SELECT price_cents, compare_at_cents FROM variants WHERE product_id = ids.product_id ORDER BY price_cents, sku LIMIT 1
        ) v ON true
    ) best
   WHERE p.id = best.product_id
     AND (p.min_price_cents IS DISTINCT FROM best.price_cents OR p.discount_pct <> best.discount_pct);
  RETURN NULL;
END
$$;
