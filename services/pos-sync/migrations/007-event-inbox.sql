-- The POS event inbox for people (issue 13): each stored webhook event says where it stands, so an
-- admin sees the ones that failed to apply (with why), retries one or all, and replays everything
-- since a chosen time. 'pending': to apply (retried with back-off while last_error says why);
-- 'applied'; 'skipped': deliberately changed nothing (an older count, an event type the shop does
-- not use), last_error saying why; 'failed': cannot be applied as it is (an unknown location, a
-- product the POS no longer has), last_error saying why, kept until an admin retries it.
ALTER TABLE pos_events ADD COLUMN status text;
UPDATE pos_events SET status = CASE
  WHEN applied_at IS NULL THEN 'pending'
  WHEN last_error LIKE 'Not applied:%' THEN 'failed'
  WHEN last_error IS NOT NULL THEN 'skipped'
  ELSE 'applied' END;
ALTER TABLE pos_events
  ALTER COLUMN status SET DEFAULT 'pending',
  ALTER COLUMN status SET NOT NULL,
  ADD CONSTRAINT pos_events_status_check CHECK (status IN ('pending', 'applied', 'skipped', 'failed')),
  -- applied_at: when the event was closed, whichever way.
  ADD CONSTRAINT pos_events_closed_check CHECK ((status = 'pending') = (applied_at IS NULL));
-- The inbox: events that failed, and events still retried after an error.
CREATE INDEX pos_events_problems_idx ON pos_events (ingested_at DESC, id DESC) WHERE status = 'failed' OR (status = 'pending' AND last_error IS NOT NULL);
