import { readHead } from './manifest-stage.js';

const HEADER = 'SKU,Title,Notes';

/** A manifest of `rows` rows whose notes are `notesLength` characters, quoted and holding a comma and a line break. */
function manifest(rows: number, notesLength: number) {
  const lines = [HEADER];
  for (let i = 1; i <= rows; i++) lines.push(`A${i},"Drill ${i}, 20V","${`n${i},\n`.padEnd(notesLength, 'x')}"`);
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

/** The first rows as a full parse of the file reads them. */
const firstRows = (bytes: Buffer, n: number) =>
  Array.from({ length: n }, (_, i) => [`A${i + 1}`, `Drill ${i + 1}, 20V`, bytes.toString('utf8').split('\r\n')[i + 1]!.split(',"')[2]!.slice(0, -1)]);

describe('reading the head of a large file', () => {
  it('reads the header and first rows from the file’s first kilobytes when they hold them', async () => {
    const bytes = manifest(5_000, 20);
    const head = await readHead(bytes, 'utf-8', 5);
    expect(head.headers).toEqual(['SKU', 'Title', 'Notes']);
    expect(head.mapping).toMatchObject({ sku: 0, title: 1, notes: 2 });
    expect(head.sample).toEqual(firstRows(bytes, 5));
  });

  it('reads on when the first rows are wider than the first slice, a quoted cell cut at its end included', async () => {
    // Rows of ~1.5 kB: six of them end past 4 kB, inside a quoted cell.
    const bytes = manifest(400, 1_500);
    expect(bytes.length).toBeGreaterThan(256 * 1024);
    const head = await readHead(bytes, 'utf-8', 5);
    expect(head.sample).toEqual(firstRows(bytes, 5));
  });

  it('reads the whole file when its first rows do not fit the largest slice', async () => {
    const bytes = manifest(12, 60_000);
    const head = await readHead(bytes, 'utf-8', 5);
    expect(head.sample).toEqual(firstRows(bytes, 5));
  });
});
