-- Issue 30: the units a supplier's manifest brought reach the POS like sales do, through the same
-- write-back rows, retries and 23-hour window. One row per committed batch of a manifest's rows
-- (the catalog's manifest.received event), keyed 'manifest-<manifest id>-<batch>' (also the POS's
-- Idempotency-Key of its items), carrying the event's data: items to create and units to receive.
-- Their units never count as pending (pendingSoldUnits): the POS's count lacks them until it
-- confirms them, and the shop shows the POS's count meanwhile (decision 054).
ALTER TABLE writebacks DROP CONSTRAINT writebacks_kind_check;
ALTER TABLE writebacks ADD CONSTRAINT writebacks_kind_check CHECK (kind IN ('sale', 'return', 'manifest'));
ALTER TABLE writebacks ADD COLUMN manifest jsonb;
ALTER TABLE writebacks DROP CONSTRAINT writebacks_return_units;
ALTER TABLE writebacks
  ADD CONSTRAINT writebacks_return_units CHECK (kind <> 'return' OR units IS NOT NULL),
  ADD CONSTRAINT writebacks_manifest_data CHECK ((kind = 'manifest') = (manifest IS NOT NULL));
