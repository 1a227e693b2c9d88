-- A sync an admin can follow (issue 13): a run reports how far it is while it goes, may be
-- cancelled between two batches, and ends 'cancelled' then (what it wrote stays; an incremental
-- run after it starts where the last successful one left off, as after a failure).
ALTER TABLE sync_runs DROP CONSTRAINT sync_runs_status_check;
ALTER TABLE sync_runs ADD CONSTRAINT sync_runs_status_check CHECK (status IN ('running', 'succeeded', 'failed', 'cancelled'));
-- Products read from the POS and handled so far (saved or refused).
ALTER TABLE sync_runs ADD COLUMN processed int NOT NULL DEFAULT 0 CHECK (processed >= 0);
-- How many products the POS said the run would read, when it says (null: not told).
ALTER TABLE sync_runs ADD COLUMN expected int CHECK (expected >= 0);
-- Set by an admin's Cancel (on any instance); the instance running it stops after its batches in flight.
ALTER TABLE sync_runs ADD COLUMN cancel_requested_at timestamptz;
