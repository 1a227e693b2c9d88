import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPeerCaller, PeerUnreachableError } from './internal-client';

describe('createPeerCaller', () => {
  let server: Server;
  let url: string;
  const seen: Array<{ method?: string; url?: string; authorization?: string; body: string }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body });
        if (req.url === '/refused') {
          res.writeHead(409, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Sold out', code: 'INSUFFICIENT_STOCK' }));
        } else if (req.url === '/slow') {
          setTimeout(() => res.writeHead(200).end('{}'), 1000);
        } else if (req.url === '/html') {
          res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>oops</h1>');
        } else {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: body ? JSON.parse(body) : null }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  it('sends JSON with the shared token to internal routes only, and answers status and JSON', async () => {
    const call = createPeerCaller({ baseUrl: url, token: 'secret-token', timeoutMs: 2000 });
    expect(await call('PUT', '/internal/x', { body: { n: 1 } })).toEqual({ status: 200, ok: true, json: { echo: { n: 1 } } });
    await call('GET', '/api/public', { internal: false });
    expect(seen.slice(-2).map((s) => [s.method, s.url, s.authorization])).toEqual([
      ['PUT', '/internal/x', 'Bearer secret-token'],
      ['GET', '/api/public', undefined],
    ]);
  });

  it("gives a refusal's error body, and none for a body that is not one", async () => {
    const call = createPeerCaller({ baseUrl: url, token: 't', timeoutMs: 2000 });
    expect(await call('POST', '/refused')).toEqual({ status: 409, ok: false, json: { message: 'Sold out', code: 'INSUFFICIENT_STOCK' }, error: { message: 'Sold out', code: 'INSUFFICIENT_STOCK' } });
    expect(await call('GET', '/html')).toEqual({ status: 500, ok: false, json: undefined });
  });

  it('throws PeerUnreachableError when nothing answers', async () => {
    const call = createPeerCaller({ baseUrl: 'http://127.0.0.1:9', token: 't', timeoutMs: 2000 });
    await expect(call('GET', '/x')).rejects.toBeInstanceOf(PeerUnreachableError);
  });

  it('throws PeerUnreachableError when the peer does not answer in time', async () => {
    const call = createPeerCaller({ baseUrl: url, token: 't', timeoutMs: 100 });
    await expect(call('GET', '/slow')).rejects.toBeInstanceOf(PeerUnreachableError);
  });

  it('makes calls one after another on one kept-alive connection', async () => {
    let connections = 0;
    const count = () => connections++;
    server.on('connection', count);
    try {
      const call = createPeerCaller({ baseUrl: url, token: 't', timeoutMs: 2000 });
      for (let i = 0; i < 5; i++) expect((await call('GET', `/internal/${i}`)).status).toBe(200);
      expect(connections).toBe(1);
    } finally {
      server.off('connection', count);
    }
  });
});
