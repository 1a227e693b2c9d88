-- Issue 30: markdowns for aging stock (decision 052). Prices the shop sets itself, by rules.

-- A rule: which listings (a category and/or a grade; neither: all), its steps (after `days` on sale,
-- `percentOff` off the price before any markdown) and its floors. Several rules may match a listing:
-- the most specific applies (category and grade, then either, then neither), the oldest on a tie.
CREATE TABLE markdown_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  category_id text REFERENCES categories (id),
  condition_grade text,
  steps jsonb NOT NULL CHECK (jsonb_typeof(steps) = 'array' AND jsonb_array_length(steps) > 0),
  floor_percent_of_retail int CHECK (floor_percent_of_retail BETWEEN 0 AND 100),
  floor_at_cost boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The step each variant has had: a run applies a step once (running twice changes nothing twice).
-- base_cents is the price the percentages come off (the price before the first markdown, or the
-- price the POS or an admin set since); price_cents what the markdown set. Until the POS says that
-- price too (pos_confirmed_at), a sync or webhook still carrying an older, higher price is not applied.
CREATE TABLE markdown_marks (
  variant_id uuid PRIMARY KEY REFERENCES variants (id) ON DELETE CASCADE,
  rule_id uuid REFERENCES markdown_rules (id) ON DELETE SET NULL,
  step_days int NOT NULL,
  base_cents int NOT NULL,
  price_cents int NOT NULL,
  marked_at timestamptz NOT NULL DEFAULT now(),
  pos_confirmed_at timestamptz
);
CREATE INDEX markdown_marks_unconfirmed_idx ON markdown_marks (variant_id) WHERE pos_confirmed_at IS NULL;

CREATE TABLE markdown_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  -- The admin who started it by hand; null for the schedule.
  started_by text,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  changed int NOT NULL DEFAULT 0
);
CREATE INDEX markdown_runs_started_idx ON markdown_runs (started_at DESC);
