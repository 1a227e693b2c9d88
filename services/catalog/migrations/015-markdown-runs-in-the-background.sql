-- A markdown run by hand is asked for, then done in the background (decision 060): the request is
-- a row of its own, committed at once (finished_at null), and the runner that holds the lock does
-- it. At most one run is waiting or under way. A run that failed ends with its error, having
-- changed nothing.
ALTER TABLE markdown_runs ADD COLUMN error text;
CREATE UNIQUE INDEX markdown_runs_one_unfinished ON markdown_runs ((true)) WHERE finished_at IS NULL;
