#!/usr/bin/env node
// Backs up a shop into one file (docs/operations.md, decision 047): every service's schema from one
// pg_dump (custom format, one snapshot, so orders and the stock they took agree), the object store's
// folder when there is one, and a manifest (versions, extensions, every table's row count in that
// same snapshot) that scripts/restore.mjs checks against what it restored.
//
//   DATABASE_URL=postgres://… npm run backup -- [--out <file.tar>] [--objects <folder>] [--schemas identity,catalog,cart,pos_sync]
//
// pg_dump comes from PATH and must be at least the server's major version.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The services' schemas (each service's DB_SCHEMA default, packages/service-kit serviceConfig). */
export const SHOP_SCHEMAS = ['identity', 'catalog', 'cart', 'pos_sync'];
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The artefact's layout; restore.mjs refuses another. */
export const BACKUP_FORMAT = 'professional-liquidation-backup/1';

/** A failure whose message is the whole story for the operator (printed without a stack). */
export class BackupError extends Error {}

const INSTALL_HINT = 'install the PostgreSQL client of the server\'s major version or newer (Debian/Ubuntu: apt-get install postgresql-client, or postgresql-client-<major> from apt.postgresql.org; macOS: brew install libpq)';

/** `pg_dump (PostgreSQL) 15.20 (Debian …)` → { text: '15.20', major: 15 }; undefined when the tool is not on PATH. */
export function toolVersion(tool, env = process.env) {
  const run = spawnSync(tool, ['--version'], { encoding: 'utf8', env });
  if (run.error || run.status !== 0) return undefined;
  const match = /\(PostgreSQL\)\s+((\d+)[\d.]*)/.exec(run.stdout);
  if (!match) return undefined;
  return { text: match[1], major: Number(match[2]) };
}

/** The server's version, e.g. { text: '15.20', major: 15 }. */
export async function serverVersion(client) {
  const { rows } = await client.query(`SELECT current_setting('server_version_num')::int AS num, current_setting('server_version') AS text`);
  return { text: rows[0].text.split(' ')[0], major: Math.floor(rows[0].num / 10_000) };
}

/**
 * Why `tool` (pg_dump or pg_restore) cannot work with a server of `server`'s version, or undefined.
 * pg_dump refuses a newer server; an archive needs a pg_restore at least as new as its pg_dump.
 */
export function toolProblem(tool, server, env = process.env) {
  const version = toolVersion(tool, env);
  if (!version) return `${tool} was not found on PATH: ${INSTALL_HINT}`;
  if (version.major < server.major) return `${tool} ${version.text} is older than the server (PostgreSQL ${server.text}): ${INSTALL_HINT}`;
  return undefined;
}

/** What keeps backup and restore from running against this database (no pg_dump / pg_restore, or too old); undefined when nothing does. */
export async function pgToolsProblem(databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, env = process.env) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const server = await serverVersion(client);
    return toolProblem('pg_dump', server, env) ?? toolProblem('pg_restore', server, env);
  } finally {
    await client.end();
  }
}

