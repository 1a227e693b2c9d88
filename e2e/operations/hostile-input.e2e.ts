// Hostile strings are a 400 at the edge of every service (issue 28, decision 043). A property-based
// fuzz test (fast-check, a fixed seed, a bounded count) drives every public and admin API route
// through the real gateway of the whole shop, as a guest, a signed-in customer and an admin, with
// one hostile value put in one place of an otherwise valid request: a path parameter, a query
// value or name, a body field or name, or a body nested too deep. Hostile: a NUL or another
// control character (in a URL also tab and line breaks), an unpaired UTF-16 surrogate (in a URL its
// bytes, which no UTF-8 decodes), or text longer than any field takes. Every value is invalid, so:
//   - no answer is a 5xx, and every one is a JSON 400 {message, code} without a stack or SQL
//     (or the gateway's 401/403 for an admin path asked by someone who is not an admin);
//   - nothing changes: every table of every service's schema is the same afterwards, and each
//     caller is still who they were.
// The routes come from e2e/support/api-routes.ts, held against the contracts' paths and the route
// tables the services and the gateway mount, so a new route is driven or this test fails.
import os from 'node:os';
import fc from 'fast-check';
import pg from 'pg';
import { testLogger } from '@pl/service-kit/testing';
import { authRoutes } from '../../gateway/src/auth/auth-routes.js';
import { AMBIGUOUS_PATH } from '../../gateway/src/proxy/api-proxy.js';
import { createApp as createCartApp } from '../../services/cart/src/app.js';
import { createApp as createCatalogApp } from '../../services/catalog/src/app.js';
import { createFilesystemStorage } from '../../services/catalog/src/storage/filesystem-storage.js';
import { createApp as createIdentityApp } from '../../services/identity/src/app.js';
import { createApp as createPosSyncApp, posSyncContext } from '../../services/pos-sync/src/app.js';
import { posAddressPolicy } from '../../services/pos-sync/src/connector/pos-address-policy.js';
import { API_ROUTES, apiRoutesOf, contractApiPaths, isAdminPath, routeKey, templateMatches, type ApiRoute, type RouteTable } from '../support/api-routes.js';
import { startTestShop, type TestShop } from '../support/shop.js';
import { TEST_CARD } from '../support/shopper.js';

const SEED = 28;
/** Hostile requests per route and caller: 3 callers x 50 routes x this is the run's count. */
const RUNS_PER_ROUTE = 16;
/** Longer than any text field takes (the edge's ceiling is 4,096 characters). */
const OVERLONG = { min: 4_100, max: 6_000 };
/** A body nested this deep is refused (the edge's ceiling is 32 levels). */
const DEEP = 2_000;

type Role = 'guest' | 'customer' | 'admin';
const DEMO = { customer: { usernameOrEmail: 'shopper', password: 'shopper12345' }, admin: { usernameOrEmail: 'admin', password: 'admin12345' } };

// ---- hostile values ----------------------------------------------------------------------------

const codeUnit = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCharCode(c));
/** Never in any text: C0 controls but tab, LF and CR; DEL; C1 controls; an unpaired surrogate. */
const neverInText = fc.oneof(
  // NUL, the one PostgreSQL refuses outright, most often.
  { weight: 4, arbitrary: fc.constant('\u0000') },
  codeUnit(0x01, 0x08),
  fc.constantFrom('\u000b', '\u000c'),
  codeUnit(0x0e, 0x1f),
  fc.constant('\u007f'),
  codeUnit(0x80, 0x9f),
  codeUnit(0xd800, 0xdbff),
  codeUnit(0xdc00, 0xdfff),
);
/** In a path or a query nothing is more than one line: tab and line breaks are hostile there too. */
const neverInALine = fc.oneof(neverInText, fc.constantFrom('\t', '\n', '\r'));
/** Well-formed text around it (a surrogate pair around an unpaired one leaves it unpaired). */
const around = fc.string({ maxLength: 12, unit: 'grapheme' });
const withHostile = (hostile: fc.Arbitrary<string>) => fc.tuple(around, hostile, around).map(([a, h, b]) => a + h + b);
const overlong = fc.integer(OVERLONG).chain((n) => fc.constantFrom('a', 'Z', '7', '-').map((c) => c.repeat(n)));
const hostileIn = { line: fc.oneof({ weight: 5, arbitrary: withHostile(neverInALine) }, { weight: 1, arbitrary: overlong }), body: fc.oneof({ weight: 5, arbitrary: withHostile(neverInText) }, { weight: 1, arbitrary: overlong }) };

/**
 * Percent-encoding as a hostile client sends it: UTF-8, except that an unpaired surrogate goes as
 * the three bytes a careless encoder writes for it (encodeURIComponent would throw instead).
 */
