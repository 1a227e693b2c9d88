-- Issue 30: a manifest's batch is written in lanes, each by a transaction of its own on its own
-- connection, at once (decision 068). A lane's transaction marks its part of the batch here, so a
-- run after a restart writes only the lanes not yet written; the transaction that then advances the
-- manifest's progress past the batch removes the marks.
CREATE TABLE manifest_lanes_written (
  manifest_id uuid NOT NULL,
  after_row int NOT NULL,
  lane int NOT NULL,
  PRIMARY KEY (manifest_id, after_row, lane)
);

CREATE OR REPLACE FUNCTION forget_deleted_manifests() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM manifest_rows r USING old_manifests o WHERE r.manifest_id = o.id;
  DELETE FROM manifest_lanes_written l USING old_manifests o WHERE l.manifest_id = o.id;
  RETURN NULL;
END
$$;
