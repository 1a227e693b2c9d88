-- Issue 30: what manifests, markdowns and reports share.

-- A listing is shown to shoppers from published_at on. A draft (null) came from a manifest and
-- waits for inspection; a listing from the POS is published as it arrives. published_at is also
-- when the listing went on sale: markdown rules and the reports' age bands count from it.
ALTER TABLE products ADD COLUMN published_at timestamptz DEFAULT now();
UPDATE products SET published_at = created_at;

-- What the shop paid for one unit (the manifest's unit cost, the lot's cost spread per unit); null
-- when unknown (a listing from the POS). Markdown floors and the inventory value at cost use it.
ALTER TABLE variants ADD COLUMN unit_cost_cents int CHECK (unit_cost_cents >= 0);

-- Every price a variant has had, from whichever source: the proof behind any 'Was' or 'Price
-- dropped' a shopper is shown (a former price is one the shop really charged). Written by the
-- trigger below on every insert and every change of price_cents, so no writer can forget it. The
-- writer names itself for its transaction with set_config('pl.price_source', 'markdown', true)
-- (and pl.price_actor, pl.price_reason); unnamed, the change came from the POS.
CREATE TABLE price_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  variant_id uuid NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
  old_cents int, -- null: the variant's first price
  new_cents int NOT NULL,
  source text NOT NULL CHECK (source IN ('pos', 'markdown', 'admin', 'manifest')),
  -- Who or what: an admin's name, a markdown rule's name; null for the POS.
  actor text,
  reason text,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX price_changes_variant_idx ON price_changes (variant_id, changed_at DESC, id DESC);
CREATE INDEX price_changes_changed_at_idx ON price_changes (changed_at);

CREATE FUNCTION price_source() RETURNS text LANGUAGE sql STABLE
  AS $$ SELECT coalesce(nullif(current_setting('pl.price_source', true), ''), 'pos') $$;

CREATE FUNCTION record_first_prices() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO price_changes (variant_id, old_cents, new_cents, source, actor, reason)
  SELECT n.id, NULL, n.price_cents, price_source(),
         nullif(current_setting('pl.price_actor', true), ''), nullif(current_setting('pl.price_reason', true), '')
    FROM new_variants n;
  RETURN NULL;
END
$$;

CREATE FUNCTION record_price_changes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO price_changes (variant_id, old_cents, new_cents, source, actor, reason)
  SELECT n.id, o.price_cents, n.price_cents, price_source(),
         nullif(current_setting('pl.price_actor', true), ''), nullif(current_setting('pl.price_reason', true), '')
    FROM new_variants n JOIN old_variants o ON o.id = n.id
   WHERE n.price_cents <> o.price_cents;
  RETURN NULL;
END
$$;

CREATE TRIGGER variants_first_price AFTER INSERT ON variants
  REFERENCING NEW TABLE AS new_variants FOR EACH STATEMENT EXECUTE FUNCTION record_first_prices();
CREATE TRIGGER variants_price_changed AFTER UPDATE ON variants
  REFERENCING OLD TABLE AS old_variants NEW TABLE AS new_variants FOR EACH STATEMENT EXECUTE FUNCTION record_price_changes();

-- The prices the variants have today count as their first ones.
INSERT INTO price_changes (variant_id, old_cents, new_cents, source, changed_at)
SELECT id, NULL, price_cents, 'pos', created_at FROM variants;
