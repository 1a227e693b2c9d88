#!/usr/bin/env node
// Restores a shop from a file scripts/backup.mjs wrote (docs/operations.md, decision 047): checks the
// tools and the server against the manifest, creates the extensions the schemas use, restores every
// schema in one transaction, compares each table's row count with the backup's, and puts the object
// store's files back. Stop the shop's services first; start them afterwards (their migrations then
// bring an older backup forward).
//
//   DATABASE_URL=postgres://… npm run restore -- <backup.tar> [--replace] [--objects <folder>]
//
// Without --replace it refuses a database that already has any of the shop's schemas, and an object
// folder that is not empty; with it, those schemas are dropped (everything in them is lost) and the
// folder's files replaced.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BACKUP_FORMAT, BackupError, cli, countRows, DEFAULT_DATABASE_URL, libpqConnection, runTool, serverVersion, tar, toolProblem, toolVersion } from './backup.mjs';

/** Restores `file` into the database and answers what was restored. */
export async function restore({ file, databaseUrl = DEFAULT_DATABASE_URL, replace = false, objects, log = console.log }) {
  const started = Date.now();
  if (!file || !existsSync(file)) throw new BackupError(`no backup file ${file ?? '(none given)'}`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'pl-restore-'));
  const client = new pg.Client({ connectionString: databaseUrl });
  let connected = false;
  try {
    tar(['-xf', file, '-C', work]);
    const manifestFile = path.join(work, 'manifest.json');
    if (!existsSync(manifestFile)) throw new BackupError(`${file} is not a shop backup (no manifest.json)`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} is a backup of format ${manifest.format}; this restore reads ${BACKUP_FORMAT}`);

    await client.connect();
    connected = true;
    const server = await serverVersion(client);
    const problem = toolProblem('pg_restore', server);
    if (problem) throw new BackupError(problem);
    const pgRestore = toolVersion('pg_restore');
    if (pgRestore.major < manifest.pgDump.major) {
      throw new BackupError(`pg_restore ${pgRestore.text} cannot read an archive of pg_dump ${manifest.pgDump.text}: install the PostgreSQL ${manifest.pgDump.major} client or newer`);
    }
    if (server.major < manifest.server.major) {
      throw new BackupError(`the backup comes from PostgreSQL ${manifest.server.text} and this server is ${server.text}: restore into PostgreSQL ${manifest.server.major} or newer`);
    }
    const database = (await client.query('SELECT current_database() AS name')).rows[0].name;

    const { rows: existing } = await client.query('SELECT nspname AS name FROM pg_namespace WHERE nspname = ANY($1) ORDER BY 1', [manifest.schemas]);
    if (existing.length && !replace) {
      throw new BackupError(
        `database ${database} already has schema ${existing.map((s) => s.name).join(', ')}. Stop the shop's services, then run again with --replace to drop ${existing.length > 1 ? 'them' : 'it'} first (everything in ${existing.length > 1 ? 'them' : 'it'} is lost)`,
      );
    }
    const objectsTarget = objects ? path.resolve(objects) : undefined;
    if (objectsTarget && manifest.objects && existsSync(objectsTarget) && readdirSync(objectsTarget).length && !replace) {
      throw new BackupError(`the object folder ${objectsTarget} is not empty; run again with --replace to replace its files`);
    }

    if (existing.length) {
      // A service still connected holds locks on its tables: fail in a few seconds and say so, rather than wait.
      await client.query('BEGIN');
      await client.query(`SET LOCAL lock_timeout = '10s'`);
      try {
        for (const { name } of existing) await client.query(`DROP SCHEMA ${pg.escapeIdentifier(name)} CASCADE`);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        if (err.code === '55P03') throw new BackupError(`could not drop ${existing.map((s) => s.name).join(', ')}: something still uses ${existing.length > 1 ? 'them' : 'it'}; stop the shop's services and run again`);
        throw err;
      }
      log(`dropped ${existing.map((s) => s.name).join(', ')} from ${database}`);
    }
    for (const ext of manifest.extensions) {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${pg.escapeIdentifier(ext.schema)}`);
      await client.query(`CREATE EXTENSION IF NOT EXISTS ${pg.escapeIdentifier(ext.name)} WITH SCHEMA ${pg.escapeIdentifier(ext.schema)}`);
    }

    // One transaction: a restore that fails leaves no half of a shop behind. Objects are owned by
    // whoever restores: use the services' own DATABASE_URL.
    const { dbname, env } = libpqConnection(databaseUrl);
    runTool('pg_restore', ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${dbname}`, path.join(work, 'database.dump')], env);

    const rows = await countRows(client, manifest.schemas);
    const differ = Object.keys({ ...manifest.rows, ...rows }).filter((table) => manifest.rows[table] !== rows[table]);
    if (differ.length) {
      throw new BackupError(`restored, but these tables' row counts differ from the backup's: ${differ.map((t) => `${t} ${rows[t] ?? 'missing'} (backup: ${manifest.rows[t] ?? 'missing'})`).join(', ')}`);
    }

    let objectFiles = 0;
    if (manifest.objects) {
      if (objectsTarget) {
        if (replace) rmSync(objectsTarget, { recursive: true, force: true });
        mkdirSync(objectsTarget, { recursive: true });
        cpSync(path.join(work, 'objects'), objectsTarget, { recursive: true });
        objectFiles = manifest.objects.files;
      } else {
        log(`the backup also holds ${manifest.objects.files} object store files (from ${manifest.objects.source}); pass --objects <folder> to restore them`);
      }
    }
    const tables = Object.keys(rows).length;
    const rowCount = Object.values(rows).reduce((a, b) => a + b, 0);
    const summary = { schemas: manifest.schemas, tables, rows: rowCount, objects: objectFiles, backupCreatedAt: manifest.createdAt, ms: Date.now() - started };
    log(
      `restored ${manifest.schemas.length} schemas into ${database} from the backup of ${manifest.createdAt} (${tables} tables, ${rowCount} rows, every count as backed up` +
        `${objectFiles ? `; ${objectFiles} object files into ${objectsTarget}` : ''}) in ${(summary.ms / 1000).toFixed(1)} s. Start the shop's services now.`,
    );
    return summary;
  } finally {
    if (connected) await client.end().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void cli(async () => {
    const { values, positionals } = parseArgs({ allowPositionals: true, options: { replace: { type: 'boolean' }, objects: { type: 'string' } } });
    if (positionals.length !== 1) throw new BackupError('usage: npm run restore -- <backup.tar> [--replace] [--objects <folder>]');
    await restore({ file: positionals[0], databaseUrl: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, replace: values.replace ?? false, objects: values.objects });
  });
}
