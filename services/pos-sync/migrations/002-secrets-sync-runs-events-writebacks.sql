-- POS secrets at rest, sync runs that several instances share, applied webhook events and the
-- write-back of sales to the POS.

-- Secrets are AES-256-GCM sealed with POS_SETTINGS_KEY (src/domain/secret-box.ts). A key saved in
-- clear before this migration is dropped with its row: the admin enters the settings again.
DELETE FROM pos_settings;
ALTER TABLE pos_settings DROP COLUMN api_key;
ALTER TABLE pos_settings ADD COLUMN api_key_sealed text NOT NULL;
-- The webhook subscription the last sync registered: its signature key (sealed) and the URL it was
-- registered for. Saving other settings clears both (another POS or key means another subscription).
ALTER TABLE pos_settings ADD COLUMN webhook_key_sealed text;
ALTER TABLE pos_settings ADD COLUMN webhook_url text;
ALTER TABLE pos_settings ADD CONSTRAINT pos_settings_webhook_pair CHECK ((webhook_key_sealed IS NULL) = (webhook_url IS NULL));

-- No run written before this file can still be going (nothing ran syncs), and the index below
-- allows one running run at most.
UPDATE sync_runs SET status = 'failed', finished_at = now(), error = coalesce(error, 'The sync stopped without finishing')
  WHERE status = 'running';
ALTER TABLE sync_runs ADD COLUMN kind text NOT NULL DEFAULT 'full' CHECK (kind IN ('full', 'incremental'));
-- A running run's instance touches this every few seconds; a run whose heartbeat stopped was cut
-- short (its instance died) and is marked failed by the next start.
ALTER TABLE sync_runs ADD COLUMN heartbeat_at timestamptz NOT NULL DEFAULT now();
-- The latest POS updated_at this run saw: the next incremental run asks for what changed since.
ALTER TABLE sync_runs ADD COLUMN updated_through timestamptz;
-- One sync at a time across every instance: a second start fails on this index.
CREATE UNIQUE INDEX sync_runs_one_running_idx ON sync_runs ((true)) WHERE status = 'running';
CREATE INDEX sync_runs_succeeded_idx ON sync_runs (started_at DESC) WHERE status = 'succeeded';

-- Webhook events are stored first and applied afterwards (retried with back-off until they are).
-- applied_at is set once an event needs nothing more, with last_error saying why when it could not
-- be applied and never will (e.g. a location the shop does not have).
ALTER TABLE pos_events ADD COLUMN applied_at timestamptz;
ALTER TABLE pos_events ADD COLUMN attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0);
ALTER TABLE pos_events ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE pos_events ADD COLUMN last_error text;
-- Events stored before events were applied stay as they were: replaying them now could undo later counts.
UPDATE pos_events SET applied_at = ingested_at;
CREATE INDEX pos_events_due_idx ON pos_events (next_attempt_at) WHERE applied_at IS NULL;

-- The newest POS count version applied to the shop per sku and location: an older count arriving
-- late (a retried webhook, a sync page read before a newer webhook) never overwrites a newer one.
CREATE TABLE stock_versions (
  sku text NOT NULL,
  location_id text NOT NULL,
  version bigint NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sku, location_id)
);

-- Paid orders whose sale must reach the POS, once (the POS de-duplicates by Idempotency-Key order-<id>).
CREATE TABLE writebacks (
  order_id text PRIMARY KEY,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'sent') = (sent_at IS NOT NULL))
);
CREATE INDEX writebacks_due_idx ON writebacks (next_attempt_at) WHERE status = 'pending';
