// What the connector takes from a URL an admin typed, when that URL does not behave like a POS:
// bodies are read up to a limit, and the remote's error text is repeated short and printable
// (it reaches the dashboard, the sync status and the log).
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpPosConnector, noPosMessage } from '../src/connector/http-pos-connector.js';
import { posAddressPolicy } from '../src/connector/pos-address-policy.js';
import { PosError } from '../src/connector/pos-connector.js';

async function serve(handler: RequestListener): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const failure = async (promise: Promise<unknown>): Promise<PosError> => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof PosError) return err;
    throw err;
  }
  throw new Error('expected a PosError');
};

describe('the POS connector against a server that is not a good POS', () => {
  const servers: Server[] = [];
  const addresses = posAddressPolicy({ allowPrivate: true });
  afterAll(async () => {
    for (const s of servers) await new Promise((resolve) => s.close(resolve));
    await addresses.dispatcher.destroy();
  });
  const start = async (handler: RequestListener) => {
    const { url, server } = await serve(handler);
    servers.push(server);
    return { url, pos: createHttpPosConnector({ baseUrl: url, apiKey: 'k', addresses, timeoutMs: 5000 }) };
  };

  it('repeats a long error message cut to 300 printable characters', async () => {
    const { pos } = await start((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'invalid_request', message: `bad\u0000\u001b[31m${'x'.repeat(5000)}` } }));
    });
    const err = await failure(pos.merchant());
    expect(err.kind).toBe('rejected');
    expect(err.message.startsWith('The POS rejected the request: bad')).toBe(true);
    expect(err.message).not.toMatch(/[\u0000-\u001f]/);
    expect(err.message.length).toBeLessThanOrEqual('The POS rejected the request: '.length + 300);
  });

  it('stops reading an answer beyond 20 MB, declared or not: no POS answers like that', async () => {
    const chunk = Buffer.alloc(1_000_000, 'a');
    const streaming = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      let sent = 0;
      const more = () => {
        while (sent < 25 && res.write(chunk)) sent += 1;
        if (sent >= 25) res.end();
        else res.once('drain', () => ((sent += 1), more()));
      };
      more();
    });
    const streamed = await failure(streaming.pos.merchant());
    expect([streamed.kind, streamed.message]).toEqual(['unreachable', noPosMessage(streaming.url)]);

    const declared = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(30_000_000) });
      res.write('{');
      setTimeout(() => res.destroy(), 1000).unref();
    });
    const refused = await failure(declared.pos.merchant());
    expect([refused.kind, refused.message]).toEqual(['unreachable', noPosMessage(declared.url)]);
  });

  it('tells the server log why no POS answered, and the caller only that none did', async () => {
    const warn = jest.fn();
    const web = await serve((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'));
    servers.push(web.server);
    const webUrl = web.url;
    const closed = await serve(() => undefined);
    await new Promise((resolve) => closed.server.close(resolve));
    const connector = (baseUrl: string) => createHttpPosConnector({ baseUrl, apiKey: 'k', addresses, timeoutMs: 5000, logger: { warn } });

    const errors = [await failure(connector(webUrl).merchant()), await failure(connector(closed.url).merchant())];

    expect(errors.map((e) => [e.kind, e.message])).toEqual([
      ['unreachable', noPosMessage(webUrl)],
      ['unreachable', noPosMessage(closed.url)],
    ]);
    expect(warn.mock.calls).toEqual([
      [{ posUrl: webUrl, reason: 'not a POS API answer: HTTP 200, not the expected body' }, 'no POS answered'],
      [{ posUrl: closed.url, reason: expect.stringContaining('ECONNREFUSED') }, 'no POS answered'],
    ]);
  });
});
