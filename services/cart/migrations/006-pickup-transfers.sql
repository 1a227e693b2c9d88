-- A pickup takes its units from the chosen store when it has them (decision 015); when some come
-- from another location the order is ready later, and the confirmation says so. The locations are
-- recorded when the sale is committed.
ALTER TABLE orders ADD COLUMN transfer_from text[] NOT NULL DEFAULT '{}';
