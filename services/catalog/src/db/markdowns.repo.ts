// Markdown rules, runs and marks (migration 012, decision 052). The next run's changes are one
// query (MARKDOWN_PLAN): the preview reads it, the run writes what it answers, set by set.
import type { AuditActor, MarkdownChange, MarkdownRule, MarkdownRun, MarkdownStep, PriceHistoryEntry, PriceSource } from '@pl/contracts';
import { centsToDecimal } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';
import { isoInstant } from './inventory.repo.js';

export interface MarkdownRuleFields {
  name: string;
  category: string | null;
  grade: string | null;
  steps: MarkdownStep[];
  floorPercentOfRetail: number | null;
  floorAtCost: boolean;
  active: boolean;
}

const RULE_COLUMNS = `id, name, category_id AS category, condition_grade AS grade, steps, floor_percent_of_retail AS "floorPercentOfRetail",
  floor_at_cost AS "floorAtCost", active, ${isoInstant('created_at')} AS "createdAt", ${isoInstant('updated_at')} AS "updatedAt"`;

export async function listRules(db: Queryable): Promise<MarkdownRule[]> {
  const { rows } = await db.query<MarkdownRule>(`SELECT ${RULE_COLUMNS} FROM markdown_rules ORDER BY created_at, id`);
  return rows;
}

/** A new rule; undefined when another has the name. */
/** One rule, locked for the change the caller makes (the audit trail's "before"). */
export async function findRule(db: Queryable, id: string): Promise<MarkdownRule | undefined> {
  const { rows } = await db.query<MarkdownRule>(`SELECT ${RULE_COLUMNS} FROM markdown_rules WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

export async function insertRule(db: Queryable, rule: MarkdownRuleFields): Promise<MarkdownRule | undefined> {
  const { rows } = await db.query<MarkdownRule>(
    `INSERT INTO markdown_rules (name, category_id, condition_grade, steps, floor_percent_of_retail, floor_at_cost, active)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7) ON CONFLICT (name) DO NOTHING RETURNING ${RULE_COLUMNS}`,
    [rule.name, rule.category, rule.grade, JSON.stringify(rule.steps), rule.floorPercentOfRetail, rule.floorAtCost, rule.active],
  );
  return rows[0];
}

/** The rule as changed; undefined when there is none with this id. Throws the unique violation of a taken name. */
export async function updateRule(db: Queryable, id: string, rule: MarkdownRuleFields): Promise<MarkdownRule | undefined> {
  const { rows } = await db.query<MarkdownRule>(
    `UPDATE markdown_rules SET name = $2, category_id = $3, condition_grade = $4, steps = $5::jsonb, floor_percent_of_retail = $6,
            floor_at_cost = $7, active = $8, updated_at = now()
      WHERE id = $1 RETURNING ${RULE_COLUMNS}`,
    [id, rule.name, rule.category, rule.grade, JSON.stringify(rule.steps), rule.floorPercentOfRetail, rule.floorAtCost, rule.active],
  );
  return rows[0];
}

export async function deleteRule(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM markdown_rules WHERE id = $1`, [id]);
  return rowCount === 1;
}

/**
 * Every price the next run changes, one row per variant: published listings (drafts never), the
 * most specific active rule that matches each, its latest step the listing's days on sale reach,
 * unless the variant has had that step (or a later one) of that rule. The step's percentage comes
 * off the base (the price before the first markdown; a price the POS or an admin set since, when
 * the variant's price is no longer the one the markdown set), never below the floors, and the row
 * is there only when that lowers the price: a price already lower (the POS's) stays.
 */
