// CSV files the shop hands out (exports) and reads back (manifests kept as text): one rule for
// cells a spreadsheet would run as formulas, and one way of streaming a file to a response.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';

/** A cell for a spreadsheet: text that a spreadsheet would run as a formula gets a leading apostrophe. */
export function spreadsheetSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export type CsvCell = string | number | boolean | null;

/**
 * Streams rows to the response as a CSV attachment: a header line, then each row as it comes, so
 * a file of any size is never held whole in memory (the stringifier waits while the client is
 * slow, and the row source with it). Every text cell is made spreadsheet-safe.
 */
export async function sendCsv(res: Response, filename: string, header: readonly string[], rows: AsyncIterable<readonly CsvCell[]>): Promise<void> {
  res
    .status(200)
    .set('content-type', 'text/csv; charset=utf-8')
    .set('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .set('cache-control', 'no-store');
  const csv = stringify({
    header: true,
    columns: header.map((name) => spreadsheetSafe(name)),
    // Excel reads a UTF-8 file as Windows-1252 unless it starts with a byte order mark.
    bom: true,
    cast: { string: spreadsheetSafe, boolean: (value) => (value ? 'true' : 'false') },
  });
  try {
    await pipeline(Readable.from(rows), csv, res);
  } catch (err) {
    // The header (and maybe rows) are already sent: a cut connection is all the client can be told.
    res.destroy(err as Error);
    throw err;
  }
}
