import { Router } from 'express';
import { MAX_TEXT_LENGTH } from '@pl/contracts';
import { createTokenVerifier } from './auth.js';
import { createServiceApp } from './create-service-app.js';
import { listen, testKeyPair, testLogger, type Listening } from './testing.js';

const INTERNAL_TOKEN = 'internal-token-of-thirty-two-chars';

describe('refuseHostileInput, before every route of a service', () => {
  let server: Listening;
  const reached: string[] = [];
  const routes = Router()
    .all('/api/things{/:id}', (req, res) => {
      reached.push(req.originalUrl);
      res.json({ ok: true });
    })
    .post('/api/webhooks/signed', (req, res) => void res.json({ bytes: (req.body as Buffer).length }));
  const internal = Router().post('/internal/relay', (req, res) => void res.json(req.body));

  beforeAll(async () => {
    const verifier = createTokenVerifier({ keySet: (await testKeyPair()).keySet });
    const app = createServiceApp({
      logger: testLogger(),
      verifier,
      routes: [routes],
      rawBodyRoutes: ['/api/webhooks/signed'],
      internal: { token: INTERNAL_TOKEN, routes: [internal] },
    });
    server = await listen(app);
  });
  afterAll(() => server.close());
  beforeEach(() => void (reached.length = 0));

  const send = async (path: string, body?: unknown, raw?: string) => {
    const res = await fetch(server.url + path, {
      method: body === undefined && raw === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(path.startsWith('/internal/') ? { authorization: `Bearer ${INTERNAL_TOKEN}` } : {}) },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    return [res.status, await res.json()] as const;
  };
  const refused = (message: string) => [400, { message, code: 'VALIDATION_FAILED' }] as const;

  it('lets text through, in any script and with emoji, and several lines in a body', async () => {
    expect(await send('/api/things/Z%C3%B6e%20%F0%9F%98%80?q=caf%C3%A9+noir&page=2')).toEqual([200, { ok: true }]);
    expect(await send('/api/things', { comment: 'Line one\nline two\ttabbed', nested: { list: ['密码', 'ok'] }, n: 1, flag: true, none: null })).toEqual([200, { ok: true }]);
  });

  it('refuses a control character or an unpaired surrogate in a path segment, before any route', async () => {
    expect(await send('/api/things/%00')).toEqual(refused('The request path must be one line of text without control characters'));
    expect(await send('/api/things/a%0Ab')).toEqual(refused('The request path must be one line of text without control characters'));
    expect(await send('/api/nothing-here/%C2%85')).toEqual(refused('The request path must be one line of text without control characters'));
    // The UTF-8-looking bytes of an unpaired surrogate, or a broken escape, are no text at all.
    expect(await send('/api/things/%ED%A0%80')).toEqual(refused('Malformed request path'));
    expect(await send('/api/things/%E0%A4%A')).toEqual(refused('Malformed request path'));
    expect(reached).toEqual([]);
  });

  it('refuses one in a query value or name, tab and line breaks included, and a malformed escape', async () => {
    expect(await send('/api/things?q=%00')).toEqual(refused('q: must be one line of text without control characters'));
    expect(await send('/api/things?q=ok&sort=a%09b')).toEqual(refused('sort: must be one line of text without control characters'));
    expect(await send('/api/things?q=1?x=%0D')).toEqual(refused('q: must be one line of text without control characters'));
    expect(await send('/api/things?%1B%5B2J=1')).toEqual(refused('A field name must be one line of text without control characters'));
    expect(await send('/api/things?q=%ED%B0%80')).toEqual(refused('Malformed query string'));
    expect(await send('/api/things?q=100%')).toEqual(refused('Malformed query string'));
    expect(reached).toEqual([]);
  });

  it('refuses one in a body value or name, at any depth, and never repeats a hostile name', async () => {
    expect(await send('/api/things', { firstName: 'x\u0000y' })).toEqual(refused('firstName: must be text without control characters'));
    expect(await send('/api/things', { lines: [{ comment: 'fine' }, { comment: 'bad \ud800' }] })).toEqual(refused('lines.1.comment: must be text without control characters'));
    expect(await send('/api/things', { 'na\u0085me': 'x' })).toEqual(refused('A field name must be one line of text without control characters'));
    expect(await send('/api/things', { outer: { 'we<ird>': '\u0001' } })).toEqual(refused('A field: must be text without control characters'));
    expect(await send('/api/things', ['\u007f'])).toEqual(refused('0: must be text without control characters'));
    expect(reached).toEqual([]);
  });

  it(`refuses a string longer than ${MAX_TEXT_LENGTH} characters anywhere`, async () => {
    expect(await send(`/api/things?q=${'a'.repeat(MAX_TEXT_LENGTH + 1)}`)).toEqual(refused(`q: must be at most ${MAX_TEXT_LENGTH} characters`));
    expect(await send('/api/things', { note: 'a'.repeat(MAX_TEXT_LENGTH + 1) })).toEqual(refused(`note: must be at most ${MAX_TEXT_LENGTH} characters`));
    expect((await send('/api/things', { note: 'a'.repeat(MAX_TEXT_LENGTH) }))[0]).toBe(200);
  });

  it('refuses a body nested deeper than any payload, without walking it by recursion', async () => {
    expect(await send('/api/things', undefined, '['.repeat(20_000) + ']'.repeat(20_000))).toEqual(refused('The request body is nested too deeply'));
    expect((await send('/api/things', { a: { b: { c: { d: ['ok'] } } } }))[0]).toBe(200);
  });

  it("leaves a raw body to its route's signature check, and the internal API to its schemas", async () => {
    expect(await send('/api/webhooks/signed', undefined, '{"type":"\\u0000"}')).toEqual([200, { bytes: 17 }]);
    expect(await send('/api/webhooks/signed?x=%00', undefined, '{}')).toEqual(refused('x: must be one line of text without control characters'));
    expect(await send('/internal/relay', { title: 'from the POS \u0001' })).toEqual([200, { title: 'from the POS \u0001' }]);
  });
});
