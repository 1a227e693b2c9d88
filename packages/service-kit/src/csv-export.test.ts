import express from 'express';
import { listen } from './testing.js';
import { sendCsv, spreadsheetSafe } from './csv-export.js';

describe('spreadsheetSafe', () => {
  it('makes a cell a spreadsheet would run inert, and leaves the rest alone', () => {
    expect(['=HYPERLINK("http://x","y")', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(spreadsheetSafe)).toEqual([
      `'=HYPERLINK("http://x","y")`,
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(['plain', 'a=b', '', '12.50'].map(spreadsheetSafe)).toEqual(['plain', 'a=b', '', '12.50']);
  });
});

describe('sendCsv', () => {
  it('streams an attachment with a BOM, text cells made safe, numbers and blanks as they are', async () => {
    async function* rows() {
      yield ['=1+1', 12, null, true];
      yield ['Lamp, "brass"', -3, 'x', false];
    }
    const app = express().get('/file', (_req, res) => sendCsv(res, 'a report/1.csv', ['Title', 'Qty', 'Note', 'Flag'], rows()));
    const server = await listen(app);
    try {
      const res = await fetch(`${server.url}/file`);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="a_report_1.csv"');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.subarray(3).toString('utf8')).toBe(`Title,Qty,Note,Flag\n'=1+1,12,,true\n"Lamp, ""brass""",-3,x,false\n`);
    } finally {
      await server.close();
    }
  });
});
