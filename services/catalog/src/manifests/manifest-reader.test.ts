import { decodeManifest, detectColumns, ManifestRefused, readManifest, spreadsheetSafe, type ReadRow } from './manifest-reader.js';

/** Every row of a manifest's text, after its header. */
async function rowsOf(text: string) {
  const out: { headers?: string[]; mapping?: unknown; rows: ReadRow[] } = { rows: [] };
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

describe('reading rows', () => {
  const header = 'SKU,Title,Qty,MSRP,Unit Cost,Condition,Category,Notes';

  it('reads each row through the mapping, grades and categories in the shop’s words, money in cents', async () => {
    const { rows, mapping } = await rowsOf(`${header}\nTV-55,"Smart TV, 55""",2,"$1,299.99",310.5,Customer Return,Electronics,Box dented\nBK-1,Bike,1,450,,for parts,sports outdoors,\n`);
    expect(mapping).toEqual({ sku: 0, title: 1, quantity: 2, retail: 3, unitCost: 4, condition: 5, category: 6, notes: 7 });
    expect(rows).toEqual([
      { row: 2, cells: ['TV-55', 'Smart TV, 55"', '2', '$1,299.99', '310.5', 'Customer Return', 'Electronics', 'Box dented'], ok: true, value: { sku: 'TV-55', title: 'Smart TV, 55"', brand: null, category: 'electronics', quantity: 2, retailCents: 129999, unitCostCents: 31050, condition: 'OPEN_BOX', notes: 'Box dented', location: null } },
      { row: 3, cells: ['BK-1', 'Bike', '1', '450', '', 'for parts', 'sports outdoors', ''], ok: true, value: { sku: 'BK-1', title: 'Bike', brand: null, category: 'sports-outdoors', quantity: 1, retailCents: 45000, unitCostCents: null, condition: 'FOR_PARTS', notes: null, location: null } },
    ]);
  });

  it('names every problem by row and column, and reads on', async () => {
    const { rows } = await rowsOf(`${header}\nA-1,Lamp,two,12,,new,,\n,Chair,1,abc,,mint,,\nB-2,,0,,,,,\n`);
    expect(rows.map((r) => (r.ok ? 'ok' : r.problems.map((p) => p.message)))).toEqual([
      ['row 2: Qty "two" is not a number'],
      ['row 3: SKU is empty', 'row 3: MSRP "abc" is not an amount', 'row 3: Condition "mint" is not a grade the shop knows'],
      ['row 4: Title is empty', 'row 4: Qty must be at least 1'],
    ]);
  });

  it('keeps a formula as text, and makes it inert for a spreadsheet on the way out', async () => {
    const { rows } = await rowsOf(`SKU,Title\nF-1,"=HYPERLINK(""http://evil.example"",""click"")"\n`);
    const title = rows[0]!.ok ? rows[0]!.value.title : '';
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

  it('streams a 50,000-row manifest row by row', async () => {
    const lines = [header, ...Array.from({ length: 50_000 }, (_, i) => `SKU-${i},Item ${i},1,19.99,4.00,used,general,`)];
    let count = 0;
    for await (const item of readManifest(lines.join('\n'))) if (!('headers' in item) && item.ok) count++;
    expect(count).toBe(50_000);
  });
});