function encodeHostile(text: string): string {
  let out = '';
  for (const ch of text) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

// ---- where a hostile value goes ----------------------------------------------------------------

type JsonPath = Array<string | number>;
type Spot =
  | { kind: 'param'; name: string }
  | { kind: 'query'; name: string }
  | { kind: 'query-name' }
  | { kind: 'body'; at: JsonPath }
  | { kind: 'body-name' }
  | { kind: 'body-deep' }
  | { kind: 'raw-body' };

function leavesOf(value: unknown, at: JsonPath = []): JsonPath[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leavesOf(v, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leavesOf(v, [...at, k]));
  return [at];
}

function spotsOf(route: ApiRoute): Spot[] {
  const spots: Spot[] = [];
  for (const name of Object.keys(route.params ?? {})) spots.push({ kind: 'param', name });
  for (const name of Object.keys(route.query?.sample ?? {})) spots.push({ kind: 'query', name });
  spots.push({ kind: 'query-name' });
  if (route.body === 'raw') spots.push({ kind: 'raw-body' });
  else if (route.method !== 'GET' && route.method !== 'DELETE') {
    for (const at of route.body ? leavesOf(route.body.sample) : []) if (at.length > 0) spots.push({ kind: 'body', at });
    spots.push({ kind: 'body-name' }, { kind: 'body-deep' });
  }
  return spots;
}

interface HostileRequest {
  spot: Spot;
  value: string;
}

const requestsFor = (route: ApiRoute): fc.Arbitrary<HostileRequest> =>
  fc.constantFrom(...spotsOf(route)).chain((spot) => {
    const inUrl = spot.kind === 'param' || spot.kind === 'query' || spot.kind === 'query-name';
    return (inUrl ? hostileIn.line : hostileIn.body).map((value) => ({ spot, value }));
  });

function setAt(value: unknown, at: JsonPath, leaf: unknown): unknown {
  if (at.length === 0) return leaf;
  const [head, ...rest] = at;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = setAt(copy[head!], rest, leaf);
  return copy;
}

/** The request's path with query, and its body as sent (JSON.stringify writes an unpaired surrogate as \udxxx). */
function build(route: ApiRoute, { spot, value }: HostileRequest): { url: string; body?: string } {
  const params = { ...route.params };
  const pathText = route.path.replace(/:(\w+)/g, (_m, name: string) => (spot.kind === 'param' && spot.name === name ? encodeHostile(value) : encodeURIComponent(params[name]!)));
  const query = Object.entries(route.query?.sample ?? {}).map(([k, v]) => `${k}=${spot.kind === 'query' && spot.name === k ? encodeHostile(value) : encodeURIComponent(v)}`);
  if (spot.kind === 'query-name') query.push(`${encodeHostile(value)}=1`);
  const url = query.length > 0 ? `${pathText}?${query.join('&')}` : pathText;
  const sample = route.body && route.body !== 'raw' ? route.body.sample : {};
  switch (spot.kind) {
    case 'body':
      return { url, body: JSON.stringify(setAt(sample, spot.at, value)) };
    case 'body-name':
      return { url, body: JSON.stringify({ ...(sample as object), [value]: 'x' }) };
    case 'body-deep':
      return { url, body: '['.repeat(DEEP) + JSON.stringify(value) + ']'.repeat(DEEP) };
    case 'raw-body':
      return { url, body: JSON.stringify({ id: value, type: value, data: { sku: value } }) };
    default:
      return { url, body: route.body && route.body !== 'raw' ? JSON.stringify(sample) : undefined };
  }
}

const describeSpot = (s: Spot) => (s.kind === 'param' || s.kind === 'query' ? `${s.kind} ${s.name}` : s.kind === 'body' ? `body ${s.at.join('.')}` : s.kind);
const preview = (text: string) => (text.length > 40 ? `${JSON.stringify(text.slice(0, 20))}… (${text.length} chars)` : JSON.stringify(text));

// ---- a caller with its cookies, as a same-origin page sends requests -----------------------------

interface Answer {
  status: number;
  text: string;
  json: unknown;
}

function caller(origin: string) {
  const jar = new Map<string, string>();
  return async (method: string, url: string, body?: string): Promise<Answer> => {
    const res = await fetch(origin + url, {
      method,
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        origin,
        'sec-fetch-site': 'same-origin',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body,
      redirect: 'manual',
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json };
  };
}
type Caller = ReturnType<typeof caller>;

/** What a refusal must look like on the wire: {message, code}, nothing of the inside. */
function refusalProblem(answer: Answer): string | undefined {
  const body = answer.json as { message?: unknown; code?: unknown } | undefined;
  if (!body || typeof body.message !== 'string' || typeof body.code !== 'string') return `not a JSON {message, code}: ${answer.text.slice(0, 120)}`;
  if (/\n\s+at |\bSELECT\b|\bINSERT\b|\bUPDATE\b|syntax error|invalid byte sequence|postgres/i.test(answer.text)) return `leaks the inside: ${answer.text.slice(0, 120)}`;
  return undefined;
}

// ---- the data that must not change ---------------------------------------------------------------

/** Rows and a checksum of every table of every service's schema. */
async function snapshot(db: pg.Client): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ s: string; t: string }>(
    `SELECT table_schema AS s, table_name AS t FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
  );
  const out: Record<string, string> = {};
  for (const { s, t } of tables) {
    const { rows } = await db.query<{ n: number; sum: string }>(`SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS sum FROM "${s}"."${t}" x`);
    out[`${s}.${t}`] = `${rows[0]!.n} rows, md5 ${rows[0]!.sum}`;
  }
  return out;
}

// ---- the routes the shop mounts ------------------------------------------------------------------

/** Every /api route the services' apps and the gateway's own routes mount (built, never listening). */
async function mountedApiRoutes(): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: 'postgres://127.0.0.1:1/never-connected' });
  const deps = { pool, logger: testLogger(), verifier: { verify: () => Promise.reject(new Error('not used')) } };
  const internalApiToken = 'route-listing-token-of-32-chars!';
  const apps = [
    createCatalogApp(deps, { internalApiToken, mediaDir: os.tmpdir(), storage: createFilesystemStorage(os.tmpdir()) }),
    createCartApp(deps, { catalogUrl: 'http://127.0.0.1:1', internalApiToken }),
    createIdentityApp(deps, { internalApiToken, devMailbox: true }),
    createPosSyncApp(deps, posSyncContext(deps, { catalogUrl: 'http://127.0.0.1:1', internalApiToken, settingsKey: Buffer.alloc(32), webhookUrl: 'http://127.0.0.1:1/api/webhooks/pos', addresses: posAddressPolicy({ allowPrivate: true }) })),
  ];
  const gatewayOwn = authRoutes({ identity: {}, mergeCart: {}, devices: {}, sessions: {}, cache: {}, bodyLimit: '1kb' } as unknown as Parameters<typeof authRoutes>[0]);
  await pool.end();
  return [...apps.flatMap((app) => apiRoutesOf((app as unknown as { router: RouteTable }).router)), ...apiRoutesOf(gatewayOwn as unknown as RouteTable)];
}

// ---- the test ------------------------------------------------------------------------------------

let shop: TestShop;
let db: pg.Client;
const callers = {} as Record<Role, Caller>;

let plentiful: string;

/** A visitor gets a session the way a browser's does, by a first cart line (it must still be there at the end). */
async function startGuest(): Promise<void> {
  callers.guest = caller(shop.url);
  const answer = await callers.guest('POST', '/api/cart/lines', JSON.stringify({ variantId: plentiful, qty: 1 }));
  if (answer.status !== 201) throw new Error(`the guest could not add a line: ${answer.status} ${answer.text}`);
}

async function signIn(role: Exclude<Role, 'guest'>): Promise<void> {
  callers[role] = caller(shop.url);
  const answer = await callers[role]('POST', '/api/auth/login', JSON.stringify(DEMO[role]));
  if (answer.status !== 200) throw new Error(`the demo ${role} could not sign in: ${answer.status} ${answer.text}`);
}

/** Is each caller still who they were (a hostile sign-out must not have gone through)? */
async function stillWho(role: Role): Promise<boolean> {
  if (role === 'guest') {
    const cart = await callers.guest('GET', '/api/cart');
    return cart.status === 200 && (cart.json as { lines: unknown[] }).lines.length === 1;
  }
  const me = await callers[role]('GET', '/api/auth/me');
  return me.status === 200 && (me.json as { isAdmin: boolean }).isAdmin === (role === 'admin');
}

beforeAll(async () => {
  shop = await startTestShop();
  db = new pg.Client({ connectionString: shop.databaseUrl });
  await db.connect();
  const products = (await caller(shop.url)('GET', '/api/products?limit=50&inStock=true')).json as { data: Array<{ oneOfAKind: boolean; variants: Array<{ sku: string; totalAvailable: number }> }> };
  plentiful = products.data.find((p) => !p.oneOfAKind && p.variants[0]!.totalAvailable > 5)!.variants[0]!.sku;
  await Promise.all([startGuest(), signIn('customer'), signIn('admin')]);
}, 180_000);

afterAll(async () => {
  await db?.end();
  await shop?.stop();
});

describe('hostile input at the edge', () => {
  it('lists every API route: each path the contracts export, and each route the services and the gateway mount', async () => {
    for (const route of API_ROUTES) {
      if (route.query) expect([routeKey(route), route.query.schema.safeParse(route.query.sample).success]).toEqual([routeKey(route), true]);
      if (route.body && route.body !== 'raw') expect([routeKey(route), route.body.schema.safeParse(route.body.sample).success]).toEqual([routeKey(route), true]);
    }
    const listed = new Set(API_ROUTES.map(routeKey));
    // A path, or the base of paths (MEDIA_PATH): some listed route is it or lies under it.
    const unlisted = contractApiPaths().filter((p) => !API_ROUTES.some((r) => templateMatches(r.path, p) || r.path.startsWith(`${p}/`)));
    expect(unlisted).toEqual([]);
    const mounted = new Set(await mountedApiRoutes());
    expect([...mounted].filter((key) => !listed.has(key))).toEqual([]);
    // Listed but not mounted: only what the test shop's configuration leaves out.
    expect(API_ROUTES.filter((r) => !mounted.has(routeKey(r)) && !r.onlyWith).map(routeKey)).toEqual([]);
  }, 60_000);

  it("answers issue 28's NUL probes with 400", async () => {
    const probes: Array<[Role, string, string, unknown?]> = [
      ['guest', 'GET', '/api/products?q=%00'],
      ['guest', 'POST', '/api/auth/login', { usernameOrEmail: '\u0000', password: 'x' }],
      ['customer', 'PATCH', '/api/auth/profile', { firstName: 'x\u0000y' }],
      ['guest', 'POST', '/api/payments/test-card/confirm', { clientSecret: '\u0000', ...TEST_CARD }],
      ['admin', 'GET', '/api/admin/orders?q=%00'],
      ['admin', 'GET', '/api/admin/inventory?q=%00'],
      ['admin', 'POST', '/api/admin/events/%00/retry'],
    ];
    const seen: string[] = [];
    for (const [role, method, url, body] of probes) {
      const answer = await callers[role](method, url, body === undefined ? undefined : JSON.stringify(body));
      seen.push(`${answer.status} ${role} ${method} ${url}${body ? ` ${JSON.stringify(body)}` : ''}`);
    }
    console.log(`issue 28's NUL probes:\n${seen.join('\n')}`);
    expect(seen.map((line) => line.slice(0, 3))).toEqual(probes.map(() => '400'));
  });

  it('refuses a hostile value anywhere in any route, as guest, customer and admin: no 5xx, a 400 {message, code}, and nothing changed', async () => {
    const before = await snapshot(db);
    const started = Date.now();
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let sent = 0;
    for (const role of ['guest', 'customer', 'admin'] as const) {
      for (const route of API_ROUTES) {
        const byRole = isAdminPath(route.path) && role !== 'admin' ? (role === 'guest' ? 401 : 403) : 400;
        // Every request is driven and judged (no stop at the first failure, no shrinking): the
        // failures list each request that failed, exactly as sent.
        await fc.assert(
          fc.asyncProperty(requestsFor(route), async (request) => {
            const { url, body } = build(route, request);
            // A path the gateway cannot read one way only (an encoded slash or dot in a parameter) is
            // refused for everyone before any session is looked at; anything else by role, then by input.
            const expected = AMBIGUOUS_PATH.test(url.split('?')[0]!) ? 400 : byRole;
            const answer = await callers[role](route.method, url, body);
            sent += 1;
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            // A webhook's body is read by its signature check, not by a schema: any refusal will do.
            const ok = request.spot.kind === 'raw-body' ? answer.status >= 400 && answer.status < 500 : answer.status === expected;
            const problem = !ok ? `answered ${answer.status}, not ${expected}: ${answer.text.slice(0, 120)}` : answer.status >= 400 ? refusalProblem(answer) : undefined;
            if (problem) failures.push(`${role} ${route.method} ${route.path} [${describeSpot(request.spot)} = ${preview(request.value)}]: ${problem}`);
          }),
          { seed: SEED, numRuns: RUNS_PER_ROUTE },
        );
        if (!(await stillWho(role))) {
          failures.push(`${role} ${route.method} ${route.path}: the caller is no longer who they were after it`);
          await (role === 'guest' ? startGuest() : signIn(role));
        }
      }
    }
    const after = await snapshot(db);
    const changed = Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ');
    console.log(
      `hostile-input fuzz (seed ${SEED}, ${RUNS_PER_ROUTE} per route and caller, ${API_ROUTES.length} routes x 3 callers): ` +
        `${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${histogram}; ` +
        `${failures.length} failed; tables changed: ${changed.length ? changed.join(', ') : 'none'}` +
        (failures.length ? `\n${failures.join('\n')}` : ''),
    );
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(failures).toEqual([]);
    expect(changed.map((table) => `${table}: ${before[table]} -> ${after[table]}`)).toEqual([]);
  }, 240_000);
});
