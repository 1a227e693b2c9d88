import { connectClient, type Pool, type PoolClient, prepared } from '@pl/service-kit';

/**
 * Runs fn while holding a session-level advisory lock named by `key` (a cart, an order), on one
 * client of the pool. Changes to one cart call the catalog between reads and writes, so they run
 * one at a time across every instance; a transaction cannot span those HTTP calls. A connection
 * whose lock cannot be given back is destroyed, which ends the lock with it.
 */
export async function withAdvisoryLock<T>(pool: Pool, key: string, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await connectClient(pool);
  try {
    await client.query(prepared('SELECT pg_advisory_lock(hashtext($1))', [key]));
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  let result: T;
  try {
    result = await fn(client);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined); // a transaction fn left open
    await unlock(client, key);
    throw err;
  }
  await unlock(client, key);
  return result;
}

async function unlock(client: PoolClient, key: string): Promise<void> {
  try {
    await client.query(prepared('SELECT pg_advisory_unlock(hashtext($1))', [key]));
    client.release();
  } catch (err) {
    client.release(err as Error);
  }
}
