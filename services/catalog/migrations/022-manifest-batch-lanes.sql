-- Issue 30: a manifest's batch is written in lanes, each by a transaction of its own on its own
-- connection, at once (decision 068). A lane's transaction marks its part of the batch here, so a
-- run after a restart writes only the lanes not yet written; the transaction that then advances the
-- manifest's progress past the batch removes the marks. At most a batch's few marks per manifest:
-- the foreign key's check per row costs nothing here (unlike manifest_rows', migration 020).
CREATE TABLE manifest_lanes_written (
  manifest_id uuid NOT NULL REFERENCES manifests (id) ON DELETE CASCADE,
  after_row int NOT NULL,
  lane int NOT NULL,
  PRIMARY KEY (manifest_id, after_row, lane)
);
