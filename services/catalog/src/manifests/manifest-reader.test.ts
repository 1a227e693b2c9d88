import { detectColumns, manifestEncoding, ManifestRefused, manifestText, readManifest, spreadsheetSafe, utf8Bytes, type FileRow } from './manifest-reader.js';

/** A manifest's bytes checked, and read as the encoding they are. */
function decodeManifest(bytes: Buffer) {
  const encoding = manifestEncoding(bytes);
  return { text: manifestText(bytes, encoding), encoding };
}

/** Every row of a manifest's text, after its header. */
async function rowsOf(text: string) {
  const out: { headers?: string[]; mapping?: unknown; rows: FileRow[] } = { rows: [] };
  for await (const item of readManifest(text)) {
    if ('headers' in item) Object.assign(out, item);
    else out.rows.push(item);
  }
  return out;
}

describe('decoding a manifest', () => {
  it('reads UTF-8 with and without a BOM, and Windows-1252 when the bytes are not UTF-8, saying which', () => {
    expect(decodeManifest(Buffer.from('SKU,Title\nA1,Caf\u00e9 table\n'))).toEqual({ text: 'SKU,Title\nA1,Caf\u00e9 table\n', encoding: 'utf-8' });
    expect(decodeManifest(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('SKU\nA1\n')]))).toEqual({ text: 'SKU\nA1\n', encoding: 'utf-8 with BOM' });
    // "Café “deluxe”" as Excel on Windows saves it.
    const cp1252 = Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x64, 0x65, 0x6c, 0x75, 0x78, 0x65, 0x94]);
    expect(decodeManifest(cp1252)).toEqual({ text: 'Caf\u00e9 \u201cdeluxe\u201d', encoding: 'windows-1252' });
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'The file is empty.'],
    ['a binary file (an .xlsx)', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), 'The file is not a CSV: save the manifest as CSV (comma-separated values) and upload that.'],
    ['a file over the limit', Buffer.alloc(20 * 1024 * 1024 + 1, 0x41), 'The file is too large: at most 20 MB.'],
  ])('refuses %s whole, saying why', (_what, bytes, message) => {
    expect(() => decodeManifest(bytes)).toThrow(new ManifestRefused(message));
  });
});

describe('the column mapping', () => {
  it("recognises suppliers' headers, whatever their case and punctuation, one column per field", () => {
    expect(detectColumns(['Item #', 'Item Description', 'Qty', 'MSRP', 'Unit Cost', 'Condition', 'Brand', 'Dept.'])).toEqual({
      sku: 0,
      title: 1,
      quantity: 2,
      retail: 3,
      unitCost: 4,
      condition: 5,
      brand: 6,
      category: 7,
    });
    expect(detectColumns(['UPC', 'Product Name', 'Units'])).toEqual({ sku: 0, title: 1, quantity: 2 });
    expect(detectColumns(['foo', 'bar'])).toEqual({});
  });
});

// What the rows mean (the mapping, every cell checked, grades and money) is read in SQL:
// services/catalog/test/manifests.test.ts ('reading rows').
describe('reading rows', () => {
  it('reads each row as the file has it, quotes and all, numbered from the header', async () => {
    const { rows, mapping } = await rowsOf(`SKU,Title,Qty,MSRP\nTV-55,"Smart TV, 55""",2,"$1,299.99"\n\nBK-1,Bike,1,450\n`);
    expect(mapping).toEqual({ sku: 0, title: 1, quantity: 2, retail: 3 });
    expect(rows).toEqual([
      { row: 2, cells: ['TV-55', 'Smart TV, 55"', '2', '$1,299.99'] },
      { row: 3, cells: ['BK-1', 'Bike', '1', '450'] },
    ]);
  });

  it('keeps a formula as text, and makes it inert for a spreadsheet on the way out', async () => {
    const { rows } = await rowsOf(`SKU,Title\nF-1,"=HYPERLINK(""http://evil.example"",""click"")"\n`);
    const title = rows[0]!.cells[1]!;
    expect(title).toBe('=HYPERLINK("http://evil.example","click")');
    expect(spreadsheetSafe(title)).toBe(`'${title}`);
    expect(['+1', '-1', '@SUM(A1)', '\tx', 'plain'].map(spreadsheetSafe)).toEqual(["'+1", "'-1", "'@SUM(A1)", "'\tx", 'plain']);
  });

  it.each([
    ['an unclosed quote', 'SKU,Title\nA-1,"Lamp\nB-2,Chair\n', /^A quote is opened and never closed/],
    ['a row wider than the header', 'SKU,Title\nA-1,Lamp,extra\n', /^A row has another number of cells than the header \(line 2\)/],
    ['no header at all', '\n\n', /^The file has no header row\.$/],
  ])('refuses a file with %s whole, naming the line', async (_what, text, message) => {
    await expect(rowsOf(text)).rejects.toThrow(message);
    await expect(rowsOf(text)).rejects.toBeInstanceOf(ManifestRefused);
  });

  it('gives PostgreSQL UTF-8: UTF-8 as it is, Windows-1252 decoded', () => {
    const utf8 = Buffer.from('SKU\nCaf\u00e9\n');
    expect(utf8Bytes(utf8, 'utf-8')).toBe(utf8);
    expect(utf8Bytes(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x78, 0x94]), 'windows-1252').toString('utf8')).toBe('Caf\u00e9 \u201cx\u201d');
  });
});
