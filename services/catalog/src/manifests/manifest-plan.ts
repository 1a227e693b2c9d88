// What a manifest's rows mean, read in SQL over its staged rows (manifest-stage.ts): each row's
// cells through the column mapping, checked and named by row and column ('row 214: Qty "two" is
// not a number'), and planned (a draft to create, units to add, or refused) against the skus the
// shop has. One query plans a dry run over the whole file and an import's batch alike; the rows
// never come to Node (decision 064: reading 50,000 rows in Node cost the import most of its time).
import { CategoryIds, ConditionGrades, decimalToCents, type ManifestField, type ManifestSettings } from '@pl/contracts';
import type { CostBasis } from '../db/manifests.repo.js';
import { SKU_LOCK_BUCKETS } from '../db/product-write.repo.js';
import { CONDITION_WORDS, squash } from './manifest-reader.js';
import { stagedTable } from './manifest-stage.js';

/** The shop's locations by their squashed id and name (a manifest's location column may say either). */
export type LocationKeys = ReadonlyMap<string, string>;


export interface PlanInput {
  manifestId: string;
  headers: readonly string[];
  settings: ManifestSettings;
  locations: LocationKeys;
  /** The lot's cost is spread over this (an import's); null plans no spread cost (a dry run, which measures it). */
  basis: CostBasis | null;
  /** Rows after this row number, up to and with `upTo` (the header is row 1). */
  after: number;
  upTo: number;
  /** Only the rows of this lane (skuLane), when a batch is written in lanes; every row when absent. */
  lane?: number;
}

/** Lanes a batch is written in, at once (decision 068). */
export const LANES = 2;

/**
 * The lane of a sku, as SQL: its sku lock bucket's (product-write.repo's lockBucketsOf hashes the
 * same way) modulo LANES. A sku's rows, and its bucket, are in one lane: the lanes' transactions
 * never wait for each other's locks, and a sku's first row and its later ones are planned together.
 */
export const skuLane = (sku: string) => `((hashtextextended(${sku}, 0) & ${SKU_LOCK_BUCKETS - 1})::int % ${LANES})`;

/** A query's text and its values. */
export interface Sql {
  text: string;
  values: unknown[];
}

/** The SQL of a squashed text (lower case, letters and digits only), as manifest-reader's squash. */
const squashed = (sql: string) => `regexp_replace(lower(${sql}), '[^a-z0-9]', '', 'g')`;
/** Whitespace a cell is trimmed of (JavaScript's trim: spaces, tabs, line ends, the no-break space). */
const TRIM = `E' \\t\\r\\n\\u00a0'`;

const CATEGORY_KEYS = Object.fromEntries(CategoryIds.map((id) => [squash(id), id]));
/**
 * A condition's words, squashed, to the shop's grade: a supplier's words, and the grades themselves
 * however written ('Open Box', 'open-box', 'OPEN_BOX').
 */
const GRADE_KEYS = { ...CONDITION_WORDS, ...Object.fromEntries(ConditionGrades.map((grade) => [squash(grade), grade])) };

/** A mapped cell of a staged row, trimmed ('' when the field is not mapped). */
const cellOf = (mapping: ManifestSettings['mapping'], field: ManifestField) =>
  mapping[field] === undefined ? `''` : `btrim(coalesce(c${mapping[field]! + 1}, ''), ${TRIM})`;

/** The skus of a batch's rows, checked or not (one column): what the batch locks before it plans. */
export function batchSkus(input: Pick<PlanInput, 'manifestId' | 'settings' | 'after' | 'upTo' | 'lane'>): Sql {
  const sku = cellOf(input.settings.mapping, 'sku');
  const lane = input.lane === undefined ? '' : ` AND ${skuLane(sku)} = $3::int`;
  const values = input.lane === undefined ? [input.after, input.upTo] : [input.after, input.upTo, input.lane];
  return { text: `SELECT DISTINCT ${sku} FROM ${stagedTable(input.manifestId)} WHERE row > $1 AND row <= $2${lane}`, values };
}

/**
 * A unit's cost in SQL: the row's own, or the lot's spread by the row's share of the retail value
 * (or of the units, when no retail is known). Every argument is SQL.
 */
export const unitCostSql = (own: string, retail: string, lotCost: string, basisRetail: string, basisUnits: string) =>
  `coalesce(${own}, CASE WHEN ${lotCost} IS NULL OR ${basisUnits} = 0 THEN NULL
                         WHEN ${basisRetail} > 0 AND ${retail} IS NOT NULL THEN round(${lotCost} * ${retail} / ${basisRetail})::int
                         ELSE round(${lotCost} / ${basisUnits})::int END)`;

