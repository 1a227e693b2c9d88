-- Issue 30: the admin screens list the recent markdown runs with who started each. started_by keeps
-- the admin's id; this keeps the name they were signed in under (as the audit trail does, decision
-- 051: it is history, a later change of name does not rewrite it). Null for the schedule's runs.
ALTER TABLE markdown_runs ADD COLUMN started_by_name text;
