// Markdowns against real PostgreSQL (decision 052): rules refused whole when wrong, the preview is
// what the run does, runs are idempotent and one at a time across instances, floors hold, no price
// goes up, drafts are left alone, a stale POS price does not undo a markdown, and 'Price dropped'
// is shown only when the history proves it.
import { MarkdownPreview, MarkdownRule, MarkdownRuleList, MarkdownRun, MarkdownRunList, PriceChangedData, PriceHistory, Product, ProductUpdatedData, type MarkdownRuleInput, type UpsertProductRequest } from '@pl/contracts';
import { createPool, type Pool } from '@pl/service-kit';
import { testDatabaseUrl } from '@pl/service-kit/testing';
import { doWaitingMarkdownRun, MARKDOWN_EVENTS, requestMarkdownRun, runMarkdowns, runScheduledMarkdowns } from '../src/domain/markdowns';
import { applyPlanStep, claimWaitingRun, freezePlan, recordAppliedPlan } from '../src/db/markdowns.repo';
import { startCatalog } from './catalog-test-app';
import { insertProduct, uniqueSku } from './factories';

let catalog: Awaited<ReturnType<typeof startCatalog>>;
beforeAll(async () => {
  catalog = await startCatalog();
}, 30_000);
afterAll(() => catalog?.stop());

const rules = '/api/admin/markdowns/rules';
const admin = (method: string, pathname: string, body?: unknown) => catalog.request(method, pathname, body, catalog.callers.admin);

const DAY_MS = 86_400_000;
const aging: MarkdownRuleInput = {
  name: 'Aging stock',
  steps: [
    { days: 30, percentOff: 10 },
    { days: 60, percentOff: 25 },
    { days: 90, percentOff: 40 },
  ],
  floorPercentOfRetail: 50,
};

/** A published listing `days` on sale (or a draft: days null), its variants' prices, retail and cost in cents. */
async function listing(days: number | null, variants: Array<{ price: number; retail?: number | null; cost?: number | null }>, fields: { categoryId?: string; conditionGrade?: string; oneOfAKind?: boolean } = {}) {
  const product = await insertProduct(catalog.pool, {
    ...fields,
    variants: variants.map((v) => ({ priceCents: v.price, compareAtCents: v.retail ?? null, levels: [{ locationId: 'dublin', onHand: 3 }] })),
  });
  await catalog.pool.query(`UPDATE products SET published_at = CASE WHEN $2::int IS NULL THEN NULL ELSE now() - make_interval(days => $2::int) END WHERE id = $1`, [product.id, days]);
  // The first prices as if set when the listing went on sale (their history starts there).
  await catalog.pool.query(`UPDATE price_changes SET changed_at = now() - make_interval(days => coalesce($2::int, 0) + 1) WHERE variant_id = ANY($1::uuid[])`, [product.variants.map((v) => v.id), days]);
  for (const [i, v] of variants.entries()) {
    if (v.cost !== undefined) await catalog.pool.query(`UPDATE variants SET unit_cost_cents = $2 WHERE id = $1`, [product.variants[i]!.id, v.cost]);
  }
  return product;
}

const priceOf = async (variantId: string) => (await catalog.pool.query<{ p: number }>(`SELECT price_cents AS p FROM variants WHERE id = $1`, [variantId])).rows[0]!.p;
const preview = async () => MarkdownPreview.parse(await (await admin('GET', '/api/admin/markdowns/preview')).json());
const runs = async () => MarkdownRunList.parse(await (await admin('GET', '/api/admin/markdowns/runs')).json()).runs;
/** The run as it ended: done in the background after the request answered. */
async function finished(id: string): Promise<MarkdownRun> {
  for (let i = 0; i < 400; i++) {
    const run = (await runs()).find((r) => r.id === id);
    if (run?.finishedAt) return run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`markdown run ${id} did not finish`);
}
/** An admin's run by hand: asked for (202, waiting), then done in the background. */
const runByHand = async () => {
  const res = await admin('POST', '/api/admin/markdowns/runs');
  expect(res.status).toBe(202);
  const asked = MarkdownRun.parse(await res.json());
  expect(asked).toMatchObject({ trigger: 'manual', finishedAt: null, changed: 0, error: null });
  return finished(asked.id);
};
const productPage = async (id: string) => Product.parse(await (await catalog.get(`/api/products/${id}`)).json());

