-- The POS connection settings: one row at most (the id can only be true).
CREATE TABLE pos_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  pos_url text NOT NULL,
  -- REVIEW: stored as entered; encrypt at rest when the POS settings issue adds saving.
  api_key text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every sync from the POS, so the dashboard can show the latest state and the last success.
CREATE TABLE sync_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  products_created int NOT NULL DEFAULT 0 CHECK (products_created >= 0),
  products_updated int NOT NULL DEFAULT 0 CHECK (products_updated >= 0),
  total_products int NOT NULL DEFAULT 0 CHECK (total_products >= 0),
  error text,
  CHECK ((status = 'running') = (finished_at IS NULL))
);
CREATE INDEX sync_runs_latest_idx ON sync_runs (started_at DESC);

-- Events received from the POS (webhooks), keyed by the POS's own event id so a redelivery is a no-op.
CREATE TABLE pos_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pos_events_newest_idx ON pos_events (ingested_at DESC, id DESC);
