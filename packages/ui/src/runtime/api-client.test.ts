import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { ApiError, apiRequest, errorCode, errorStatus, getQueryFn, readJson, retryWhileUnavailable, serverMessage } from './api-client';

// A real HTTP server stands in for the gateway; global fetch (Node 20) talks to it.
interface Seen {
  method?: string;
  url?: string;
  contentType?: string;
  body: string;
}
let server: http.Server;
/** Holds the answer to /api/first-write until a test lets it go. */
let releaseFirst: Promise<void> = Promise.resolve();
let base: string;
const seen: Seen[] = [];
/** How many more times /api/auth/me-while-down answers 503 before it answers the customer. */
let unavailableFor = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, contentType: req.headers['content-type'], body });
      if (req.url === '/api/cart') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"lines":[]}');
      if (req.url === '/api/products/p1') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"p1"}');
      if (req.url === '/api/auth/me')
        return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Not signed in","code":"UNAUTHENTICATED"}');
      if (req.url === '/api/empty-error') return void res.writeHead(503).end();
      if (req.url === '/api/auth/me-while-down') {
        if (unavailableFor-- > 0)
          return void res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' }).end('{"message":"The identity service is unavailable","code":"UPSTREAM_UNAVAILABLE"}');
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"c1"}');
      }
      if (req.url === '/api/server-error') return void res.writeHead(500, { 'retry-after': '0' }).end('{"message":"Internal server error"}');
      if (req.url === '/api/first-write') return void releaseFirst.then(() => res.writeHead(201, { 'x-pl-guest-session': '1' }).end('{}'));
      if (req.url === '/api/second-write') return void res.writeHead(201).end('{}');
      if (req.url === '/api/cart/lines') return void res.writeHead(409).end('{"message":"Item is reserved by another shopper","code":"ITEM_RESERVED"}');
      if (req.url === '/api/plain-error') return void res.writeHead(400).end('Username taken');
      if (req.url === '/api/html-error') return void res.writeHead(502).end('<!doctype html><html></html>');
      if (req.url === '/api/code-only') return void res.writeHead(500).end('{"code":"INTERNAL"}');
      res.writeHead(404).end('Not here');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (seen.length = 0));

const ctx = (queryKey: string[]) => ({ queryKey, signal: new AbortController().signal }) as unknown as QueryFunctionContext;