beforeEach(async () => {
  // Each test starts with no rules and the listings of earlier tests out of reach (drafts).
  await catalog.pool.query(`DELETE FROM markdown_rules`);
  await catalog.pool.query(`UPDATE products SET published_at = NULL`);
});

describe('markdown rules', () => {
  it('refuses a bad rule with a clear 400 and stores nothing', async () => {
    const bad: Array<[unknown, RegExp]> = [
      [{ ...aging, steps: [] }, /steps: at least one/],
      [{ ...aging, steps: [{ days: 60, percentOff: 10 }, { days: 30, percentOff: 25 }] }, /days must grow/],
      [{ ...aging, steps: [{ days: 30, percentOff: 25 }, { days: 60, percentOff: 10 }] }, /take more off/],
      [{ ...aging, steps: [{ days: 30, percentOff: 0 }] }, /percentOff: at least 1/],
      [{ ...aging, steps: [{ days: 30, percentOff: 100 }] }, /percentOff: at most 95/],
      [{ ...aging, name: '  ' }, /name/],
      [{ ...aging, category: 'cheese' }, /category/],
      [{ ...aging, grade: 'MINT' }, /grade/],
      [{ ...aging, floorPercentOfRetail: 120 }, /floorPercentOfRetail/],
      [{ ...aging, surprise: true }, /surprise/],
      ['not json', /./],
    ];
    for (const [body, message] of bad) {
      const res = await admin('POST', rules, body);
      const answer = (await res.json()) as { message: string };
      expect([JSON.stringify(body), res.status, message.test(answer.message)]).toEqual([JSON.stringify(body), 400, true]);
    }
    expect(MarkdownRuleList.parse(await (await admin('GET', rules)).json()).rules).toEqual([]);
  });

  it('is for admins only: 401 without a customer session, 403 for a customer', async () => {
    for (const [who, status] of [['anonymous', 401], ['guest', 401], ['customer', 403]] as const) {
      expect([who, (await catalog.request('POST', rules, aging, catalog.callers[who])).status]).toEqual([who, status]);
      expect([who, (await catalog.request('GET', '/api/admin/markdowns/preview', undefined, catalog.callers[who])).status]).toEqual([who, status]);
      expect([who, (await catalog.request('POST', '/api/admin/markdowns/runs', undefined, catalog.callers[who])).status]).toEqual([who, status]);
    }
    expect(MarkdownRuleList.parse(await (await admin('GET', rules)).json()).rules).toEqual([]);
  });

  it('creates, edits and deletes a rule; a second rule of the same name is a 409', async () => {
    const created = await admin('POST', rules, { ...aging, category: 'electronics', grade: 'OPEN_BOX', floorAtCost: true });
    expect(created.status).toBe(201);
    const rule = MarkdownRule.parse(await created.json());
    expect(rule).toMatchObject({ name: 'Aging stock', category: 'electronics', grade: 'OPEN_BOX', floorPercentOfRetail: 50, floorAtCost: true, active: true });
    expect((await admin('POST', rules, aging)).status).toBe(409);

    const edited = await admin('PUT', `${rules}/${rule.id}`, { ...aging, name: 'Slow movers', active: false });
    expect(MarkdownRule.parse(await edited.json())).toMatchObject({ id: rule.id, name: 'Slow movers', category: null, active: false });
    expect((await admin('PUT', `${rules}/not-an-id`, aging)).status).toBe(400);
    expect((await admin('PUT', `${rules}/00000000-0000-4000-8000-000000000000`, aging)).status).toBe(404);

    expect((await admin('DELETE', `${rules}/${rule.id}`)).status).toBe(204);
    expect((await admin('DELETE', `${rules}/${rule.id}`)).status).toBe(404);

    // Each change is in the audit trail, with the rule before and after and the admin's name.
    const { rows: trail } = await catalog.pool.query<{ action: string; actor_name: string | null; before: { name?: string } | null; after: { name?: string } | null }>(
      `SELECT action, actor_name, before, after FROM admin_audit WHERE target_id = $1 ORDER BY occurred_at`,
      [rule.id],
    );
    expect(trail.map((t) => [t.action, t.actor_name, t.before?.name ?? null, t.after?.name ?? null])).toEqual([
      ['markdown-rule.created', 'Test Admin', null, 'Aging stock'],
      ['markdown-rule.saved', 'Test Admin', 'Aging stock', 'Slow movers'],
      ['markdown-rule.deleted', 'Test Admin', 'Slow movers', null],
    ]);
  });
});