const MARKDOWN_PLAN = `
  SELECT v.id AS variant_id, v.product_id, v.sku, p.title, p.published_at, v.price_cents AS old_cents,
         greatest(c.target_cents, c.floor_cents) AS new_cents, c.target_cents < c.floor_cents AS floor_hit, c.base_cents,
         r.id AS rule_id, r.name AS rule_name, s.days AS step_days, s.percent_off, a.days_on_sale
    FROM products p
    CROSS JOIN LATERAL (SELECT floor(extract(epoch FROM now() - p.published_at) / 86400)::int AS days_on_sale) a
    CROSS JOIN LATERAL (
      SELECT r.id, r.name, r.steps, r.floor_percent_of_retail, r.floor_at_cost FROM markdown_rules r
       WHERE r.active AND (r.category_id IS NULL OR r.category_id = p.category_id) AND (r.condition_grade IS NULL OR r.condition_grade = p.condition_grade)
       ORDER BY (r.category_id IS NOT NULL)::int + (r.condition_grade IS NOT NULL)::int DESC, r.created_at, r.id
       LIMIT 1) r
    CROSS JOIN LATERAL (
      SELECT (x->>'days')::int AS days, (x->>'percentOff')::int AS percent_off FROM jsonb_array_elements(r.steps) x
       WHERE (x->>'days')::int <= a.days_on_sale ORDER BY 1 DESC LIMIT 1) s
    JOIN variants v ON v.product_id = p.id
    LEFT JOIN markdown_marks m ON m.variant_id = v.id
    CROSS JOIN LATERAL (SELECT CASE WHEN m.price_cents = v.price_cents THEN m.base_cents ELSE v.price_cents END AS base_cents) b
    CROSS JOIN LATERAL (
      SELECT b.base_cents,
             round(b.base_cents * (100 - s.percent_off) / 100.0)::int AS target_cents,
             greatest(CASE WHEN r.floor_percent_of_retail IS NOT NULL AND v.compare_at_cents IS NOT NULL
                           THEN ceil(v.compare_at_cents * r.floor_percent_of_retail / 100.0)::int ELSE 0 END,
                      CASE WHEN r.floor_at_cost THEN coalesce(v.unit_cost_cents, 0) ELSE 0 END) AS floor_cents) c
   WHERE p.published_at IS NOT NULL
     AND (m.variant_id IS NULL OR m.rule_id IS DISTINCT FROM r.id OR s.days > m.step_days)
     AND greatest(c.target_cents, c.floor_cents) < v.price_cents`;

interface PlanRow {
  productId: string;
  variantId: string;
  sku: string;
  title: string;
  oldCents: number;
  newCents: number;
  ruleId: string;
  ruleName: string;
  stepDays: number;
  percentOff: number;
  daysOnSale: number;
  floorHit: boolean;
  total: number;
}

/** The first `limit` changes of the next run (oldest listings first) and how many there are in all. */
export async function previewMarkdowns(db: Queryable, limit: number): Promise<{ changes: MarkdownChange[]; total: number }> {
  const { rows } = await db.query<PlanRow>(
    `SELECT product_id AS "productId", variant_id AS "variantId", sku, title, old_cents AS "oldCents", new_cents AS "newCents",
            rule_id AS "ruleId", rule_name AS "ruleName", step_days AS "stepDays", percent_off AS "percentOff", days_on_sale AS "daysOnSale",
            floor_hit AS "floorHit", count(*) OVER ()::int AS total
       FROM (${MARKDOWN_PLAN}) plan ORDER BY published_at, sku LIMIT $1`,
    [limit],
  );
  return {
    total: rows[0]?.total ?? 0,
    changes: rows.map(({ oldCents, newCents, total: _total, ...row }) => ({ ...row, oldPrice: centsToDecimal(oldCents), newPrice: centsToDecimal(newCents) })),
  };
}

/**
 * One runner at a time across every catalog instance: a transaction-scoped advisory lock, taken
 * without waiting (a second runner has nothing to do that the first is not doing).
 */
export async function tryLockMarkdownRun(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtextextended('pl:catalog-markdown-run', 0)) AS locked`);
  return rows[0]!.locked;
}

/**
 * Asks for a run (committed at once, done by the runner that holds the lock); undefined when a
 * run is waiting or under way already (at most one is: migration 015).
 */
export async function requestRun(db: Queryable, trigger: MarkdownRun['trigger'], startedBy: AuditActor | null): Promise<string | undefined> {
  // The admin's id and the name they were signed in under (history, as the audit trail keeps it: migration 017).
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO markdown_runs (trigger, started_by, started_by_name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id`,
    [trigger, startedBy?.subject ?? null, startedBy?.name ?? null],
  );
  return rows[0]?.id;
}