describe('apiRequest', () => {
  it('sends a body as JSON with its content type', async () => {
    await apiRequest('POST', `${base}/api/cart`, { variantId: 'SKU-1', qty: 1 });

    expect(seen[0]).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"variantId":"SKU-1","qty":1}' });
  });

  it('sends no body and no content type without data', async () => {
    await apiRequest('GET', `${base}/api/cart`);

    expect(seen[0]).toMatchObject({ method: 'GET', contentType: undefined, body: '' });
  });

  it('turns a non-ok response into "<status>: <response text>"', async () => {
    await expect(apiRequest('POST', `${base}/api/cart/lines`, {})).rejects.toThrow(
      '409: {"message":"Item is reserved by another shopper","code":"ITEM_RESERVED"}',
    );
  });

  it('uses the status text when the error response has no body', async () => {
    await expect(apiRequest('GET', `${base}/api/empty-error`)).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it('GETs the query key segments joined by slashes', async () => {
    const data = await getQueryFn({ on401: 'throw' })(ctx([`${base}/api/products`, 'p1']));

    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/products/p1' });
    expect(data).toEqual({ id: 'p1' });
  });

  it('throws on 401 by default', async () => {
    await expect(getQueryFn({ on401: 'throw' })(ctx([`${base}/api/auth/me`]))).rejects.toThrow(/^401: /);
  });

  it('returns null on 401 when asked to (the current-user call for guests)', async () => {
    await expect(getQueryFn({ on401: 'returnNull' })(ctx([`${base}/api/auth/me`]))).resolves.toBeNull();
  });
});

describe('ApiError: status, code and message kept apart', () => {
  const failureOf = (path: string, method: 'GET' | 'POST' = 'GET') => apiRequest(method, `${base}${path}`).then(() => undefined, (error: unknown) => error);

  it('keeps the status, code and message of a JSON error body, under spec §7\'s message text', async () => {
    const error = await failureOf('/api/cart/lines', 'POST');
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('409: {"message":"Item is reserved by another shopper","code":"ITEM_RESERVED"}');
    expect([errorStatus(error), errorCode(error), serverMessage(error)]).toEqual([409, 'ITEM_RESERVED', 'Item is reserved by another shopper']);
  });

  it('uses a plain-text body as the message', async () => {
    const error = await failureOf('/api/plain-error');
    expect([errorStatus(error), errorCode(error), serverMessage(error)]).toEqual([400, undefined, 'Username taken']);
  });

  it('has no message for network failures, empty bodies, HTML pages or JSON without a message', async () => {
    expect(serverMessage(await failureOf('/api/empty-error'))).toBeUndefined();
    expect(serverMessage(await failureOf('/api/html-error'))).toBeUndefined();
    const codeOnly = await failureOf('/api/code-only');
    expect([serverMessage(codeOnly), errorCode(codeOnly)]).toEqual([undefined, 'INTERNAL']);
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(serverMessage('boom')).toBeUndefined();
    expect(errorStatus(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('is recognised from another copy of this module (a remote may bundle its own)', () => {
    const foreign = Object.assign(new Error('404: Not here'), { name: 'ApiError', status: 404, code: undefined, serverMessage: 'Not here' });
    expect([errorStatus(foreign), serverMessage(foreign)]).toEqual([404, 'Not here']);
  });
});

describe("the page's first write", () => {
  const FIRST_WRITE = Symbol.for('pl.api.first-write');
  const page = globalThis as unknown as Record<symbol, unknown> & { window?: EventTarget };
  beforeEach(() => {
    page[FIRST_WRITE] = undefined;
    page.window = new EventTarget();
  });
  afterEach(() => {
    delete page.window;
  });

  it('goes out alone: writes sent with it wait for its answer (it may start the session they need), then go straight out', async () => {
    let release!: () => void;
    releaseFirst = new Promise((resolve) => (release = resolve));
    const first = apiRequest('POST', `${base}/api/first-write`, {});
    const second = apiRequest('POST', `${base}/api/second-write`, {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.map((r) => r.url)).toEqual(['/api/first-write']);
    release();
    await Promise.all([first, second]);
    expect(seen.map((r) => r.url)).toEqual(['/api/first-write', '/api/second-write']);

    // Once the page has written, writes and reads go out together.
    let releaseSlow!: () => void;
    releaseFirst = new Promise((resolve) => (releaseSlow = resolve));
    const slow = apiRequest('POST', `${base}/api/first-write`, {});
    await apiRequest('POST', `${base}/api/second-write`, {});
    expect(seen.filter((r) => r.url === '/api/second-write')).toHaveLength(2);
    releaseSlow();
    await slow;
  });

  it('tells the page when the gateway started a guest session with it', async () => {
    releaseFirst = Promise.resolve();
    const started = jest.fn();
    page.window!.addEventListener('shop:guest-session-started', started);
    await apiRequest('POST', `${base}/api/first-write`, {});
    await apiRequest('POST', `${base}/api/second-write`, {});
    expect(started).toHaveBeenCalledTimes(1);
  });
});

describe('retryWhileUnavailable: who is signed in is asked again after a 503, not taken as a guest', () => {
  const whoIsSignedIn = (path: string) =>
    new QueryClient().fetchQuery({ queryKey: ['me', path], queryFn: ({ signal }) => readJson(`${base}${path}`, { on401: 'returnNull', signal }), ...retryWhileUnavailable });

  it('asks again after each 503, at its Retry-After, and answers the customer once identity is back', async () => {
    unavailableFor = 3;
    await expect(whoIsSignedIn('/api/auth/me-while-down')).resolves.toEqual({ id: 'c1' });
    expect(seen.filter((r) => r.url === '/api/auth/me-while-down')).toHaveLength(4);
  });

  it('gives up after a bounded number of 503s, with the error (never a guest)', async () => {
    unavailableFor = 100;
    await expect(whoIsSignedIn('/api/auth/me-while-down')).rejects.toMatchObject({ status: 503, retryAfterSeconds: 0 });
    expect(seen.filter((r) => r.url === '/api/auth/me-while-down')).toHaveLength(7);
  });

  it('does not retry a 401 (a guest) or another failure', async () => {
    await expect(whoIsSignedIn('/api/auth/me')).resolves.toBeNull();
    await expect(whoIsSignedIn('/api/server-error')).rejects.toMatchObject({ status: 500 });
    expect(seen.map((r) => r.url)).toEqual(['/api/auth/me', '/api/server-error']);
  });

  it('waits what Retry-After says, at most 30 s, and 5 s when it says nothing', () => {
    const unavailable = (retryAfter?: number) => new ApiError(503, 'x', undefined, undefined, retryAfter);
    expect([1, 3600, undefined].map((s) => retryWhileUnavailable.retryDelay(0, unavailable(s)))).toEqual([1000, 30_000, 5000]);
  });
});