describe('a markdown run', () => {
  it('changes exactly what the preview showed: steps off the price before markdowns, floors, never up, drafts left alone', async () => {
    await admin('POST', rules, aging);
    const fresh = await listing(10, [{ price: 10000, retail: 20000 }]);
    const month = await listing(35, [{ price: 10000, retail: 15000 }], { oneOfAKind: true });
    // 10% off would be 90.00, below half of its 200.00 retail: the floor leaves it as it is.
    const atFloor = await listing(35, [{ price: 10000, retail: 20000 }]);
    const old = await listing(95, [{ price: 10000, retail: 12000 }, { price: 5000, retail: 6000 }]);
    const floored = await listing(95, [{ price: 10000, retail: 15000 }]);
    const lowAlready = await listing(35, [{ price: 4000, retail: 20000 }]);
    const draft = await listing(null, [{ price: 10000, retail: 20000 }]);
    await catalog.pool.query(`UPDATE products SET created_at = now() - interval '200 days' WHERE id = $1`, [draft.id]);

    const planned = await preview();
    const bySku = new Map(planned.changes.map((c) => [c.sku, c]));
    expect(planned.total).toBe(4);
    expect([...bySku.keys()].sort()).toEqual([month.variants[0]!.sku, old.variants[0]!.sku, old.variants[1]!.sku, floored.variants[0]!.sku].sort());
    expect(bySku.get(month.variants[0]!.sku)).toMatchObject({ oldPrice: '100.00', newPrice: '90.00', stepDays: 30, percentOff: 10, daysOnSale: 35, floorHit: false, ruleName: 'Aging stock' });
    expect(bySku.get(old.variants[0]!.sku)).toMatchObject({ oldPrice: '100.00', newPrice: '60.00', stepDays: 90, percentOff: 40, floorHit: false });
    expect(bySku.get(old.variants[1]!.sku)).toMatchObject({ oldPrice: '50.00', newPrice: '30.00', floorHit: false });
    // 40% off 100.00 is 60.00, below half of its 150.00 retail: the floor, 75.00.
    expect(bySku.get(floored.variants[0]!.sku)).toMatchObject({ oldPrice: '100.00', newPrice: '75.00', floorHit: true });

    const run = await runByHand();
    expect(run).toMatchObject({ trigger: 'manual', changed: 4 });
    expect(run.finishedAt).not.toBeNull();
    for (const change of planned.changes) expect([change.sku, (await priceOf(change.variantId)) / 100]).toEqual([change.sku, Number(change.newPrice)]);
    expect(await priceOf(fresh.variants[0]!.id)).toBe(10000);
    expect(await priceOf(atFloor.variants[0]!.id)).toBe(10000);
    expect(await priceOf(lowAlready.variants[0]!.id)).toBe(4000);
    expect(await priceOf(draft.variants[0]!.id)).toBe(10000);

    const { rows: history } = await catalog.pool.query(
      `SELECT variant_id, old_cents, new_cents, source, actor, reason FROM price_changes WHERE source = 'markdown' AND variant_id = $1`,
      [old.variants[0]!.id],
    );
    expect(history).toEqual([{ variant_id: old.variants[0]!.id, old_cents: 10000, new_cents: 6000, source: 'markdown', actor: 'Aging stock', reason: '90 days on sale: 40% off' }]);
    // Announced in events of up to a thousand (decision 062): this run's fit in one of each.
    const { rows: events } = await catalog.pool.query<{ subject: string; type: string; version: number; payload: Record<string, unknown> }>(
      `SELECT subject, type, version, payload FROM outbox WHERE subject LIKE '%.markdown-' || $1 || '.%' ORDER BY type`,
      [run.id],
    );
    expect(events.map((e) => [e.type, e.version, e.subject])).toEqual([
      ['price.changed', 2, `price.changed.markdown-${run.id}.0`],
      ['product.updated', 2, `product.updated.markdown-${run.id}.0`],
    ]);
    const [prices, listings] = [PriceChangedData.parse(events[0]!.payload), ProductUpdatedData.parse(events[1]!.payload)];
    expect(prices.source).toBe('markdown');
    expect(prices.changes).toHaveLength(planned.total);
    expect(prices.changes.map((c) => c.sku)).toEqual(prices.changes.map((c) => c.sku).sort());
    expect(prices.changes.find((c) => c.sku === old.variants[0]!.sku)).toEqual({ sku: old.variants[0]!.sku, newPrice: '60.00', changeId: `${run.id}:${old.variants[0]!.id}` });
    expect(listings).toEqual({ what: 'price', productIds: planned.changes.map((c) => c.productId).filter((id, i, all) => all.indexOf(id) === i).sort() });
    expect((await productPage(old.id)).currentPrice).toBe('30.00');
  });

  it('announces its changes in events of at most a set number each: prices by sku, listings by id', async () => {
    await admin('POST', rules, aging);
    const products = [await listing(35, [{ price: 10000 }, { price: 9000 }, { price: 8000 }]), await listing(35, [{ price: 7000 }]), await listing(35, [{ price: 6000 }])];
    const asked = await requestMarkdownRun(catalog.pool, 'manual', null);
    const run = await doWaitingMarkdownRun(catalog.pool, undefined, { ...MARKDOWN_EVENTS, perEvent: 2 });
    expect([run?.id, run?.changed]).toEqual([asked!.id, 5]);
    const { rows } = await catalog.pool.query<{ subject: string; type: string; payload: Record<string, unknown> }>(
      `SELECT subject, type, payload FROM outbox WHERE subject LIKE '%.markdown-' || $1 || '.%' ORDER BY seq`,
      [asked!.id],
    );
    expect(rows.map((r) => r.subject)).toEqual([0, 1, 2].map((n) => `price.changed.markdown-${asked!.id}.${n}`).concat([0, 1].map((n) => `product.updated.markdown-${asked!.id}.${n}`)));
    const priceEvents = rows.filter((r) => r.type === 'price.changed').map((r) => PriceChangedData.parse(r.payload).changes.map((c) => c.sku));
    expect(priceEvents.map((skus) => skus.length)).toEqual([2, 2, 1]);
    const prices = priceEvents.flat();
    expect(prices).toEqual(products.flatMap((p) => p.variants.map((v) => v.sku)).sort());
    const listings = rows.filter((r) => r.type === 'product.updated').map((r) => ProductUpdatedData.parse(r.payload).productIds);
    expect(listings.map((ids) => ids.length)).toEqual([2, 1]);
    expect(listings.flat()).toEqual(products.map((p) => p.id).sort());
  });

  it("changes a page's prices in place: every variant's new price is a HOT update (no index written), migration 018", async () => {
    // 300 variants fill several pages; a page filled to the brim had no room, and every change went into all four indexes.
    const product = await listing(35, Array.from({ length: 300 }, (_, i) => ({ price: 10000 + i })));
    const client = await catalog.pool.connect();
    try {
      // The counter also holds this connection's earlier transactions until its statistics are
      // flushed (PostgreSQL 15+, at most once a second): what this UPDATE adds is the difference.
      const hot = async () => Number((await client.query<{ hot: string }>(`SELECT pg_stat_get_xact_tuples_hot_updated('variants'::regclass) AS hot`)).rows[0]!.hot);
      await client.query('BEGIN');
      const before = await hot();
      const { rowCount } = await client.query(`UPDATE variants SET price_cents = price_cents - 1 WHERE product_id = $1`, [product.id]);
      expect([rowCount, (await hot()) - before]).toEqual([300, 300]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it("keeps history and marks in step with deletes (migration 019): a variant's go with it and with its product; a deleted rule's marks keep their step", async () => {
    const rule = MarkdownRule.parse(await (await admin('POST', rules, aging)).json());
    const [kept, gone] = [await listing(35, [{ price: 10000 }, { price: 9000 }]), await listing(35, [{ price: 8000 }])];
    expect((await runByHand()).changed).toBe(3);
    const count = async (table: string, variantIds: string[]) =>
      (await catalog.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE variant_id = ANY($1::uuid[])`, [variantIds])).rows[0]!.n;
    const ids = (p: typeof kept) => p.variants.map((v) => v.id);
    expect([await count('price_changes', ids(gone)), await count('markdown_marks', ids(gone))]).toEqual([2, 1]);

    await catalog.pool.query(`DELETE FROM variants WHERE id = $1`, [kept.variants[1]!.id]);
    await catalog.pool.query(`DELETE FROM products WHERE id = $1`, [gone.id]);
    expect([await count('price_changes', ids(gone)), await count('markdown_marks', ids(gone))]).toEqual([0, 0]);
    expect([await count('price_changes', ids(kept)), await count('markdown_marks', ids(kept))]).toEqual([2, 1]);

    expect((await admin('DELETE', `${rules}/${rule.id}`)).status).toBe(204);
    const { rows } = await catalog.pool.query(`SELECT rule_id, step_days FROM markdown_marks WHERE variant_id = $1`, [kept.variants[0]!.id]);
    expect(rows).toEqual([{ rule_id: null, step_days: 30 }]);
  });

  it("holds the rules it runs: a rule deleted while a run is under way waits for it, then its marks lose the rule", async () => {
    const rule = MarkdownRule.parse(await (await admin('POST', rules, aging)).json());
    const product = await listing(35, [{ price: 10000 }]);
    const runner = await catalog.pool.connect();
    try {
      await runner.query('BEGIN');
      await requestMarkdownRun(runner, 'manual', null);
      const runId = (await claimWaitingRun(runner))!;
      for (const step of await freezePlan(runner)) await applyPlanStep(runner, step);
      // The admin deletes the rule now: it waits for the run.
      let deleted = false;
      const deleting = admin('DELETE', `${rules}/${rule.id}`).then((res) => {
        deleted = true;
        return res.status;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(deleted).toBe(false);
      await recordAppliedPlan(runner, runId, MARKDOWN_EVENTS);
      await runner.query('COMMIT');
      expect(await deleting).toBe(204);
    } finally {
      runner.release();
    }
    const { rows } = await catalog.pool.query(`SELECT rule_id, price_cents FROM markdown_marks WHERE variant_id = $1`, [product.variants[0]!.id]);
    expect(rows).toEqual([{ rule_id: null, price_cents: 9000 }]);
  });

  it('is idempotent: a second run changes nothing; a later step comes off the price before markdowns, not the marked one', async () => {
    await admin('POST', rules, aging);
    const product = await listing(35, [{ price: 10000, retail: 10000 }]);
    const variant = product.variants[0]!;
    expect((await runByHand()).changed).toBe(1);
    expect(await priceOf(variant.id)).toBe(9000);

    expect((await runByHand()).changed).toBe(0);
    expect((await preview()).total).toBe(0);
    expect(await priceOf(variant.id)).toBe(9000);

    await catalog.pool.query(`UPDATE products SET published_at = now() - interval '61 days' WHERE id = $1`, [product.id]);
    expect((await preview()).changes.map((c) => c.newPrice)).toEqual(['75.00']);
    expect((await runByHand()).changed).toBe(1);
    expect(await priceOf(variant.id)).toBe(7500);
    const { rows } = await catalog.pool.query(`SELECT old_cents, new_cents FROM price_changes WHERE variant_id = $1 AND source = 'markdown' ORDER BY id`, [variant.id]);
    expect(rows).toEqual([
      { old_cents: 10000, new_cents: 9000 },
      { old_cents: 9000, new_cents: 7500 },
    ]);
  });

  it('stops at the unit cost when the rule says so, and takes the most specific rule', async () => {
    await admin('POST', rules, { ...aging, name: 'Everything', floorPercentOfRetail: null });
    await admin('POST', rules, { ...aging, name: 'Used tools', category: 'home-garden', grade: 'USED', floorPercentOfRetail: null, floorAtCost: true });
    const tool = await listing(95, [{ price: 10000, cost: 7000 }], { categoryId: 'home-garden', conditionGrade: 'USED' });
    const noCost = await listing(95, [{ price: 10000, cost: null }], { categoryId: 'home-garden', conditionGrade: 'USED' });
    const other = await listing(95, [{ price: 10000, cost: 7000 }], { categoryId: 'electronics', conditionGrade: 'USED' });
    const planned = new Map((await preview()).changes.map((c) => [c.variantId, c]));
    expect(planned.get(tool.variants[0]!.id)).toMatchObject({ ruleName: 'Used tools', newPrice: '70.00', floorHit: true });
    expect(planned.get(noCost.variants[0]!.id)).toMatchObject({ ruleName: 'Used tools', newPrice: '60.00', floorHit: false });
    expect(planned.get(other.variants[0]!.id)).toMatchObject({ ruleName: 'Everything', newPrice: '60.00' });
    await runByHand();
    expect([await priceOf(tool.variants[0]!.id), await priceOf(noCost.variants[0]!.id), await priceOf(other.variants[0]!.id)]).toEqual([7000, 6000, 6000]);
  });

  it('is asked for at once and done in the background: one waits at a time (409 for another), a run a restart left is done by the next pass', async () => {
    await admin('POST', rules, aging);
    const product = await listing(35, [{ price: 10000 }]);

    // Another instance's runner holds the lock (or this one stopped before doing it): the request waits.
    const holder = await catalog.pool.connect();
    let asked: MarkdownRun;
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(hashtextextended('pl:catalog-markdown-run', 0))`);
      const res = await admin('POST', '/api/admin/markdowns/runs');
      expect(res.status).toBe(202);
      asked = MarkdownRun.parse(await res.json());
      const again = await admin('POST', '/api/admin/markdowns/runs');
      expect([again.status, ((await again.json()) as { message: string }).message]).toEqual([409, 'A markdown run is under way: wait for it to finish.']);
      expect(await doWaitingMarkdownRun(catalog.pool)).toBeUndefined();
      await holder.query('ROLLBACK');
    } finally {
      holder.release();
    }
    expect(await priceOf(product.variants[0]!.id)).toBe(10000);
    expect((await runs()).find((r) => r.id === asked.id)).toMatchObject({ finishedAt: null });

    // The periodic pass (main.ts) finds it waiting and does it.
    expect(await doWaitingMarkdownRun(catalog.pool)).toMatchObject({ id: asked.id, changed: 1, error: null });
    expect(await priceOf(product.variants[0]!.id)).toBe(9000);

    // The request is in the audit trail with the admin's name.
    const { rows: trail } = await catalog.pool.query(`SELECT action, actor_name, target_type FROM admin_audit WHERE target_id = $1`, [asked.id]);
    expect(trail).toEqual([{ action: 'markdown-run.started', actor_name: 'Test Admin', target_type: 'markdown-run' }]);
  });

  it('ends a run that stopped on an error with the error, having changed nothing, and takes the next request', async () => {
    await admin('POST', rules, aging);
    const product = await listing(35, [{ price: 10000 }]);
    await catalog.pool.query(`CREATE FUNCTION refuse_price_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`);
    await catalog.pool.query(`CREATE TRIGGER refuse_price_change BEFORE UPDATE ON variants FOR EACH ROW EXECUTE FUNCTION refuse_price_change()`);
    let failed: MarkdownRun;
    try {
      failed = await runByHand();
    } finally {
      await catalog.pool.query(`DROP TRIGGER refuse_price_change ON variants; DROP FUNCTION refuse_price_change()`);
    }
    expect(failed).toMatchObject({ changed: 0, error: 'The run stopped on an error; no price was changed. Run the markdowns again.' });
    expect(await priceOf(product.variants[0]!.id)).toBe(10000);
    const { rows } = await catalog.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM markdown_marks WHERE variant_id = $1`, [product.variants[0]!.id]);
    expect(rows[0]!.n).toBe(0);
    expect((await runByHand()).changed).toBe(1);
  });

  it('runs one at a time across instances: two instances asked at once apply each step once', async () => {
    await admin('POST', rules, aging);
    const products = await Promise.all([35, 65, 95].map((days) => listing(days, [{ price: 10000 }])));
    const second = await catalog.startSecondInstance();
    const otherPool: Pool = createPool({ connectionString: testDatabaseUrl(), schema: catalog.db.schema, max: 4 });
    try {
      const answers = await Promise.all([
        admin('POST', '/api/admin/markdowns/runs'),
        second.internal('GET', '/health').then(() => catalog.request('POST', '/api/admin/markdowns/runs', undefined, catalog.callers.admin)),
        runMarkdowns(otherPool, 'manual'),
        runScheduledMarkdowns(otherPool, DAY_MS),
      ]);
      const [a, b] = answers as [Response, Response, MarkdownRun | undefined, MarkdownRun | undefined];
      expect([a.status, b.status].every((s) => s === 202 || s === 409)).toBe(true);
      // Whatever was asked for is done, by one runner at a time.
      for (let i = 0; i < 400; i++) {
        const { rows } = await catalog.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM markdown_runs WHERE finished_at IS NULL`);
        if (rows[0]!.n === 0) break;
        await doWaitingMarkdownRun(otherPool);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await otherPool.end();
      await second.stop();
    }
    const { rows } = await catalog.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM price_changes WHERE source = 'markdown' AND variant_id = ANY($1::uuid[])`,
      [products.map((p) => p.variants[0]!.id)],
    );
    expect(rows[0]!.n).toBe(3);
    expect(await Promise.all(products.map((p) => priceOf(p.variants[0]!.id)))).toEqual([9000, 7500, 6000]);
  });

  it('records a run by hand in the audit trail with its request: the admin and the run; a refused or scheduled run records nothing', async () => {
    await admin('POST', rules, aging);
    await listing(35, [{ price: 10000 }]);
    await listing(65, [{ price: 10000 }]);
    const trailOf = async (runId?: string) =>
      (
        await catalog.pool.query<{ action: string; actor_subject: string; actor_name: string | null; target_type: string; target_id: string; target_label: string; before: unknown; after: Record<string, unknown> }>(
          `SELECT action, actor_subject, actor_name, target_type, target_id, target_label, before, after FROM admin_audit WHERE action = 'markdown-run.started' AND ($1::text IS NULL OR target_id = $1) ORDER BY occurred_at`,
          [runId ?? null],
        )
      ).rows;
    const entriesBefore = (await trailOf()).length;

    const run = await runByHand();
    expect(run).toMatchObject({ trigger: 'manual', changed: 2, startedByName: 'Test Admin' });
    const [entry, ...more] = await trailOf(run.id);
    expect(more).toEqual([]);
    expect(entry).toEqual({
      action: 'markdown-run.started',
      actor_subject: run.startedBy,
      actor_name: 'Test Admin',
      target_type: 'markdown-run',
      target_id: run.id,
      target_label: 'Markdown run',
      before: null,
      after: { trigger: 'manual' },
    });
    // Written with the entry, through the outbox: the merged log hears of it (decision 051).
    const { rows: events } = await catalog.pool.query(`SELECT 1 FROM outbox WHERE subject = 'audit.recorded.catalog' AND payload->'target'->>'id' = $1`, [run.id]);
    expect(events).toHaveLength(1);

    // Asked for while another instance's runner holds the lock: waiting, and in the trail; asked
    // for again meanwhile: refused, no run, no entry.
    const holder = await catalog.pool.connect();
    let waiting: MarkdownRun;
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(hashtextextended('pl:catalog-markdown-run', 0))`);
      const asked = await admin('POST', '/api/admin/markdowns/runs');
      expect(asked.status).toBe(202);
      waiting = MarkdownRun.parse(await asked.json());
      expect((await admin('POST', '/api/admin/markdowns/runs')).status).toBe(409);
      await holder.query('ROLLBACK');
    } finally {
      holder.release();
    }
    expect(await doWaitingMarkdownRun(catalog.pool)).toMatchObject({ id: waiting.id, changed: 0 });
    expect((await trailOf()).length).toBe(entriesBefore + 2);
    // The schedule is no admin: its run is listed, not in the trail.
    await catalog.pool.query(`DELETE FROM markdown_runs WHERE trigger = 'schedule'`);
    const scheduled = await runScheduledMarkdowns(catalog.pool, DAY_MS);
    expect(scheduled).toMatchObject({ trigger: 'schedule', startedBy: null, startedByName: null });
    expect((await trailOf()).length).toBe(entriesBefore + 2);

    // The runs list says who started each (the schedule: nobody) and how often the schedule runs.
    const listed = MarkdownRunList.parse(await (await admin('GET', '/api/admin/markdowns/runs')).json());
    expect(listed.intervalHours).toBe(24);
    expect(listed.runs.slice(0, 3).map((r) => [r.id, r.trigger, r.startedByName])).toEqual([
      [scheduled!.id, 'schedule', null],
      [waiting.id, 'manual', 'Test Admin'],
      [run.id, 'manual', 'Test Admin'],
    ]);
  });

  it('runs on schedule once per interval, however many instances ask', async () => {
    await admin('POST', rules, aging);
    const product = await listing(35, [{ price: 10000 }]);
    await catalog.pool.query(`DELETE FROM markdown_runs WHERE trigger = 'schedule'`);
    const otherPool: Pool = createPool({ connectionString: testDatabaseUrl(), schema: catalog.db.schema, max: 4 });
    try {
      const runs = await Promise.all([runScheduledMarkdowns(catalog.pool, DAY_MS), runScheduledMarkdowns(otherPool, DAY_MS)]);
      expect(runs.filter((r) => r !== undefined)).toHaveLength(1);
      expect(await runScheduledMarkdowns(otherPool, DAY_MS)).toBeUndefined();
    } finally {
      await otherPool.end();
    }
    expect(await priceOf(product.variants[0]!.id)).toBe(9000);
  });
});

