import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { SCHEMA_NAME_PATTERN } from './config.js';
import type { Logger } from './logger.js';
import { KIT_MIGRATIONS as KIT_MIGRATION_SOURCES } from './outbox-migration.js';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Anything that runs a query: the pool itself or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME_PATTERN.test(schema)) {
    throw new Error(`Invalid schema name ${JSON.stringify(schema)}: use [a-z_][a-z0-9_]*, at most 48 characters`);
  }
  return schema;
}

export interface CreatePoolOptions {
  connectionString: string;
  /** The service's own schema; every connection's search_path is set to it and nothing else. */
  schema: string;
  max?: number;
  /** Shows in pg_stat_activity; defaults to the schema name. */
  applicationName?: string;
  logger?: Logger;
}

/**
 * A pool whose connections all resolve unqualified names in the service's schema. The
 * search_path is a startup parameter, so it is set before any query can run on a connection.
 *
 * JIT compilation is off: the services run short statements, and PostgreSQL decides on JIT from the
 * planner's cost, which for a statement that stops early (a LIMIT over an EXISTS) can be far above
 * its work. The catalogue's "in stock only" count was estimated at 1.6 million and spent ~170 ms
 * compiling 41 functions to run for ~17 ms.
 */
export function createPool(options: CreatePoolOptions): pg.Pool {
  const schema = assertSchemaName(options.schema);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    options: `-c search_path=${schema} -c jit=off`,
    application_name: options.applicationName ?? schema,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (PostgreSQL restarted) emits 'error' on the pool;
  // without a listener that would crash the process. The pool replaces the client by itself.
  pool.on('error', (err) => options.logger?.warn({ err }, 'idle database connection lost'));
  return pool;
}

/**
 * Checks out a client that survives its connection dying while held (PostgreSQL restarted, backend
 * terminated): pg emits 'error' on a checked-out client between queries, and with no listener that
 * crashes the process. With this, the next query on it fails instead and the caller handles that.
 */
export async function connectClient(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect();
  const onError = () => {
    /* surfaced by the next query on this client */
  };
  client.on('error', onError);
  const release = client.release.bind(client);
  client.release = (err?: Error | boolean) => {
    client.off('error', onError);
    release(err);
  };
  return client;
}

/**
 * Runs fn with one client of the pool and returns it. If fn throws, a transaction it left open is
 * rolled back (a ROLLBACK outside one is a harmless warning) and the error rethrown; a connection
 * that cannot even do that is destroyed rather than returned to the pool.
 */
export async function withClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await connectClient(pool);
  try {
    const result = await fn(client);
    client.release();
    return result;
  } catch (err) {
    try {
      await client.query('ROLLBACK');
      client.release();
    } catch (rollbackErr) {
      client.release(rollbackErr as Error);
    }
    throw err;
  }
}

/**
 * BEGIN, fn, COMMIT on a client from withClient (which rolls back when fn throws). For work that
 * reads on the client before deciding to open a transaction, without going back to the pool.
 */
export async function inTransaction<T>(client: pg.PoolClient, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  const result = await fn(client);
  await client.query('COMMIT');
  return result;
}

/** Runs fn inside BEGIN/COMMIT on one client; any throw rolls back and is rethrown. */
export function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withClient(pool, (client) => inTransaction(client, fn));
}

/**
 * Deletes in batches of `batchSize` until a batch comes back short, so a large clean-up never holds
 * long locks; `deleteBatch(limit)` deletes at most `limit` rows and answers how many. Answers the total.
 */
