import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeHeaders } from './before-headers.js';

describe('beforeHeaders', () => {
  const seen: string[] = [];
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      beforeHeaders(res, () => seen.push(`${req.url} before headers (sent: ${res.headersSent})`));
      if (req.url === '/explicit') res.writeHead(201, { 'content-type': 'text/plain' }).end('made');
      else if (req.url === '/streamed') {
        res.write('part ');
        res.end('two');
      } else res.end('implicit');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('runs once before the headers leave, however the handler answers', async () => {
    const answers = [];
    for (const path of ['/explicit', '/implicit', '/streamed']) {
      const res = await fetch(base + path);
      answers.push([res.status, await res.text()]);
    }
    expect(answers).toEqual([
      [201, 'made'],
      [200, 'implicit'],
      [200, 'part two'],
    ]);
    expect(seen).toEqual(['/explicit before headers (sent: false)', '/implicit before headers (sent: false)', '/streamed before headers (sent: false)']);
  });
});
