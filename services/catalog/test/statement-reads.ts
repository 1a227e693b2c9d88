import { ProductListQuery } from '@pl/contracts';
import type { Pool } from '@pl/service-kit';
import type { PoolClient, QueryConfig } from 'pg';
import { listProducts } from '../src/domain/product-listing.js';

const SCANS = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan']);

/** Rows a plan's scans read (returned or filtered out), from EXPLAIN ANALYZE's JSON. */
function rowsRead(node: Record<string, unknown>): number {
  const own = SCANS.has(String(node['Node Type'])) ? (Number(node['Actual Rows'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0)) * Number(node['Actual Loops'] ?? 1) : 0;
  return own + ((node['Plans'] as Array<Record<string, unknown>> | undefined) ?? []).reduce((n, child) => n + rowsRead(child), 0);
}

/** A value as an SQL literal, for EXECUTE's arguments. */
function literal(client: PoolClient, v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return String(v);
  const text = Array.isArray(v) ? `{${v.map((x) => `"${String(x).replace(/["\\]/g, '\\$&')}"`).join(',')}}` : String(v);
  return client.escapeLiteral(text);
}

/**
 * Lists products (GET /api/products with `query`) on one connection, then EXPLAIN ANALYZEs every
 * prepared statement the listing ran, with the values it ran them with: the rows each one read.
 * `generic`: with the one plan PostgreSQL may keep for a prepared statement after five calls,
 * made without the values (plan_cache_mode = force_generic_plan).
 */
export async function rowsReadByListing(pool: Pool, query: Record<string, string>, { generic }: { generic: boolean }): Promise<Array<{ statement: string; rows: number }>> {
  const client = await pool.connect();
  try {
    if (generic) await client.query('SET plan_cache_mode = force_generic_plan');
    const ran: QueryConfig[] = [];
    const db = { query: (config: QueryConfig) => (ran.push(config), client.query(config)) } as unknown as Pool;
    await listProducts(db, ProductListQuery.parse(query), { sortGiven: query.sort !== undefined });
    const read = [];
    for (const config of ran.filter((c) => c.name)) {
      const args = (config.values ?? []).map((v) => literal(client, v)).join(', ');
      const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE ${client.escapeIdentifier(config.name!)}${args ? `(${args})` : ''}`,
      );
      read.push({ statement: config.text.replace(/\s+/g, ' ').slice(0, 60), rows: rowsRead(rows[0]!['QUERY PLAN'][0]!.Plan) });
    }
    return read;
  } finally {
    await client.query('RESET plan_cache_mode');
    client.release();
  }
}
