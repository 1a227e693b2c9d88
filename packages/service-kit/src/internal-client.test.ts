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

  describe('with several instances of the peer (decision 039)', () => {
    /** A peer instance that answers with its name and keeps what it was asked. */
    async function instance(name: string): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
      const hits: string[] = [];
      const peer = createServer((req, res) => {
        req.resume().on('end', () => {
          hits.push(`${req.method} ${req.url}`);
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name }));
        });
      });
      await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
      return {
        url: `http://127.0.0.1:${(peer.address() as AddressInfo).port}`,
        hits,
        close: () => {
          peer.closeAllConnections();
          return new Promise((resolve) => peer.close(() => resolve()));
        },
      };
    }

    it('takes turns between them', async () => {
      const [a, b] = await Promise.all([instance('a'), instance('b')]);
      try {
        const call = createPeerCaller({ baseUrl: [a.url, b.url], token: 't', timeoutMs: 2000 });
        const names = [];
        for (let i = 0; i < 4; i++) names.push(((await call('GET', '/x')).json as { name: string }).name);
        expect(names).toEqual(['a', 'b', 'a', 'b']);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('sends a call an instance refused to the next one, a write included, and passes the refusing one over', async () => {
      const live = await instance('live');
      try {
        const call = createPeerCaller({ baseUrl: ['http://127.0.0.1:9', live.url], token: 't', timeoutMs: 2000 });
        const answers = [];
        for (let i = 0; i < 4; i++) answers.push((await call('POST', '/internal/holds', { body: { i } })).json);
        expect(answers).toEqual(Array(4).fill({ name: 'live' }));
        expect(live.hits).toEqual(Array(4).fill('POST /internal/holds'));
      } finally {
        await live.close();
      }
    });

    it('sends a call again when the kept-alive connection it was put on had been closed by a stopped instance', async () => {
      const [a, b] = await Promise.all([instance('a'), instance('b')]);
      try {
        const call = createPeerCaller({ baseUrl: [a.url, b.url], token: 't', timeoutMs: 2000 });
        await call('GET', '/warm-a');
        await call('GET', '/warm-b');
        await a.close();
        const answers = [];
        for (let i = 0; i < 4; i++) answers.push(((await call('POST', '/internal/holds', { body: { i } })).json as { name: string }).name);
        expect(answers).toEqual(['b', 'b', 'b', 'b']);
        expect(b.hits.filter((h) => h.startsWith('POST'))).toHaveLength(4);
      } finally {
        await b.close();
      }
    });

    it('does not repeat a call that reached an instance and then failed (it may have acted on it)', async () => {
      const other = await instance('other');
      try {
        const call = createPeerCaller({ baseUrl: [url, other.url], token: 't', timeoutMs: 100 });
        await expect(call('POST', '/slow', { body: {} })).rejects.toBeInstanceOf(PeerUnreachableError);
        expect(other.hits).toEqual([]);
      } finally {
        await other.close();
      }
    });
  });
});
