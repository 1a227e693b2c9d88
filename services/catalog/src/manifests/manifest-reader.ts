// Issue 30, the first part: reading a supplier's manifest (a CSV of what a lot holds). The bytes are
// decoded as UTF-8 (with or without a BOM) or, when they are not UTF-8, as Windows-1252 (what a
// spreadsheet on Windows saves), and the reader says which. Rows come from csv-parse, streamed, so a
// 50,000-row file is never held as rows all at once; each row is checked against the column mapping
// and refused with the row and column that are wrong. A cell is kept as the text it is: a formula
// (`=HYPERLINK(…)`) stays text here and is made inert by spreadsheetSafe on the way out.
import { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import iconv from 'iconv-lite';
import { CategoryIds, ConditionGrades, MANIFEST_MAX_BYTES, ManifestFields, type CategoryId, type ColumnMapping, type ConditionGrade, type ManifestField } from '@pl/contracts';
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

/** The text of a manifest's bytes and the encoding it was read as. */
export function decodeManifest(bytes: Buffer): { text: string; encoding: ManifestEncoding } {
  if (bytes.length === 0) throw new ManifestRefused('The file is empty.');
  if (bytes.length > MANIFEST_MAX_BYTES) throw new ManifestRefused(`The file is too large: at most ${MANIFEST_MAX_BYTES / 1024 / 1024} MB.`);
  // A NUL never appears in a text file: a spreadsheet's .xlsx, a PDF or an image is not a CSV.
  if (bytes.includes(0)) throw new ManifestRefused('The file is not a CSV: save the manifest as CSV (comma-separated values) and upload that.', 415);
  if (bytes.subarray(0, 3).equals(BOM)) return { text: new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(3)), encoding: 'utf-8 with BOM' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // iconv-lite, not TextDecoder: Node's 'windows-1252' decodes as Latin-1 (0x93 is a control, not “).
    return { text: iconv.decode(bytes, 'win1252'), encoding: 'windows-1252' };
  }
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
const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

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

/** A row as it will be imported. */
export interface ManifestRow {
  sku: string;
  title: string;
  brand: string | null;
  category: CategoryId;
  quantity: number;
  retailCents: number | null;
  unitCostCents: number | null;
  condition: ConditionGrade;
  notes: string | null;
  location: string | null;
}

export interface RowProblem {
  /** The row's line in the file (the header is row 1). */
  row: number;
  column: string;
  message: string;
}

/** A row read: its value or its problems, and its cells as the file has them. */
export type ReadRow = { row: number; cells: readonly string[] } & ({ ok: true; value: ManifestRow } | { ok: false; problems: RowProblem[] });

/** What a supplier's condition words mean as the shop's grades. */
const CONDITION_WORDS: Record<string, ConditionGrade> = {
  new: 'NEW_IN_BOX', newinbox: 'NEW_IN_BOX', brandnew: 'NEW_IN_BOX', sealed: 'NEW_IN_BOX', nib: 'NEW_IN_BOX',
  openbox: 'OPEN_BOX', likenew: 'OPEN_BOX', customerreturn: 'OPEN_BOX', returned: 'OPEN_BOX',
  lightlyused: 'LIGHTLY_USED', verygood: 'LIGHTLY_USED', good: 'LIGHTLY_USED',
  used: 'USED', fair: 'USED', acceptable: 'USED', refurbished: 'USED',
  forparts: 'FOR_PARTS', parts: 'FOR_PARTS', salvage: 'FOR_PARTS', asis: 'FOR_PARTS', damaged: 'FOR_PARTS', broken: 'FOR_PARTS',
};

const MONEY = /^\$?\s*(\d{1,7})(?:[.,](\d{1,2}))?$/;
const toCents = (text: string) => {
  const m = MONEY.exec(text.replace(/,(?=\d{3}\b)/g, ''));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : null;
};

/** One row's cells read through the mapping; problems named by row and column ('row 214: quantity "two" is not a number'). */
export function readRow(cells: readonly string[], mapping: ColumnMapping, row: number, headers: readonly string[]): ReadRow {
  const problems: RowProblem[] = [];
  const cell = (field: ManifestField) => (mapping[field] === undefined ? '' : (cells[mapping[field]!] ?? '').trim());
  const column = (field: ManifestField) => (mapping[field] === undefined ? field : headers[mapping[field]!] ?? field);
  const problem = (field: ManifestField, message: string) => problems.push({ row, column: column(field), message: `row ${row}: ${message}` });

  const sku = cell('sku');
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(sku)) problem('sku', sku ? `${column('sku')} "${sku}" is not a sku (letters, digits, . _ -, at most 64)` : `${column('sku')} is empty`);
  const title = cell('title');
  if (!title) problem('title', `${column('title')} is empty`);
  else if (title.length > 300) problem('title', `${column('title')} is longer than 300 characters`);
  const quantityText = cell('quantity') || '1';
  const quantity = /^\d{1,6}$/.test(quantityText) ? Number(quantityText) : NaN;
  if (!Number.isInteger(quantity)) problem('quantity', `${column('quantity')} "${quantityText}" is not a number`);
  else if (quantity < 1) problem('quantity', `${column('quantity')} must be at least 1`);
  const money = (field: 'retail' | 'unitCost') => {
    const text = cell(field);
    if (!text) return null;
    const cents = toCents(text);
    if (cents === null) problem(field, `${column(field)} "${text}" is not an amount`);
    return cents;
  };
  const retailCents = money('retail');
  const unitCostCents = money('unitCost');
  const conditionText = cell('condition');
  const condition = conditionText ? ((ConditionGrades as readonly string[]).includes(conditionText.toUpperCase().replace(/[\s-]+/g, '_')) ? (conditionText.toUpperCase().replace(/[\s-]+/g, '_') as ConditionGrade) : CONDITION_WORDS[squash(conditionText)]) : 'OPEN_BOX';
  if (!condition) problem('condition', `${column('condition')} "${conditionText}" is not a grade the shop knows`);
  const categoryText = squash(cell('category'));
  const category: CategoryId = CategoryIds.find((id) => squash(id) === categoryText) ?? 'general';
  if (problems.length > 0) return { row, cells, ok: false, problems };
  return {
    row,
    cells,
    ok: true,
    value: { sku, title, brand: cell('brand') || null, category, quantity, retailCents, unitCostCents, condition: condition!, notes: cell('notes') || null, location: cell('location') || null },
  };
}