describe('the POS and a markdown', () => {
  const posProduct = (sku: string, priceCents: number): UpsertProductRequest => ({
    title: 'Cordless Drill 18V',
    brand: 'Makita',
    description: null,
    conditionGrade: 'OPEN_BOX',
    conditionNotes: null,
    oneOfAKind: false,
    category: 'electronics',
    images: [],
    variants: [{ sku, priceCents, compareAtCents: null, stock: [{ locationId: 'dublin', onHand: 3 }] }],
  });

  it('keeps a markdown the POS has not confirmed when a sync still carries the old price; the POS confirming it, later changes apply', async () => {
    await admin('POST', rules, aging);
    const sku = uniqueSku();
    expect((await catalog.internal('PUT', '/internal/products', posProduct(sku, 10000))).status).toBe(201);
    const { rows } = await catalog.pool.query<{ id: string; product_id: string }>(`SELECT id, product_id FROM variants WHERE sku = $1`, [sku]);
    const { id: variantId, product_id: productId } = rows[0]!;
    await catalog.pool.query(`UPDATE products SET published_at = now() - interval '35 days' WHERE id = $1`, [productId]);
    await runByHand();
    expect(await priceOf(variantId)).toBe(9000);

    // A webhook or sync sent before the POS took the write-back: its 100.00 is stale.
    expect((await catalog.internal('PUT', '/internal/products', posProduct(sku, 10000))).status).toBe(200);
    expect(await priceOf(variantId)).toBe(9000);
    expect((await productPage(productId)).currentPrice).toBe('90.00');

    // The POS says 90.00: confirmed. From then on the POS's price is the POS's again.
    await catalog.internal('PUT', '/internal/products', posProduct(sku, 9000));
    await catalog.internal('PUT', '/internal/products', posProduct(sku, 9500));
    expect(await priceOf(variantId)).toBe(9500);
    // And the next run does not take the step again off the POS's new price.
    expect((await runByHand()).changed).toBe(0);
  });
});