/** The run waiting to be done, locked for the transaction that does it; undefined when there is none. */
export async function claimWaitingRun(db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM markdown_runs WHERE finished_at IS NULL ORDER BY started_at LIMIT 1 FOR UPDATE SKIP LOCKED`);
  return rows[0]?.id;
}

/** A run that stopped on an error: ended, with nothing changed (its transaction rolled back). */
export async function failRun(db: Queryable, id: string, error: string): Promise<void> {
  await db.query(`UPDATE markdown_runs SET finished_at = now(), changed = 0, error = $2 WHERE id = $1 AND finished_at IS NULL`, [id, error]);
}

/** The plan, kept for the transaction (the run reads it several times; it must not change in between). */
export async function freezePlan(db: Queryable): Promise<Array<{ ruleId: string; ruleName: string; stepDays: number; percentOff: number }>> {
  await db.query(`CREATE TEMP TABLE markdown_plan ON COMMIT DROP AS ${MARKDOWN_PLAN}`);
  // Its statistics: the statements below join it with variants (unanalysed, it reads as two rows).
  await db.query(`ANALYZE markdown_plan`);
  // The rules it names stay until the run commits (a delete waits; it then clears their marks' rule, migration 019).
  await db.query(`SELECT 1 FROM markdown_rules WHERE id IN (SELECT DISTINCT rule_id FROM markdown_plan) FOR KEY SHARE`);
  const { rows } = await db.query<{ ruleId: string; ruleName: string; stepDays: number; percentOff: number }>(
    `SELECT rule_id AS "ruleId", rule_name AS "ruleName", step_days AS "stepDays", percent_off AS "percentOff"
       FROM markdown_plan GROUP BY rule_id, rule_name, step_days, percent_off ORDER BY rule_name, step_days`,
  );
  return rows;
}

/**
 * Applies one rule's step of the frozen plan, in one statement. The variants' trigger records each
 * change in price_changes under the source, actor and reason set here for the transaction. A price
 * that moved since the plan was read (the POS, meanwhile) is left alone.
 */
export async function applyPlanStep(db: Queryable, step: { ruleId: string; ruleName: string; stepDays: number; percentOff: number }): Promise<void> {
  await db.query(
    `SELECT set_config('pl.price_source', 'markdown', true), set_config('pl.price_actor', $1, true), set_config('pl.price_reason', $2, true)`,
    [step.ruleName, `${step.stepDays} days on sale: ${step.percentOff}% off`],
  );
  await db.query(
    `UPDATE variants v SET price_cents = mp.new_cents
       FROM markdown_plan mp
      WHERE mp.variant_id = v.id AND mp.rule_id = $1 AND mp.step_days = $2 AND v.price_cents = mp.old_cents`,
    [step.ruleId, step.stepDays],
  );
}

/**
 * After the steps: marks what was applied (the step, its base and price, not yet confirmed by the
 * POS) and announces it through the outbox, all set-based, in events of up to `perEvent` each
 * (decision 062): price.changed with the variants' prices for the POS, product.updated with the
 * listings for open pages and carts. Answers how many prices changed.
 */
export async function recordAppliedPlan(
  db: Queryable,
  runId: string,
  events: { priceChanged: string; productUpdated: string; productUpdatedVersion: number; priceChangedVersion: number; perEvent: number },
): Promise<number> {
  await db.query(`DELETE FROM markdown_plan mp USING variants v WHERE v.id = mp.variant_id AND v.price_cents <> mp.new_cents`);
  const { rowCount } = await db.query(
    `INSERT INTO markdown_marks AS m (variant_id, rule_id, step_days, base_cents, price_cents)
     SELECT variant_id, rule_id, step_days, base_cents, new_cents FROM markdown_plan
     ON CONFLICT (variant_id) DO UPDATE SET rule_id = excluded.rule_id, step_days = excluded.step_days, base_cents = excluded.base_cents,
       price_cents = excluded.price_cents, marked_at = now(), pos_confirmed_at = NULL`,
  );
  const decimal = (cents: string) => `to_char(${cents} / 100.0, 'FM999999990.00')`;
  // The same rows writeOutbox writes, made here from the plan: a run over 100,000 listings announces
  // them without carrying them through Node. Subjects end with the run and the batch's number.
  await db.query(
    `INSERT INTO outbox (id, subject, type, version, payload, occurred_at)
     SELECT gen_random_uuid(), $1 || $2 || '.' || batch, 'price.changed', $4,
            jsonb_build_object('source', 'markdown', 'changes', jsonb_agg(jsonb_build_object(
              'sku', sku, 'newPrice', ${decimal('new_cents')}, 'changeId', $2 || ':' || variant_id) ORDER BY sku)),
            now()
       FROM (SELECT *, (row_number() OVER (ORDER BY sku) - 1) / $3 AS batch FROM markdown_plan) mp
      GROUP BY batch ORDER BY batch`,
    [events.priceChanged, runId, events.perEvent, events.priceChangedVersion],
  );
  await db.query(
    `INSERT INTO outbox (id, subject, type, version, payload, occurred_at)
     SELECT gen_random_uuid(), $1 || $2 || '.' || batch, 'product.updated', $4,
            jsonb_build_object('productIds', jsonb_agg(product_id ORDER BY product_id), 'what', 'price'), now()
       FROM (SELECT product_id, (row_number() OVER (ORDER BY product_id) - 1) / $3 AS batch FROM (SELECT DISTINCT product_id FROM markdown_plan) d) p
      GROUP BY batch ORDER BY batch`,
    [events.productUpdated, runId, events.perEvent, events.productUpdatedVersion],
  );
  const changed = rowCount ?? 0;
  await db.query(`UPDATE markdown_runs SET finished_at = now(), changed = $2 WHERE id = $1`, [runId, changed]);
  return changed;
}

export async function findRun(db: Queryable, id: string): Promise<MarkdownRun | undefined> {
  return (await listRuns(db, 1, id))[0];
}

export async function listRuns(db: Queryable, limit: number, id?: string): Promise<MarkdownRun[]> {
  const { rows } = await db.query<MarkdownRun>(
    `SELECT id, trigger, started_by AS "startedBy", started_by_name AS "startedByName", ${isoInstant('started_at')} AS "startedAt", ${isoInstant('finished_at')} AS "finishedAt", changed, error
       FROM markdown_runs WHERE $2::uuid IS NULL OR id = $2 ORDER BY started_at DESC, id LIMIT $1`,
    [limit, id ?? null],
  );
  return rows;
}

/** Whether a scheduled run started within the last `intervalMs` (the schedule's 'already done'). */
export async function scheduledRunSince(db: Queryable, intervalMs: number): Promise<boolean> {
  const { rows } = await db.query<{ recent: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM markdown_runs WHERE trigger = 'schedule' AND started_at > now() - make_interval(secs => $1::double precision / 1000)) AS recent`,
    [intervalMs],
  );
  return rows[0]!.recent;
}

