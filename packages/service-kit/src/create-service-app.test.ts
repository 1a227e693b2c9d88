import net from 'node:net';
import { Router } from 'express';
import pg from 'pg';
import { z } from 'zod';
import { badRequest, conflict, notFound, parseInput, tooManyRequests } from './errors.js';
import { createTokenVerifier } from './auth.js';
import { createServiceApp } from './create-service-app.js';
import { captureLogger, listen, testDatabaseUrl, testKeyPair, type CapturedLine, type Listening } from './testing.js';

/** A port nothing listens on: a database there refuses every connection. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('createServiceApp', () => {
  let server: Listening;
  let databaseUp = true;
  let logged: CapturedLine[] = [];

  const Body = z.strictObject({ name: z.string().min(1) });
  const routes = Router()
    .post('/echo', (req, res) => void res.status(201).json(parseInput(Body, req.body)))
    .get('/missing', () => {
      throw notFound('No such thing');
    })
    .get('/taken', async () => {
      throw conflict('Already taken', 'THING_TAKEN');
    })
    .get('/bad', () => {
      throw badRequest('Nope');
    })
    .get('/slow-down', () => {
      throw tooManyRequests(89.2, 'Too many attempts');
    })
    .get('/crash', async () => {
      throw new Error('SELECT secret FROM users -- at db.ts:12');
    })
    .get('/who', (req, res) => void res.json({ id: req.id }))
    // The real PostgreSQL driver's errors when the database is out of reach.
    .get('/database-down', async (_req, res) => {
      const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`, connectionTimeoutMillis: 2000 });
      try {
        res.json((await pool.query('SELECT 1')).rows);
      } finally {
        await pool.end();
      }
    })
    .get('/database-restarted', async (_req, res) => {
      const admin = new pg.Client({ connectionString: testDatabaseUrl() });
      const client = new pg.Client({ connectionString: testDatabaseUrl() });
      client.on('error', () => {}); // the terminated connection also says so as an event
      await Promise.all([admin.connect(), client.connect()]);
      try {
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        res.json((await client.query('SELECT 1')).rows);
      } finally {
        await Promise.all([admin.end(), client.end().catch(() => {})]);
      }
    });

  beforeAll(async () => {
    const captured = captureLogger();
    const logger = captured.logger;
    logged = captured.lines;
    const verifier = createTokenVerifier({ keySet: (await testKeyPair()).keySet });
    const app = createServiceApp({
      logger,
      verifier,
      routes: [routes],
      bodyLimit: '1kb',
      health: {
        timeoutMs: 200,
        checks: {
          database: async () => {
            if (!databaseUp) throw new Error('connection refused');
          },
          hung: () => (databaseUp ? Promise.resolve() : new Promise<void>(() => undefined)),
        },
      },
    });
    server = await listen(app);
  });
  afterAll(() => server.close());

  const post = (path: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    fetch(`${server.url}${path}`, { method: 'POST', body, headers });

  describe('errors', () => {
    it('answers an AppError with its status, message and code', async () => {
      for (const [path, status, body] of [
        ['/missing', 404, { message: 'No such thing', code: 'NOT_FOUND' }],
        ['/taken', 409, { message: 'Already taken', code: 'THING_TAKEN' }],
        ['/bad', 400, { message: 'Nope', code: 'BAD_REQUEST' }],
      ] as const) {
        const res = await fetch(`${server.url}${path}`);
        expect([res.status, await res.json()]).toEqual([status, body]);
      }
    });

    it('answers a rate limit with 429, Retry-After in whole seconds and the same number in the body', async () => {
      const res = await fetch(`${server.url}/slow-down`);
      expect([res.status, res.headers.get('retry-after'), await res.json()]).toEqual([
        429,
        '90',
        { message: 'Too many attempts', code: 'RATE_LIMITED', retryAfterSeconds: 90 },
      ]);
    });

    it('rejects input that fails the schema, including unknown fields, with 400', async () => {
      const res = await post('/echo', JSON.stringify({ name: 'x', isAdmin: true }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: expect.stringContaining('isAdmin'), code: 'VALIDATION_FAILED' });
      expect((await post('/echo', JSON.stringify({ name: 'x' }))).status).toBe(201);
    });

    it('answers malformed JSON with 400 JSON', async () => {
      const res = await post('/echo', '{"name": ');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Malformed JSON body', code: 'BAD_REQUEST' });
    });

    it('answers a body over the limit with 413 JSON', async () => {
      const res = await post('/echo', JSON.stringify({ name: 'x'.repeat(2000) }));
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' });
    });

    it('answers an unknown error with a plain 500 that leaks nothing, and logs it with the request id', async () => {
      const res = await fetch(`${server.url}/crash`, { headers: { 'x-request-id': 'crash-req-1' } });
      const text = await res.text();
      expect(res.status).toBe(500);
      expect(JSON.parse(text)).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
      expect(text).not.toMatch(/SELECT|db\.ts|at /);
      expect(logged).toContainEqual(expect.objectContaining({ level: 'error', reqId: 'crash-req-1', msg: 'unhandled error' }));
    });

    it.each(['/database-down', '/database-restarted'])(
      'answers %s with 503, Retry-After and a message for the shopper, never a 500 or the driver\'s words, and logs a warning',
      async (path) => {
        const res = await fetch(`${server.url}${path}`, { headers: { 'x-request-id': `outage${path.replace('/', '-')}` } });
        const text = await res.text();
        expect([res.status, res.headers.get('retry-after'), JSON.parse(text)]).toEqual([
          503,
          '5',
          { message: 'The shop is temporarily unavailable. Please try again in a moment.', code: 'SERVICE_UNAVAILABLE' },
        ]);
        expect(text).not.toMatch(/ECONNREFUSED|terminat|127\.0\.0\.1/);
        expect(logged).toContainEqual(expect.objectContaining({ level: 'warn', reqId: `outage${path.replace('/', '-')}` }));
      },
    );

    it('answers an unknown route with 404 JSON', async () => {
      const res = await fetch(`${server.url}/api/nothing-here`);
      expect([res.status, await res.json()]).toEqual([404, { message: 'Not found', code: 'NOT_FOUND' }]);
    });

    it('does not announce Express', async () => {
      expect((await fetch(`${server.url}/who`)).headers.get('x-powered-by')).toBeNull();
    });
  });

  describe('request ids', () => {
    it('keeps a sane incoming id, echoes it and logs the request with it', async () => {
      const res = await fetch(`${server.url}/who`, { headers: { 'x-request-id': 'gw-abc.123_X' } });
      expect(res.headers.get('x-request-id')).toBe('gw-abc.123_X');
      expect(await res.json()).toEqual({ id: 'gw-abc.123_X' });
      expect(logged).toContainEqual(expect.objectContaining({ reqId: 'gw-abc.123_X', method: 'GET', path: '/who', status: 200, ms: expect.any(Number) }));
    });

    it.each([['with spaces and newlines\nforged=1'], ['x'.repeat(129)], ['']])('replaces an unusable incoming id (%#) with a UUID', async (incoming) => {
      const res = await fetch(`${server.url}/who`, { headers: { 'x-request-id': incoming.replace('\n', ' ') } });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('generates an id when none is sent, and never logs the query string', async () => {
      const res = await fetch(`${server.url}/who?token=secret-reset-token`);
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const line = logged.find((l) => l.reqId === id && l.status === 200);
      expect(line).toMatchObject({ path: '/who' });
      expect(JSON.stringify(logged)).not.toContain('secret-reset-token');
    });
  });

  describe('health', () => {
    afterEach(() => {
      databaseUp = true;
    });

    it('is live and ready while the dependencies answer', async () => {
      const live = await fetch(`${server.url}/healthz`);
      expect([live.status, await live.json()]).toEqual([200, { status: 'ok' }]);
      const ready = await fetch(`${server.url}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok', checks: { database: 'ok', hung: 'ok' } }]);
    });

    it('stays live but is not ready, naming the failed and hung checks, when a dependency is down', async () => {
      databaseUp = false;
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', failed: ['database', 'hung'], checks: { database: 'failed', hung: 'failed' } });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });

    it('does not need a valid token', async () => {
      const res = await fetch(`${server.url}/healthz`, { headers: { authorization: 'Bearer broken' } });
      expect(res.status).toBe(200);
    });
  });
});