describe("'Price dropped'", () => {
  it('is shown when a price the listing charged on sale was lowered, with the amount and the date', async () => {
    await admin('POST', rules, aging);
    const product = await listing(35, [{ price: 10000, retail: 15000 }]);
    await runByHand();
    const page = await productPage(product.id);
    expect(page.priceDrop).toMatchObject({ amount: '10.00', from: '100.00' });
    expect(Date.now() - Date.parse(page.priceDrop!.on)).toBeLessThan(60_000);
  });

  it('is not shown after a rise, nor for a price lowered before the listing went on sale, nor without any change', async () => {
    const rose = await listing(40, [{ price: 8000 }]);
    await catalog.pool.query(`UPDATE variants SET price_cents = 9000 WHERE id = $1`, [rose.variants[0]!.id]);
    const beforeSale = await listing(null, [{ price: 10000 }]);
    await catalog.pool.query(`UPDATE variants SET price_cents = 7000 WHERE id = $1`, [beforeSale.variants[0]!.id]);
    await catalog.pool.query(`UPDATE products SET published_at = now() + interval '1 second' WHERE id = $1`, [beforeSale.id]);
    const unchanged = await listing(40, [{ price: 8000 }]);
    // A drop, then back up: the latest change is a rise.
    const bounced = await listing(40, [{ price: 8000 }]);
    await catalog.pool.query(`UPDATE variants SET price_cents = 6000 WHERE id = $1`, [bounced.variants[0]!.id]);
    await catalog.pool.query(`UPDATE variants SET price_cents = 8000 WHERE id = $1`, [bounced.variants[0]!.id]);
    for (const p of [rose, beforeSale, unchanged, bounced]) expect((await productPage(p.id)).priceDrop ?? null).toBeNull();
  });
});

describe('GET /api/admin/price-history/:productId', () => {
  it("lists a listing's price changes newest first, with their source and who; admins only", async () => {
    await admin('POST', rules, aging);
    const product = await listing(35, [{ price: 10000 }]);
    await runByHand();
    const res = await admin('GET', `/api/admin/price-history/${product.id}`);
    const history = PriceHistory.parse(await res.json());
    expect(history.entries.map((e) => [e.oldPrice, e.newPrice, e.source, e.actor])).toEqual([
      ['100.00', '90.00', 'markdown', 'Aging stock'],
      [null, '100.00', 'pos', null],
    ]);
    expect((await catalog.request('GET', `/api/admin/price-history/${product.id}`, undefined, catalog.callers.customer)).status).toBe(403);
    expect((await admin('GET', '/api/admin/price-history/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