/**
 * The planned rows as a CTE chain ending in `plan`, with columns: row, sku (the row's, checked or
 * not), read_ok, outcome ('created' | 'added' | 'refused'), variant_id, product_id (the listing
 * units are added to), location_id, quantity, retail_cents, cost_cents (the row's own),
 * unit_cost_cents, title, brand, category_id, condition_grade, condition_notes, price_cents and
 * problems (jsonb, [] unless refused).
 */
export function planCtes(input: PlanInput): Sql {
  const values: unknown[] = [];
  const param = (value: unknown, cast = '') => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  const { mapping } = input.settings;
  const cell = (field: ManifestField) => cellOf(mapping, field);
  const column = (field: ManifestField) => param(mapping[field] === undefined ? field : (input.headers[mapping[field]!] ?? field), '::text');
  const col = Object.fromEntries((['sku', 'title', 'quantity', 'retail', 'unitCost', 'condition', 'location'] as const).map((f) => [f, column(f)])) as Record<
    'sku' | 'title' | 'quantity' | 'retail' | 'unitCost' | 'condition' | 'location',
    string
  >;
  const after = param(input.after, '::int');
  const upTo = param(input.upTo, '::int');
  const grades = param(JSON.stringify(GRADE_KEYS), '::jsonb');
  const categories = param(JSON.stringify(CATEGORY_KEYS), '::jsonb');
  const locations = param(JSON.stringify(Object.fromEntries(input.locations)), '::jsonb');
  const defaultLocation = param(input.settings.locationId, '::text');
  const pricePct = param(input.settings.pricePct, '::numeric');
  const lotCost = param(input.basis && input.settings.lotCost !== null ? decimalToCents(input.settings.lotCost) : null, '::numeric');
  const basisRetail = param(input.basis?.retailCents ?? 0, '::numeric');
  const basisUnits = param(input.basis?.units ?? 0, '::numeric');
  // Money: '12.5' and '$1299.99' by a cast; anything else ('1,299.99', '$ 12,50') by the full pattern, a
  // thousands comma dropped first (as manifest-reader's toCents did).
  const cents = (sql: string) =>
    `CASE WHEN ${sql} = '' THEN NULL
          WHEN ${sql} ~ '^\\$?[0-9]+(\\.[0-9][0-9]?)?$' AND length(split_part(ltrim(${sql}, '$'), '.', 1)) <= 7 THEN (ltrim(${sql}, '$')::numeric * 100)::int
          ELSE (SELECT m[1]::int * 100 + rpad(coalesce(m[2], '0'), 2, '0')::int
                  FROM regexp_match(regexp_replace(${sql}, ',(?=\\d{3}\\M)', '', 'g'), '^\\$?\\s*(\\d{1,7})(?:[.,](\\d{1,2}))?$') AS m) END`;
  const problem = (n: number, columnSql: string, message: string) => `(${n}, ${columnSql}, ${message})`;

  const text = `
    cells AS MATERIALIZED (
      SELECT row, ${cell('sku')} AS sku, ${cell('title')} AS title, nullif(${cell('brand')}, '') AS brand, ${cell('category')} AS category_text,
             coalesce(nullif(${cell('quantity')}, ''), '1') AS quantity_text, ${cell('retail')} AS retail_text, ${cell('unitCost')} AS cost_text,
             ${cell('condition')} AS condition_text, nullif(${cell('notes')}, '') AS notes, ${cell('location')} AS location_text
        FROM ${stagedTable(input.manifestId)} WHERE row > ${after} AND row <= ${upTo}${input.lane === undefined ? '' : ` AND ${skuLane(cell('sku'))} = ${param(input.lane, '::int')}`}
    ),
    typed AS MATERIALIZED (
      -- Patterns without bounded repeats ({1,64}): PostgreSQL's engine runs those several times slower.
      SELECT c.*, length(c.sku) BETWEEN 1 AND 64 AND c.sku !~ '[^A-Za-z0-9._-]' AS sku_ok,
             CASE WHEN length(c.quantity_text) <= 6 AND c.quantity_text ~ '^[0-9]+$' THEN c.quantity_text::int END AS quantity,
             ${cents('c.retail_text')} AS retail_cents, ${cents('c.cost_text')} AS cost_cents,
             CASE WHEN c.condition_text = '' THEN 'OPEN_BOX' ELSE ${grades} ->> ${squashed('c.condition_text')} END AS condition_grade,
             coalesce(${categories} ->> ${squashed('c.category_text')}, 'general') AS category_id,
             CASE WHEN c.location_text = '' THEN ${defaultLocation} ELSE ${locations} ->> ${squashed('c.location_text')} END AS location_id
        FROM cells c
    ),
    checked AS (
      SELECT t.*, bad.retail_bad, bad.cost_bad,
             coalesce(t.sku_ok AND t.title <> '' AND length(t.title) <= 300 AND t.quantity >= 1 AND NOT bad.retail_bad AND NOT bad.cost_bad AND t.condition_grade IS NOT NULL, false) AS read_ok
        FROM typed t
        CROSS JOIN LATERAL (SELECT t.retail_text <> '' AND t.retail_cents IS NULL AS retail_bad, t.cost_text <> '' AND t.cost_cents IS NULL AS cost_bad) bad
    ),
    known AS (
      -- Each row's sku is looked up by index (LIMIT 1 keeps the lookups per row): a join could hash
      -- every variant and every waiting draft the shop has for each batch, a cost growing with the
      -- shop; and one look-up of the batch's skus joined to its rows was a nested loop of each row
      -- over all of them where PostgreSQL's estimate of the rows was low (decision 068).
      SELECT k.*, v.id AS variant_id, v.product_id,
             k.read_ok AND (v.id IS NOT NULL OR d.waiting IS NOT NULL) AS existing, k.read_ok AND k.location_id IS NOT NULL AS placed
        FROM checked k
        LEFT JOIN LATERAL (SELECT v.id, v.product_id FROM variants v WHERE k.read_ok AND v.sku = k.sku LIMIT 1) v ON true
        -- A draft waiting for its intake (one per sku: manifest_rows_one_draft_idx).
        LEFT JOIN LATERAL (SELECT true AS waiting FROM manifest_rows d WHERE k.read_ok AND d.sku = k.sku AND d.product_id IS NULL AND d.outcome = 'created' LIMIT 1) d ON true
    ),
    creating AS (
      -- A new sku's first placed row with a retail price creates its draft; its rows after it add units to it.
      SELECT k.*, min(CASE WHEN k.placed AND NOT k.existing AND k.retail_cents IS NOT NULL THEN k.row END) OVER (PARTITION BY k.sku) AS creating_row
        FROM known k
    ),
    plan AS (
      SELECT c.row, c.sku, c.read_ok, c.variant_id, c.product_id, c.location_id, c.quantity, c.retail_cents, c.cost_cents,
             c.title, c.brand, c.category_id, c.condition_grade, c.notes AS condition_notes, o.outcome,
             CASE WHEN c.retail_cents IS NOT NULL THEN round(c.retail_cents * ${pricePct} / 100)::int END AS price_cents,
             ${unitCostSql('c.cost_cents', 'c.retail_cents', lotCost, basisRetail, basisUnits)} AS unit_cost_cents,
             CASE WHEN o.outcome <> 'refused' THEN '[]'::jsonb
                  ELSE (SELECT jsonb_agg(jsonb_build_object('row', c.row, 'column', p.col, 'message', 'row ' || c.row || ': ' || p.message) ORDER BY p.n)
                          FROM (VALUES
                            ${problem(1, col.sku, `CASE WHEN NOT c.sku_ok THEN CASE WHEN c.sku = '' THEN ${col.sku} || ' is empty' ELSE format('%s "%s" is not a sku (letters, digits, . _ -, at most 64)', ${col.sku}, c.sku) END END`)},
                            ${problem(2, col.title, `CASE WHEN c.title = '' THEN ${col.title} || ' is empty' WHEN length(c.title) > 300 THEN ${col.title} || ' is longer than 300 characters' END`)},
                            ${problem(3, col.quantity, `CASE WHEN c.quantity IS NULL THEN format('%s "%s" is not a number', ${col.quantity}, c.quantity_text) WHEN c.quantity < 1 THEN ${col.quantity} || ' must be at least 1' END`)},
                            ${problem(4, col.retail, `CASE WHEN c.retail_bad THEN format('%s "%s" is not an amount', ${col.retail}, c.retail_text) END`)},
                            ${problem(5, col.unitCost, `CASE WHEN c.cost_bad THEN format('%s "%s" is not an amount', ${col.unitCost}, c.cost_text) END`)},
                            ${problem(6, col.condition, `CASE WHEN c.condition_grade IS NULL THEN format('%s "%s" is not a grade the shop knows', ${col.condition}, c.condition_text) END`)},
                            ${problem(7, col.location, `CASE WHEN c.read_ok AND c.location_id IS NULL THEN format('%s "%s" is not one of the shop''s locations', ${col.location}, c.location_text) END`)},
                            ${problem(8, col.retail, `CASE WHEN c.placed THEN ${col.retail} || ' is empty, and a new listing needs a retail price' END`)}
                          ) AS p(n, col, message)
                         WHERE p.message IS NOT NULL)
             END AS problems
        FROM creating c
        CROSS JOIN LATERAL (SELECT CASE WHEN NOT c.placed THEN 'refused' WHEN c.existing THEN 'added' WHEN c.row = c.creating_row THEN 'created'
                                        WHEN c.row > c.creating_row THEN 'added' ELSE 'refused' END AS outcome) o
    )`;
  return { text, values };
}