/**
 * A POS write's prices, minus those that would undo a markdown the POS has not confirmed: while a
 * marked price is unconfirmed, a POS price above it is the POS's older price (a sync or webhook
 * sent before the write-back reached it), and the marked price stays. A POS price at or below the
 * marked one confirms it (the POS took the markdown, or went lower itself) and is applied.
 * Callers hold the variants' locks.
 */
export async function keepUnconfirmedMarkdowns<T extends { id: string; priceCents: number }>(db: Queryable, prices: readonly T[]): Promise<T[]> {
  if (prices.length === 0) return [...prices];
  const { rows } = await db.query<{ variantId: string; priceCents: number; confirmed: boolean }>(
    `WITH d AS (SELECT * FROM unnest($1::uuid[], $2::int[]) AS d(id, price_cents)),
     confirmed AS (
       UPDATE markdown_marks m SET pos_confirmed_at = now() FROM d
        WHERE m.variant_id = d.id AND m.pos_confirmed_at IS NULL AND d.price_cents <= m.price_cents
       RETURNING m.variant_id)
     SELECT m.variant_id AS "variantId", m.price_cents AS "priceCents" FROM markdown_marks m JOIN d ON d.id = m.variant_id
      WHERE m.pos_confirmed_at IS NULL AND d.price_cents > m.price_cents AND m.variant_id NOT IN (SELECT variant_id FROM confirmed)`,
    [prices.map((p) => p.id), prices.map((p) => p.priceCents)],
  );
  const kept = new Map(rows.map((r) => [r.variantId, r.priceCents]));
  return prices.map((p) => (kept.has(p.id) ? { ...p, priceCents: kept.get(p.id)! } : p));
}

/** Every price change of a listing's variants, newest first. */
export async function priceHistory(db: Queryable, productId: string): Promise<PriceHistoryEntry[]> {
  const { rows } = await db.query<Omit<PriceHistoryEntry, 'oldPrice' | 'newPrice'> & { oldCents: number | null; newCents: number; source: PriceSource }>(
    `SELECT c.variant_id AS "variantId", v.sku, c.old_cents AS "oldCents", c.new_cents AS "newCents", c.source, c.actor, c.reason,
            ${isoInstant('c.changed_at')} AS "changedAt"
       FROM price_changes c JOIN variants v ON v.id = c.variant_id
      WHERE v.product_id = $1 ORDER BY c.changed_at DESC, c.id DESC LIMIT 500`,
    [productId],
  );
  return rows.map(({ oldCents, newCents, ...r }) => ({ ...r, oldPrice: oldCents === null ? null : centsToDecimal(oldCents), newPrice: centsToDecimal(newCents) }));
}

/**
 * The variants' honest price drops: the latest change of each, when it lowered the price to what
 * the variant costs now, from a price it charged while the listing was on sale (the change came
 * after publishing, so the former price was the listing's while published).
 */
export async function priceDrops(db: Queryable, variantIds: readonly string[]): Promise<Map<string, { fromCents: number; toCents: number; on: string }>> {
  if (variantIds.length === 0) return new Map();
  const { rows } = await db.query<{ variantId: string; fromCents: number; toCents: number; on: string }>(
    `SELECT v.id AS "variantId", c.old_cents AS "fromCents", c.new_cents AS "toCents", ${isoInstant('c.changed_at')} AS "on"
       FROM variants v JOIN products p ON p.id = v.product_id
       CROSS JOIN LATERAL (SELECT old_cents, new_cents, changed_at FROM price_changes WHERE variant_id = v.id ORDER BY changed_at DESC, id DESC LIMIT 1) c
      WHERE v.id = ANY($1::uuid[]) AND c.old_cents > c.new_cents AND c.new_cents = v.price_cents
        AND p.published_at IS NOT NULL AND c.changed_at > p.published_at`,
    [variantIds],
  );
  return new Map(rows.map((r) => [r.variantId, r]));
}