/**
 * The manifest's header and its rows, streamed (from its text, or a stream of its text such as
 * decodedManifestStream): csv-parse reads a record at a time, and
 * each is checked as it comes. A file csv-parse cannot read (an unclosed quote, rows of another
 * width than the header) is refused whole, naming the line.
 */
export async function* readManifest(source: string | Readable, mapping?: ColumnMapping): AsyncGenerator<{ headers: string[]; mapping: ColumnMapping } | ReadRow> {
  // A string goes in slices: csv-parse handed a whole 5 MB file as one chunk rescans what is left of
  // it at every record (most of an import's time, measured), where a file's stream comes in 64 kB.
  const text = typeof source === 'string' ? Readable.from(slices(source, 64 * 1024)) : source;
  const parser = text.pipe(parse({ relax_column_count: false, skip_empty_lines: true, trim: false }));
  // A source that fails (storage gone mid-file) fails the parse, not the process.
  if (typeof source !== 'string') source.once('error', (err) => parser.destroy(err));
  let headers: string[] | undefined;
  let used: ColumnMapping = mapping ?? {};
  let row = 1;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!headers) {
        headers = record.map((h) => h.trim());
        used = mapping ?? detectColumns(headers);
        yield { headers, mapping: used };
        continue;
      }
      row += 1;
      yield readRow(record, used, row, headers);
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
  }
  if (!headers) throw new ManifestRefused('The file has no header row.');
}

function* slices(text: string, size: number): Generator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

/** The text of a stored manifest as a stream, decoded as it was read at upload (a BOM dropped). */
export function decodedManifestStream(bytes: Readable, encoding: ManifestEncoding): Readable {
  const decoder = iconv.decodeStream(encoding === 'windows-1252' ? 'win1252' : 'utf8', { stripBOM: true }) as unknown as Readable & NodeJS.WritableStream;
  bytes.once('error', (err) => decoder.destroy(err));
  return bytes.pipe(decoder);
}
