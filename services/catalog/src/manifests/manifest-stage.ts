// A manifest's rows staged in PostgreSQL at upload (decision 064): COPY reads the file into a table
// of its own, a text column per header cell and each row's number, at the speed of a bare COPY and
// without the rows ever being held in Node. Dry runs and the import read them there in SQL
// (manifest-plan.ts). When COPY cannot read a file, csv-parse reads it: to refuse it whole, saying
// why and where, or to stage what COPY is stricter about (a blank line between rows) row by row.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { AppError, withTransaction, type Pool, type Queryable } from '@pl/service-kit';
import { ErrorCodes, type ColumnMapping } from '@pl/contracts';
import type { ObjectStorage } from '../storage/object-storage.js';
import { ManifestRefused, manifestText, readManifest, utf8Bytes, type ManifestEncoding } from './manifest-reader.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The table a manifest's rows are staged in (a name made of its id alone: safe in SQL as it is). */
export function stagedTable(manifestId: string): string {
  if (!UUID.test(manifestId)) throw new Error(`not a manifest id: ${manifestId}`);
  return `manifest_lines_${manifestId.replace(/-/g, '')}`;
}

/** An error of the data COPY was given (SQLSTATE class 22: a ragged row, an unclosed quote, a blank line). */
const isDataError = (err: unknown) => typeof (err as { code?: unknown }).code === 'string' && (err as { code: string }).code.startsWith('22');

/**
 * Stages a manifest's rows in the caller's transaction and answers how many there are. `utf8` is
 * the file as UTF-8 (its header line first); `text` its decoded text, asked for only when COPY
 * cannot read the file.
 */
export async function stageRows(client: pg.PoolClient, manifestId: string, columns: number, utf8: Buffer, text: () => string): Promise<number> {
  const table = stagedTable(manifestId);
  const cells = Array.from({ length: columns }, (_, i) => `c${i + 1}`).join(', ');
  // Rows are numbered as the admin sees them: the header is row 1.
  const create = `CREATE TABLE ${table} (row int GENERATED ALWAYS AS IDENTITY (START 2 CACHE 1000), ${cells.replace(/(c\d+)/g, '$1 text')})`;
  await client.query('SAVEPOINT manifest_stage');
  let rows: number;
  try {
    await client.query(create);
    const copy = client.query(copyFrom(`COPY ${table} (${cells}) FROM STDIN WITH (FORMAT csv, HEADER true)`));
    await pipeline(Readable.from(slices(utf8, 1024 * 1024)), copy);
    rows = copy.rowCount;
  } catch (err) {
    if (!isDataError(err)) throw err;
    await client.query('ROLLBACK TO SAVEPOINT manifest_stage');
    await client.query(create);
    rows = await stageParsed(client, table, cells, text());
  }
  await client.query(`ALTER TABLE ${table} ADD PRIMARY KEY (row)`);
  await client.query('RELEASE SAVEPOINT manifest_stage');
  return rows;
}

function* slices(bytes: Buffer, size: number): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** The rows as csv-parse reads them, each cell quoted for COPY; a file it cannot read is refused (ManifestRefused). */
async function stageParsed(client: pg.PoolClient, table: string, cells: string, text: string): Promise<number> {
  let rows = 0;
  async function* records() {
    for await (const item of readManifest(text)) {
      if ('headers' in item) continue;
      rows++;
      yield item.cells;
    }
  }
  const copy = client.query(copyFrom(`COPY ${table} (${cells}) FROM STDIN WITH (FORMAT csv)`));
  await pipeline(Readable.from(records()), stringify({ quoted_string: true }), copy);
  return rows;
}

const staged = async (db: Queryable, manifestId: string) =>
  (await db.query<{ staged: boolean }>('SELECT to_regclass($1) IS NOT NULL AS staged', [stagedTable(manifestId)])).rows[0]!.staged;

/**
 * Stages a manifest's rows from its stored file when they are not staged (a manifest uploaded
 * before rows were staged at upload); once, whoever asks at the same moment.
 */
export async function ensureStaged(pool: Pool, storage: ObjectStorage, manifest: { id: string; storageKey: string; encoding: ManifestEncoding; headers: readonly string[] }): Promise<void> {
  if (await staged(pool, manifest.id)) return;
  const stored = await storage.get(manifest.storageKey);
  if (!stored) throw new AppError(500, ErrorCodes.internal, 'The manifest file is missing from storage');
  const bytes = Buffer.concat(await stored.body.toArray());
  await withTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('pl:manifest-stage:' || $1, 0))`, [manifest.id]);
    if (await staged(client, manifest.id)) return;
    await stageRows(client, manifest.id, manifest.headers.length, utf8Bytes(bytes, manifest.encoding), () => manifestText(bytes, manifest.encoding));
  });
}

/**
 * How much of a large file is read for its header and first rows, smallest first (the whole file
 * when they do not fit): csv-parse reads what it is given, and 256 kB of a 5 MB file cost ~45 ms
 * where 4 kB mostly hold a supplier's header and first rows.
 */
const HEAD_BYTES = [4 * 1024, 256 * 1024];

/** The header, the mapping it suggests and the first rows as the file has them, read by csv-parse. */
export async function readHead(bytes: Buffer, encoding: ManifestEncoding, sampleRows: number): Promise<{ headers: string[]; mapping: ColumnMapping; sample: string[][] }> {
  const start = encoding === 'utf-8 with BOM' ? 3 : 0;
  for (const size of HEAD_BYTES) {
    if (bytes.length <= start + size || encoding === 'windows-1252') break;
    // One row more than the sample proves the sample's last row ended inside the slice.
    const head = await headOf(bytes.subarray(start, start + size).toString('utf8'), sampleRows + 1).catch((err: unknown) => {
      if (err instanceof ManifestRefused) return null;
      throw err;
    });
    if (head && head.sample.length === sampleRows + 1) return { ...head, sample: head.sample.slice(0, sampleRows) };
  }
  return headOf(manifestText(bytes, encoding), sampleRows);
}

async function headOf(text: string, rows: number): Promise<{ headers: string[]; mapping: ColumnMapping; sample: string[][] }> {
  let head: { headers: string[]; mapping: ColumnMapping } | undefined;
  const sample: string[][] = [];
  for await (const item of readManifest(text)) {
    if ('headers' in item) head = item;
    else sample.push(item.cells);
    if (sample.length >= rows) break;
  }
  return { ...head!, sample };
}
