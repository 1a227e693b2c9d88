-- Holds (reservations) replace the stored `reserved` count, and products get what search,
-- filters and keyset pagination need. See src/domain/holds.ts and src/db/product-list.repo.ts.

-- pg_trgm (partial words and typos) lives in `public`, once per database, and is referenced
-- schema-qualified: every service's search_path is its own schema only. Catalog schemas of
-- several instances or test suites may migrate at the same moment; the lock makes the
-- "create if missing" a one-at-a-time step across the whole database.
SELECT pg_advisory_xact_lock(hashtextextended('pl:create-extension:pg_trgm', 0));
CREATE SCHEMA IF NOT EXISTS public;
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE EXTENSION pg_trgm WITH SCHEMA public;
  ELSIF (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm') <> 'public' THEN
    RAISE EXCEPTION 'pg_trgm is installed in schema %, the catalog expects it in public',
      (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm');
  END IF;
END
$$;

-- A hold keeps `qty` units of a variant for a holder (a cart, an order) until expires_at. Only
-- ACTIVE holds whose expires_at is still ahead count as reserved, so an expired hold stops
-- counting the moment it lapses; the sweeper only records that it did (and announces it).
CREATE TABLE holds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  variant_id uuid NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
  qty int NOT NULL CHECK (qty > 0),
  holder text NOT NULL CHECK (length(holder) BETWEEN 1 AND 128),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'released', 'expired', 'committed')),
  expires_at timestamptz NOT NULL,
  order_id text CHECK (length(order_id) BETWEEN 1 AND 128),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'committed') = (order_id IS NOT NULL))
);
CREATE INDEX holds_active_by_variant_idx ON holds (variant_id) INCLUDE (expires_at) WHERE status = 'active';
CREATE INDEX holds_active_by_expiry_idx ON holds (expires_at) WHERE status = 'active';

-- Where a hold's units are: a hold takes free units from one location when one has enough,
-- otherwise from several, so anything the product page shows as available can be held.
CREATE TABLE hold_allocations (
  hold_id uuid NOT NULL REFERENCES holds (id) ON DELETE CASCADE,
  location_id text NOT NULL REFERENCES locations (id),
  qty int NOT NULL CHECK (qty > 0),
  PRIMARY KEY (hold_id, location_id)
);

-- Reserved is computed from holds at read time from now on.
ALTER TABLE inventory_levels DROP COLUMN reserved;

-- Search (src/domain/search-text.ts): words of title, brand and description, weighted in that
-- order, unstemmed ('simple'), so a prefix query only finds text that contains what was typed;
-- and title with brand, lower-cased, for part-of-word matches and typos (trigrams). The line
-- break keeps a match from spanning title and brand. Listing: the current price (cheapest
-- variant) and its percent off, kept by the triggers below, so price filters and sorts use
-- plain indexes.
ALTER TABLE products
  ADD COLUMN min_price_cents int,
  ADD COLUMN discount_pct smallint NOT NULL DEFAULT 0,
  ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(brand, '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(description, '')), 'C')
  ) STORED,
  ADD COLUMN search_name text GENERATED ALWAYS AS (lower(title || E'\n' || coalesce(brand, ''))) STORED;

CREATE INDEX products_search_tsv_idx ON products USING gin (search_tsv);
CREATE INDEX products_search_name_trgm_idx ON products USING gin (search_name public.gin_trgm_ops);

-- One index per sort order of GET /api/products, each ending in id for the keyset. Products
-- without variants (no price) sort last both ways.
DROP INDEX products_newest_idx;
CREATE INDEX products_newest_idx ON products (created_at DESC, id DESC);
CREATE INDEX products_price_asc_idx ON products ((coalesce(min_price_cents, 2147483647)), id);
CREATE INDEX products_price_desc_idx ON products ((coalesce(min_price_cents, -1)) DESC, id DESC);
CREATE INDEX products_discount_idx ON products (discount_pct DESC, id DESC);
CREATE INDEX products_title_idx ON products ((lower(title)), id);

-- Statement-level, so a bulk insert of variants refreshes each product once, not once per row.
-- The cheapest variant (ties by sku) is the product's current price, as product-view.ts shows it.
CREATE FUNCTION refresh_product_pricing() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE products p
     SET min_price_cents = best.price_cents, discount_pct = best.discount_pct
    FROM (
      SELECT ids.product_id, v.price_cents,
             CASE WHEN v.compare_at_cents > v.price_cents
                  THEN round((v.compare_at_cents - v.price_cents) * 100.0 / v.compare_at_cents)::smallint
                  ELSE 0 END AS discount_pct
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
CREATE TRIGGER variants_pricing_insert AFTER INSERT ON variants
  REFERENCING NEW TABLE AS changed_variants FOR EACH STATEMENT EXECUTE FUNCTION refresh_product_pricing();
-- A variant never moves to another product, so the new rows name every product concerned.
CREATE TRIGGER variants_pricing_update AFTER UPDATE ON variants
  REFERENCING NEW TABLE AS changed_variants FOR EACH STATEMENT EXECUTE FUNCTION refresh_product_pricing();
CREATE TRIGGER variants_pricing_delete AFTER DELETE ON variants
  REFERENCING OLD TABLE AS changed_variants FOR EACH STATEMENT EXECUTE FUNCTION refresh_product_pricing();

-- Products that existed before this migration.
UPDATE variants SET price_cents = price_cents;