export async function deleteInBatches(deleteBatch: (limit: number) => Promise<number>, batchSize = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

export interface RunMigrationsOptions {
  schema: string;
  /** Folder of the service's forward-only `NNN-name.sql` files, applied in numeric order after the kit's own. */
  dir: string;
  logger?: Logger;
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

const MIGRATION_FILE = /^(\d{3})-[a-z0-9][a-z0-9-]*\.sql$/;
/** Numbered like files but shipped in the kit; a service file may not take their number. */
const KIT_MIGRATION_NUMBER = '000';

export const migrationChecksum = (sql: string) => createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');

/** What every service schema gets before its own files: the outbox the relay publishes from. */
const KIT_MIGRATIONS: readonly MigrationFile[] = KIT_MIGRATION_SOURCES.map(({ name, sql }) => ({ name, sql, checksum: migrationChecksum(sql) }));

/** Reads and orders the migration files; a `.sql` file that does not follow the naming rule is an error, not skipped. */
export async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const entries = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const seen = new Map<string, string>();
  const files: MigrationFile[] = [];
  for (const name of entries) {
    const match = MIGRATION_FILE.exec(name);
    if (!match) throw new Error(`Migration file ${name} must be named NNN-name.sql (lower-case, kebab-case)`);
    const number = match[1] as string;
    if (number === KIT_MIGRATION_NUMBER) throw new Error(`Migration ${name}: the number ${KIT_MIGRATION_NUMBER} is reserved for @pl/service-kit's own migrations`);
    if (seen.has(number)) throw new Error(`Migrations ${seen.get(number)} and ${name} share the number ${number}`);
    seen.set(number, name);
    const sql = await readFile(path.join(dir, name), 'utf8');
    files.push({ name, sql, checksum: migrationChecksum(sql) });
  }
  return files;
}

/**
 * Creates the schema and applies pending migrations, the kit's (KIT_MIGRATIONS) first and then the
 * service's files, each in its own transaction; returns the names it applied. Every step
 * holds a transaction-scoped advisory lock on the schema, so several instances starting at once
 * apply each file exactly once. A file whose content changed after it was applied stops the
 * start: migrations are forward-only, a fix is a new file.
 */
export async function runMigrations(pool: pg.Pool, options: RunMigrationsOptions): Promise<string[]> {
  const schema = assertSchemaName(options.schema);
  const files = [...KIT_MIGRATIONS, ...(await readMigrations(options.dir))];
  const applied: string[] = [];
  const client = await connectClient(pool);
  let broken: Error | undefined;
  try {
    const inLockedTransaction = async <T>(fn: () => Promise<T>): Promise<T> => {
      await client.query('BEGIN');
      try {
        await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`pl-migrations:${schema}`]);
        await client.query(`SET LOCAL search_path TO ${schema}`);
        const result = await fn();
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch((rollbackErr: Error) => (broken = rollbackErr));
        throw err;
      }
    };

    const recorded = await inLockedTransaction(async () => {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query(`CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (
        name text PRIMARY KEY,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const { rows } = await client.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM ${schema}.schema_migrations`);
      return new Map(rows.map((r) => [r.name, r.checksum]));
    });

    for (const file of files) {
      const checksum = recorded.get(file.name);
      if (checksum !== undefined && checksum !== file.checksum) {
        throw new Error(`Migration ${file.name} was changed after it was applied to schema ${schema}; add a new migration instead`);
      }
    }
    const known = new Set(files.map((f) => f.name));
    for (const name of recorded.keys()) {
      // A newer instance may have applied files this (older) build does not ship: rolling deploys.
      if (!known.has(name)) options.logger?.warn({ migration: name, schema }, 'applied migration is not in this build');
    }

    for (const file of files) {
      if (recorded.has(file.name)) continue;
      const didApply = await inLockedTransaction(async () => {
        // Another instance may have applied it while we waited for the lock.
        const { rowCount } = await client.query(`SELECT 1 FROM ${schema}.schema_migrations WHERE name = $1`, [file.name]);
        if (rowCount) return false;
        try {
          await client.query(file.sql);
        } catch (err) {
          throw new Error(`Migration ${file.name} failed in schema ${schema}: ${(err as Error).message}`, { cause: err });
        }
        await client.query(`INSERT INTO ${schema}.schema_migrations (name, checksum) VALUES ($1, $2)`, [file.name, file.checksum]);
        return true;
      });
      if (didApply) {
        applied.push(file.name);
        options.logger?.info({ migration: file.name, schema }, 'migration applied');
      }
    }
    return applied;
  } finally {
    client.release(broken);
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A LIKE pattern matching `text` anywhere, its own %, _ and \ taken literally (LIKE's default escape). */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
/** A LIKE pattern matching what starts with `text`, taken literally. */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;
