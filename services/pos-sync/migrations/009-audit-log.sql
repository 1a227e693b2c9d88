-- The merged admin audit log (issue 30, decision 051): every service's audit.recorded events, stored
-- once by event id, for GET /api/admin/audit. Append-only like each service's own admin_audit: the
-- database refuses UPDATE, DELETE and TRUNCATE (the kit's admin_audit_refuse_change, same schema).
CREATE TABLE audit_log (
  id uuid PRIMARY KEY,
  service text NOT NULL,
  occurred_at timestamptz NOT NULL,
  actor_subject text NOT NULL,
  actor_name text NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  target_label text NULL,
  before jsonb NULL,
  after jsonb NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
-- Newest first, paged by (occurred_at, id); per admin, and by action prefix (text_pattern_ops for LIKE 'x%').
CREATE INDEX audit_log_newest_idx ON audit_log (occurred_at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_subject, occurred_at DESC, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action text_pattern_ops);
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION admin_audit_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_refuse_change();
