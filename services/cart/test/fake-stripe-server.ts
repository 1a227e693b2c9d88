// A local stand-in for Stripe's HTTP API (an outside system), just enough for the cart's provider:
// PaymentIntents (create honouring Idempotency-Key, retrieve) and refunds, answering with
// Stripe-shaped JSON. The real stripe SDK talks to it through its host/port/protocol options.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedStripeCall {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Record<string, unknown>;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  client_secret: string;
  status: string;
  automatic_payment_methods: { enabled: boolean } | null;
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
  livemode: false;
  created: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Form-encoded Stripe params, one level of brackets (`metadata[cartId]=…`) is all the cart sends. */
function parseForm(body: string): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const nested = /^(\w+)\[(\w+)\]$/.exec(key);
    if (nested) params[nested[1]!] = { ...(params[nested[1]!] as object | undefined), [nested[2]!]: value };
    else params[key] = value;
  }
  return params;
}

export async function startFakeStripe() {
  const calls: RecordedStripeCall[] = [];
  const intents = new Map<string, FakePaymentIntent>();
  const refunds: Array<{ id: string; payment_intent: string; amount: number; metadata: Record<string, string>; status: string }> = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  /** What new refunds answer: 'succeeded' at once, or 'pending' until a refund.updated webhook says otherwise. */
  let refundStatus = 'succeeded';
  /** How many answers to drop per path (the request is acted on, the connection then cut). */
  const dropped = new Map<string, number>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(body));
  };
  const error = (status: number, message: string) => ({ status, body: { error: { type: 'invalid_request_error', message } } });

  function route(method: string, path: string, params: Record<string, unknown>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 1) return error(400, 'Invalid positive integer');
      if (typeof params.currency !== 'string') return error(400, 'Missing required param: currency.');
      const intentId = id('pi');
      const apm = params.automatic_payment_methods as { enabled?: string } | undefined;
      const intent: FakePaymentIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: params.currency,
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        status: 'requires_payment_method',
        automatic_payment_methods: apm ? { enabled: apm.enabled === 'true' } : null,
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    const retrieve = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      return intent ? { status: 200, body: intent } : error(404, `No such payment_intent: '${retrieve[1]}'`);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(params.payment_intent));
      if (!intent) return error(400, `No such payment_intent: '${String(params.payment_intent)}'`);
      const charged = intent.amount_received || intent.amount;
      const refundedSoFar = refunds.filter((r) => r.payment_intent === intent.id && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
      const amount = params.amount === undefined ? charged - refundedSoFar : Number(params.amount);
      // Like Stripe: never more back than is left of the charge.
      if (!Number.isInteger(amount) || amount < 1 || amount > charged - refundedSoFar) {
        return error(400, `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((charged - refundedSoFar) / 100).toFixed(2)})`);
      }
      const refund = { id: id('re'), payment_intent: intent.id, amount, metadata: (params.metadata as Record<string, string> | undefined) ?? {}, status: refundStatus };
      refunds.push(refund);
      return { status: 200, body: { ...refund, object: 'refund', currency: intent.currency } };
    }
    return error(404, `Unrecognized request URL (${method}: ${path})`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = parseForm(req.method === 'GET' ? url.search.slice(1) : body);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    calls.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, params });
    // Like Stripe: a repeated key replays the first answer instead of acting again.
    const replayKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
    const replayed = replayKey ? replies.get(replayKey) : undefined;
    const reply = replayed ?? route(req.method ?? '', url.pathname, params);
    if (replayKey && !replayed && reply.status < 500) replies.set(replayKey, reply);
    // A lost answer: Stripe acted (or replayed), the caller never hears of it; its retry must reuse the key.
    if ((dropped.get(url.pathname) ?? 0) > 0) {
      dropped.set(url.pathname, dropped.get(url.pathname)! - 1);
      req.socket.destroy();
      return;
    }
    if (replayed) res.setHeader('idempotent-replayed', 'true');
    send(res, reply.status, reply.body);
  }

  const server = createServer((req, res) => void handle(req, res).catch(() => send(res, 500, { error: { type: 'api_error', message: 'fake failed' } })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    calls,
    intents,
    refunds,
    /** Acts on the next `times` requests to `path` but cuts the connection instead of answering. */
    dropAnswers(path: string, times: number) {
      dropped.set(path, times);
    },
    /** Makes new refunds answer `status` (a card whose refund settles later: 'pending'). */
    setRefundStatus(status: 'succeeded' | 'pending') {
      refundStatus = status;
    },
    /** A refund.updated event for one of the fake's refunds, now in `status`. */
    refundEvent(refundId: string, status: 'succeeded' | 'failed') {
      const refund = refunds.find((r) => r.id === refundId);
      if (!refund) throw new Error(`unknown refund ${refundId}`);
      refund.status = status;
      const object = { ...refund, object: 'refund', currency: 'usd' };
      return { id: id('evt'), object: 'event', type: 'refund.updated', api_version: null, created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } };
    },
    /** A Stripe event about one of the fake's intents, as the webhook would receive it. */
    event(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed', intentId: string, overrides: Partial<FakePaymentIntent> = {}) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`unknown intent ${intentId}`);
      const object =
        type === 'payment_intent.succeeded'
          ? { ...intent, status: 'succeeded', amount_received: intent.amount, ...overrides }
          : { ...intent, status: 'requires_payment_method', last_payment_error: { message: 'Your card was declined.' }, ...overrides };
      return { id: id('evt'), object: 'event', type, api_version: null, created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
