// Decision 044, through the real gateway and the real identity: the per-client limits hold for a
// client that keeps no cookies or invents device ids, while real devices behind one shared address
// (a carrier's NAT) keep a budget each, up to the address's ceiling. Small configured numbers keep it
// short; every test speaks from its own loopback address, so none spends another's budget.
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { ApiPaths, DeviceCookie } from '@pl/contracts';
import { DEFAULT_LIMITS, type IdentityLimits } from '../../services/identity/src/domain/limits';
import { PUBLIC_ORIGIN } from './support/test-gateway';
import { startAuthStack, type AuthStack } from './support/auth-stack';

const BUDGET = 3;
const FACTOR = 3;
const limits: IdentityLimits = {
  ...DEFAULT_LIMITS,
  login: { ...DEFAULT_LIMITS.login, perClient: { limit: BUDGET, windowSeconds: 600 } },
  rules: {
    ...DEFAULT_LIMITS.rules,
    register: { ...DEFAULT_LIMITS.rules.register, limit: BUDGET },
    forgotPassword: { ...DEFAULT_LIMITS.rules.forgotPassword, limit: BUDGET },
    orderLookup: { ...DEFAULT_LIMITS.rules.orderLookup, limit: BUDGET },
  },
  addressFactor: FACTOR,
};

interface Answer {
  status: number;
  setCookies: string[];
}

let stack: AuthStack;
let lastAddress = 0;
/** A loopback address of its own (127.0.44.n): the gateway sees each as another client address. */
const newAddress = () => `127.0.44.${++lastAddress}`;

/** One request from `from`, with `cookie` if given; what it answered and the cookies it set. */
function send(from: string, method: string, path: string, body?: unknown, cookie?: string): Promise<Answer> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  const url = new URL(path, stack.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        localAddress: from,
        agent: false,
        headers: { origin: PUBLIC_ORIGIN, ...(data ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, setCookies: res.headers['set-cookie'] ?? [] }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const deviceCookieIn = (answer: Answer) => answer.setCookies.map((line) => line.split(';', 1)[0]!).find((pair) => pair.startsWith(`${DeviceCookie.name}=`));

/** A real browser's device: the cookie the gateway gives with the page's look at who is signed in. */
async function deviceOf(from: string): Promise<string> {
  const cookie = deviceCookieIn(await send(from, 'GET', ApiPaths.auth.me));
  if (!cookie) throw new Error('GET /api/auth/me gave no device cookie');
  return cookie;
}

const failedSignIn = (from: string, cookie?: string) => send(from, 'POST', ApiPaths.auth.login, { usernameOrEmail: `nobody_${randomBytes(4).toString('hex')}`, password: 'wrong password' }, cookie);
const registration = (from: string, cookie?: string) => {
  const name = `limits_${randomBytes(5).toString('hex')}`;
  return send(from, 'POST', ApiPaths.auth.register, { username: name, email: `${name}@example.com`, password: 'a long password' }, cookie);
};

async function statusesOf(times: number, attempt: () => Promise<Answer>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await attempt()).status);
  return statuses;
}

const within = (n: number) => Array<number>(n);

beforeAll(async () => {
  stack = await startAuthStack({ identityLimits: limits });
});
afterAll(() => stack.stop());

describe('limits for clients that keep no cookies', () => {
  it('holds a cookie-less sign-in loop from one address to one device budget, though each attempt is given a cookie', async () => {
    const from = newAddress();
    const answers: Answer[] = [];
    for (let i = 0; i <= BUDGET; i++) answers.push(await failedSignIn(from));
    expect(answers.map((a) => a.status)).toEqual([...within(BUDGET).fill(401), 429]);
    // The gateway still offers each a device cookie: a browser that keeps it gets its own budget next time.
    expect(answers.every((a) => deviceCookieIn(a) !== undefined)).toBe(true);
  });

  it('counts device ids the gateway never issued as no device at all', async () => {
    const from = newAddress();
    const invented = () => failedSignIn(from, `${DeviceCookie.name}=${randomBytes(16).toString('base64url')}`);
    expect(await statusesOf(BUDGET + 1, invented)).toEqual([...within(BUDGET).fill(401), 429]);
    // Nor does a real id with someone else's MAC, or an issued cookie's id alone.
    const real = (await deviceOf(from)).slice(`${DeviceCookie.name}=`.length);
    const [id] = real.split('.');
    expect((await failedSignIn(from, `${DeviceCookie.name}=${id}`)).status).toBe(429);
    expect((await failedSignIn(from, `${DeviceCookie.name}=${id}.${randomBytes(16).toString('base64url')}`)).status).toBe(429);
    expect((await failedSignIn(from, `${DeviceCookie.name}=${real}`)).status).toBe(401);
  });

  it('holds cookie-less registrations from one address to one device budget', async () => {
    const from = newAddress();
    expect(await statusesOf(BUDGET + 1, () => registration(from))).toEqual([...within(BUDGET).fill(201), 429]);
  });

  it.each([
    ['password reset requests', ApiPaths.auth.forgotPassword, () => ({ email: 'someone@example.com' })],
    ['order lookups', ApiPaths.cart.orderLookup, () => ({ number: 'PL-10001', email: 'someone@example.com' })],
  ])('holds cookie-less %s from one address to one device budget', async (_name, path, body) => {
    const from = newAddress();
    expect(await statusesOf(BUDGET + 1, () => send(from, 'POST', path, body()))).toEqual([...within(BUDGET).fill(200), 429]);
    // A browser with its device cookie behind the same address is still served.
    expect((await send(from, 'POST', path, body(), await deviceOf(from))).status).toBe(200);
  });
});

describe('limits for real devices behind one shared address (carrier NAT)', () => {
  it('gives each device with its own cookie its own budget, up to the factor times it for the address', async () => {
    const nat = newAddress();
    const devices = await Promise.all(Array.from({ length: FACTOR }, () => deviceOf(nat)));
    for (const device of devices) expect(await statusesOf(BUDGET, () => failedSignIn(nat, device))).toEqual(within(BUDGET).fill(401));
    // FACTOR devices' worth is the address's ceiling: a further device, however real, waits.
    expect((await failedSignIn(nat, await deviceOf(nat))).status).toBe(429);
  });

  it('lets a customer sign in while a neighbour on the same address has spent their own budget', async () => {
    const nat = newAddress();
    const jane = await stack.register();
    const neighbour = await deviceOf(nat);
    expect(await statusesOf(BUDGET + 1, () => failedSignIn(nat, neighbour))).toEqual([...within(BUDGET).fill(401), 429]);
    const janes = await deviceOf(nat);
    expect((await send(nat, 'POST', ApiPaths.auth.login, { usernameOrEmail: jane.username, password: jane.password }, janes)).status).toBe(200);
  });
});
