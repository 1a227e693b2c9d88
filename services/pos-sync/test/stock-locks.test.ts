import { createTestSchemaPool, type TestSchemaPool } from '@pl/service-kit/testing';
import { lockStock, STOCK_LOCK_BUCKETS, type StockKey } from '../src/db/stock-versions.repo.js';

/** The stock locks a write-back holds while the POS answers: bounded, and still exclusive per count. */
describe('stock locks', () => {
  let db: TestSchemaPool;

  beforeAll(async () => {
    db = createTestSchemaPool('stock_locks');
    await db.pool.query(`CREATE SCHEMA ${db.schema}`);
  });
  afterAll(() => db.cleanup());

  const keys = (n: number, prefix = 'LOCK'): StockKey[] => Array.from({ length: n }, (_, i) => ({ sku: `${prefix}-${i}`, locationId: 'dublin' }));

  /** Runs `body` inside a transaction that holds the locks of `locked`. */
  async function holding<T>(locked: StockKey[], body: (pid: number) => Promise<T>): Promise<T> {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await lockStock(client, locked);
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      return await body(rows[0]!.pid);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }

  const advisoryLocks = async (pid: number) =>
    (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = $1`, [pid])).rows[0]!.n;

  it.each([1_000, 20_000])(`holds the counts of a batch of %i skus with at most ${STOCK_LOCK_BUCKETS} locks`, async (n) => {
    await holding(keys(n), async (pid) => {
      const held = await advisoryLocks(pid);
      expect(held).toBeGreaterThan(Math.min(n, STOCK_LOCK_BUCKETS) * 0.6);
      expect(held).toBeLessThanOrEqual(STOCK_LOCK_BUCKETS);
    });
  });

  it('makes a second writer of the same count wait until the first ends', async () => {
    const order: string[] = [];
    let second: Promise<void> | undefined;
    await holding([{ sku: 'SAME', locationId: 'dublin' }], async () => {
      second = holding([{ sku: 'OTHER', locationId: 'dublin' }, { sku: 'SAME', locationId: 'dublin' }], async () => {
        order.push('second');
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      order.push('first');
    });
    await second;
    expect(order).toEqual(['first', 'second']);
  });

  it('makes a batch that takes every lock wait for a single count', async () => {
    const order: string[] = [];
    let batch: Promise<void> | undefined;
    await holding([{ sku: 'ONE', locationId: 'westerville' }], async () => {
      batch = holding(keys(5 * STOCK_LOCK_BUCKETS, 'BATCH'), async () => {
        order.push('batch');
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      order.push('single');
    });
    await batch;
    expect(order).toEqual(['single', 'batch']);
  });
});
