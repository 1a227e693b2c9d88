// Issue 30, the first part: reading a supplier's manifest (a CSV of what a lot holds). The bytes are
// decoded as UTF-8 (with or without a BOM) or, when they are not UTF-8, as Windows-1252 (what a
// spreadsheet on Windows saves), and the reader says which. The header and the first rows come from
// csv-parse (the mapping preview); the rows are read by PostgreSQL's COPY (manifest-stage.ts), and
// by csv-parse, streamed, when COPY cannot read a file (to say why, or to read what COPY is
// stricter about, such as a blank line). A cell is kept as the text it is: a formula
// (`=HYPERLINK(…)`) stays text and is made inert by spreadsheetSafe on the way out.
import { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import iconv from 'iconv-lite';
import { isUtf8 } from 'node:buffer';
import { MANIFEST_MAX_BYTES, ManifestFields, type ColumnMapping, type ConditionGrade, type ManifestField } from '@pl/contracts';
export { spreadsheetSafe } from '@pl/service-kit';

export type ManifestEncoding = 'utf-8' | 'utf-8 with BOM' | 'windows-1252';

/** A manifest that cannot be read at all: the whole file is refused, and why (400; 415 when it is not text). */
export class ManifestRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 415 = 400,
  ) {
    super(message);
  }
}


const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Checks a manifest's bytes as a file (not empty, not too large, text) and answers the encoding
 * they are read as, without decoding them: UTF-8 when they are (with or without a BOM), else
 * Windows-1252.
 */
export function manifestEncoding(bytes: Buffer): ManifestEncoding {
  if (bytes.length === 0) throw new ManifestRefused('The file is empty.');
  if (bytes.length > MANIFEST_MAX_BYTES) throw new ManifestRefused(`The file is too large: at most ${MANIFEST_MAX_BYTES / 1024 / 1024} MB.`);
  // A NUL never appears in a text file: a spreadsheet's .xlsx, a PDF or an image is not a CSV.
  if (bytes.includes(0)) throw new ManifestRefused('The file is not a CSV: save the manifest as CSV (comma-separated values) and upload that.', 415);
  if (bytes.subarray(0, 3).equals(BOM)) return 'utf-8 with BOM';
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

/** The text of bytes already checked (manifestEncoding), read as that encoding (a BOM dropped). */
export function manifestText(bytes: Buffer, encoding: ManifestEncoding): string {
  if (encoding === 'utf-8 with BOM') return new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(3));
  // iconv-lite, not TextDecoder: Node's 'windows-1252' decodes as Latin-1 (0x93 is a control, not “).
  return encoding === 'utf-8' ? bytes.toString('utf8') : iconv.decode(bytes, 'win1252');
}

/** A manifest's bytes as UTF-8 (what PostgreSQL reads them as): UTF-8 as they are, Windows-1252 decoded. */
export function utf8Bytes(bytes: Buffer, encoding: ManifestEncoding): Buffer {
  return encoding === 'windows-1252' ? Buffer.from(iconv.decode(bytes, 'win1252'), 'utf8') : bytes;
}

/** Header names suppliers use for each field (lower case, spaces and punctuation dropped). */
const HEADER_NAMES: Record<ManifestField, readonly string[]> = {
  sku: ['sku', 'upc', 'itemnumber', 'itemno', 'item', 'itemid', 'asin', 'ean', 'gtin', 'productid', 'partnumber', 'model'],
  title: ['title', 'description', 'itemdescription', 'productname', 'name', 'product', 'itemname'],
  brand: ['brand', 'manufacturer', 'make', 'vendor'],
  category: ['category', 'department', 'dept', 'productcategory', 'class'],
  quantity: ['quantity', 'qty', 'units', 'count', 'unitcount'],
  retail: ['retail', 'msrp', 'retailprice', 'unitretail', 'extretail', 'price', 'originalprice'],
  unitCost: ['unitcost', 'cost', 'costperunit', 'yourcost'],
  condition: ['condition', 'grade', 'conditiongrade'],
  notes: ['notes', 'comments', 'conditionnotes', 'remarks'],
  location: ['location', 'store', 'warehouse', 'locationid'],
};
/** A header or a name without case, spaces or punctuation ('Item #' is 'item'). */
export const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The mapping the headers suggest: each field to the first column whose header names it. */
export function detectColumns(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const taken = new Set<number>();
  for (const field of ManifestFields) {
    const index = headers.findIndex((h, i) => !taken.has(i) && HEADER_NAMES[field].includes(squash(h)));
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  return mapping;
}

/** A row as the file has it: its cells, and its number (the header is row 1). */
export interface FileRow {
  row: number;
  cells: string[];
}

/** What a supplier's condition words mean as the shop's grades (read in SQL: manifest-plan.ts). */
export const CONDITION_WORDS: Record<string, ConditionGrade> = {
  new: 'NEW_IN_BOX', newinbox: 'NEW_IN_BOX', brandnew: 'NEW_IN_BOX', sealed: 'NEW_IN_BOX', nib: 'NEW_IN_BOX',
  openbox: 'OPEN_BOX', likenew: 'OPEN_BOX', customerreturn: 'OPEN_BOX', returned: 'OPEN_BOX',
  lightlyused: 'LIGHTLY_USED', verygood: 'LIGHTLY_USED', good: 'LIGHTLY_USED',
  used: 'USED', fair: 'USED', acceptable: 'USED', refurbished: 'USED',
  forparts: 'FOR_PARTS', parts: 'FOR_PARTS', salvage: 'FOR_PARTS', asis: 'FOR_PARTS', damaged: 'FOR_PARTS', broken: 'FOR_PARTS',
};

/**
 * The manifest's header and its rows as the file has them, streamed from its text: csv-parse reads
 * a record at a time. A file csv-parse
 * cannot read (an unclosed quote, rows of another width than the header) is refused whole, naming
 * the line. The rows' meaning (the mapping, each cell checked) is read in SQL: manifest-plan.ts.
 */
export async function* readManifest(text: string): AsyncGenerator<{ headers: string[]; mapping: ColumnMapping } | FileRow> {
  // The text goes in slices: csv-parse handed a whole 5 MB file as one chunk rescans what is left of
  // it at every record.
  const parser = Readable.from(slices(text, 64 * 1024)).pipe(parse({ relax_column_count: false, skip_empty_lines: true, trim: false }));
  let headers: string[] | undefined;
  let row = 1;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!headers) {
        headers = record.map((h) => h.trim());
        yield { headers, mapping: detectColumns(headers) };
        continue;
      }
      row += 1;
      yield { row, cells: record };
    }
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines;
      const where = line ? ` (line ${line})` : '';
      if (err.code === 'CSV_QUOTE_NOT_CLOSED') throw new ManifestRefused(`A quote is opened and never closed${where}: check the cell there.`);
      if (err.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') throw new ManifestRefused(`A row has another number of cells than the header${where}.`);
      throw new ManifestRefused(`The file could not be read as CSV${where}.`);
    }
    throw err;
  } finally {
    parser.destroy();
  }
  if (!headers) throw new ManifestRefused('The file has no header row.');
}

function* slices(text: string, size: number): Generator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}
