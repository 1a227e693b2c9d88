-- Issue 30: prices the shop set (a markdown, an admin) reach the POS, so the till charges what the
-- site shows (decision 057). One row per change the catalog announced (price.changed), keyed by its
-- changeId, so a redelivered event records nothing twice. The write-back pass gathers pending ones
-- into batches of up to PRICE_BATCH prices, each a row of writebacks of kind 'price' whose key is the
-- POS's Idempotency-Key; a price's batch is fixed once chosen (a retry sends the same body).
ALTER TABLE writebacks DROP CONSTRAINT writebacks_kind_check;
ALTER TABLE writebacks ADD CONSTRAINT writebacks_kind_check CHECK (kind IN ('sale', 'return', 'manifest', 'price'));

CREATE TABLE price_writebacks (
  change_id text PRIMARY KEY,
  sku text NOT NULL,
  price_cents int NOT NULL CHECK (price_cents >= 0),
  source text NOT NULL,
  -- When the catalog made the change (its event's time): the newest per sku is the one that counts.
  changed_at timestamptz NOT NULL,
  -- pending: waiting, batched or not; sent: the POS took it; superseded: a newer price for the sku
  -- came before this one was batched (never sent); skipped: the POS has no such sku; failed: its
  -- batch was refused or given up.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'superseded', 'skipped', 'failed')),
  writeback text REFERENCES writebacks (order_id),
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status IN ('pending', 'superseded') OR writeback IS NOT NULL)
);
-- Superseding and holding back look for other prices of the same sku.
CREATE INDEX price_writebacks_sku_idx ON price_writebacks (sku, changed_at, change_id);
-- The next batch: pending prices in no batch yet, oldest first.
CREATE INDEX price_writebacks_unbatched_idx ON price_writebacks (changed_at, change_id) WHERE status = 'pending' AND writeback IS NULL;
CREATE INDEX price_writebacks_batch_idx ON price_writebacks (writeback) WHERE writeback IS NOT NULL;
-- The dashboard counts these every few seconds.
CREATE INDEX price_writebacks_pending_idx ON price_writebacks (sku) WHERE status = 'pending';
CREATE INDEX price_writebacks_failed_idx ON price_writebacks (created_at) WHERE status = 'failed';