/** The libpq connection for pg_dump / pg_restore: the URL without its password, which goes in PGPASSWORD (not in the process list). */
export function libpqConnection(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL tool, failing with its own words. */
export function runTool(tool, args, env) {
  const run = spawnSync(tool, args, { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw new BackupError(`${tool} could not run: ${run.error.message}`);
  if (run.status !== 0) throw new BackupError(`${tool} failed (exit ${run.status}):\n${run.stderr.trim()}`);
  return run;
}

/** `tar` with these arguments; tar is on every Linux and macOS, and in the Node images. */
export function tar(args) {
  const run = spawnSync('tar', args, { encoding: 'utf8' });
  if (run.error) throw new BackupError(`tar could not run (${run.error.message}); install tar`);
  if (run.status !== 0) throw new BackupError(`tar failed: ${run.stderr.trim()}`);
}

/** Every table of these schemas with its row count, read in the caller's transaction. */
export async function countRows(client, schemas) {
  const { rows: tables } = await client.query(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    [schemas],
  );
  const counts = {};
  for (const t of tables) {
    const { rows } = await client.query(`SELECT count(*)::bigint AS n FROM ${pg.escapeIdentifier(t.schema)}.${pg.escapeIdentifier(t.name)}`);
    counts[`${t.schema}.${t.name}`] = Number(rows[0].n);
  }
  return counts;
}

/** Files and bytes under a folder. */
export function folderSize(dir) {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return { files, bytes };
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/**
 * Writes the backup file and answers what it holds. The database is read in one snapshot: pg_dump
 * takes the snapshot this function's transaction exported, and the row counts come from it too.
 */
export async function backup({ databaseUrl = DEFAULT_DATABASE_URL, out = path.join(root, '.data', 'backups', `shop-${stamp()}.tar`), objects, schemas = SHOP_SCHEMAS, log = console.log } = {}) {
  const started = Date.now();
  if (objects && !existsSync(objects)) throw new BackupError(`the object folder ${objects} does not exist`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const staging = mkdtempSync(path.join(os.tmpdir(), 'pl-backup-'));
  try {
    const server = await serverVersion(client);
    const problem = toolProblem('pg_dump', server);
    if (problem) throw new BackupError(problem);
    const database = (await client.query('SELECT current_database() AS name')).rows[0].name;
    const { rows: present } = await client.query('SELECT nspname AS name FROM pg_namespace WHERE nspname = ANY($1)', [schemas]);
    const missing = schemas.filter((s) => !present.some((p) => p.name === s));
    if (missing.length) throw new BackupError(`database ${database} has no schema ${missing.join(', ')}: is DATABASE_URL the shop's database? (--schemas names the ones to back up)`);
    // Extensions live outside the schemas (pg_trgm in public): the restore creates them first.
    const { rows: extensions } = await client.query(`SELECT e.extname AS name, n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname <> 'plpgsql' ORDER BY 1`);

    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows: snapshot } = await client.query('SELECT pg_export_snapshot() AS id');
    const rows = await countRows(client, schemas);
    const { dbname, env } = libpqConnection(databaseUrl);
    const dumpFile = path.join(staging, 'database.dump');
    runTool('pg_dump', ['--format=custom', `--snapshot=${snapshot[0].id}`, ...schemas.map((s) => `--schema=${s}`), `--file=${dumpFile}`, `--dbname=${dbname}`], env);
    await client.query('COMMIT');

    let objectStore = null;
    if (objects) {
      cpSync(objects, path.join(staging, 'objects'), { recursive: true });
      objectStore = { ...folderSize(path.join(staging, 'objects')), source: path.resolve(objects) };
    }
    const manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database,
      server,
      pgDump: toolVersion('pg_dump'),
      schemas,
      extensions,
      rows,
      objects: objectStore,
    };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    // Written beside its final name and renamed: a backup that is there is whole. 0600: it holds
    // customers' details and password hashes.
    mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    const partial = `${out}.partial`;
    tar(['-cf', partial, '-C', staging, 'manifest.json', 'database.dump', ...(objectStore ? ['objects'] : [])]);
    chmodSync(partial, 0o600);
    renameSync(partial, out);

    const tableCount = Object.keys(rows).length;
    const rowCount = Object.values(rows).reduce((a, b) => a + b, 0);
    const summary = { file: path.resolve(out), bytes: statSync(out).size, schemas, tables: tableCount, rows: rowCount, objects: objectStore?.files ?? 0, ms: Date.now() - started };
    log(
      `backed up ${schemas.length} schemas of ${database} (${tableCount} tables, ${rowCount} rows${objectStore ? `, ${objectStore.files} object files` : ''}) ` +
        `to ${summary.file} (${(summary.bytes / 1e6).toFixed(1)} MB) in ${(summary.ms / 1000).toFixed(1)} s`,
    );
    return summary;
  } finally {
    await client.end().catch(() => {});
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Runs a CLI's main: a BackupError prints its message alone and exits 1. */
export async function cli(main) {
  try {
    await main();
  } catch (err) {
    console.error(err instanceof BackupError ? `error: ${err.message}` : err);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void cli(async () => {
    const { values } = parseArgs({ options: { out: { type: 'string' }, objects: { type: 'string' }, schemas: { type: 'string' } } });
    await backup({
      databaseUrl: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
      out: values.out,
      objects: values.objects,
      schemas: values.schemas?.split(',').map((s) => s.trim()).filter(Boolean),
    });
  });
}
