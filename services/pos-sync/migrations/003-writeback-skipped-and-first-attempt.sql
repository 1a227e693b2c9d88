-- Write-backs: an order with no POS items is done without calling the POS ('skipped', last_error
-- saying why), and the time a sale first went to the POS is kept, because the POS remembers
-- Idempotency-Keys for 24 hours only: past that a retry could apply the sale twice.
ALTER TABLE writebacks DROP CONSTRAINT writebacks_status_check;
ALTER TABLE writebacks ADD CONSTRAINT writebacks_status_check CHECK (status IN ('pending', 'sent', 'failed', 'skipped'));

ALTER TABLE writebacks ADD COLUMN first_attempted_at timestamptz;
-- A write-back tried before this file went to the POS no earlier than it was recorded.
UPDATE writebacks SET first_attempted_at = created_at WHERE attempts > 0;

-- The dashboard counts the refused ones every few seconds (pending ones: writebacks_due_idx).
CREATE INDEX writebacks_failed_idx ON writebacks (order_id) WHERE status = 'failed';
