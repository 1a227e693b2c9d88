-- A listing's price keys (its cheapest variant's price, and that variant's discount: what shoppers
-- sort and filter by) in a narrow table of their own, not on the product's row (decision 061).
-- On products they were indexed, so a price change rewrote the whole row (search text included)
-- into every index of the table, the two GIN search indexes among them: a markdown over 100,000
-- listings spent most of its time there, and so did every price a POS sync changed. Here a price
-- change rewrites 24 bytes under four small indexes, and products rows are left alone.
CREATE TABLE product_prices (
  product_id uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  min_price_cents int,
  discount_pct smallint NOT NULL DEFAULT 0
);
INSERT INTO product_prices (product_id, min_price_cents, discount_pct) SELECT id, min_price_cents, discount_pct FROM products;
CREATE INDEX product_prices_price_asc_idx ON product_prices ((coalesce(min_price_cents, 2147483647)), product_id);
CREATE INDEX product_prices_price_desc_idx ON product_prices ((coalesce(min_price_cents, -1)) DESC, product_id DESC);
CREATE INDEX product_prices_discount_idx ON product_prices (discount_pct DESC, product_id DESC);
-- Their indexes go with them.
ALTER TABLE products DROP COLUMN min_price_cents, DROP COLUMN discount_pct;

-- Every product has its row from the start (no price until it has variants), so a list sorted or
-- filtered by price joins it and loses no product.
CREATE FUNCTION add_product_prices() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO product_prices (product_id) SELECT id FROM new_products ON CONFLICT (product_id) DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER products_prices_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION add_product_prices();

-- The variants' triggers (migration 002) keep the keys: now a narrow row's update, so a product
-- inserted with its variants no longer needs its pricing written with it (migration 009).
CREATE OR REPLACE FUNCTION refresh_product_pricing() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
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
  RETURN NULL;
END
$$;
