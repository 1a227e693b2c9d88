// Helpers for the reference POS's tests: start it on port 0, call its API, receive its webhooks
// on a small local server, and wait for something to become true (no fixed sleeps).
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startReferencePos, type ReferencePos, type ReferencePosOptions } from '../src/index.js';

export const API_KEY = 'pos_test_0123456789abcdef0123456789abcdef';

export function startPos(options: Partial<ReferencePosOptions> = {}): Promise<ReferencePos> {
  return startReferencePos({ apiKey: API_KEY, rateLimitPerSecond: 0, ...options });
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
}

export async function api(
  pos: ReferencePos,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; apiKey?: string | null } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.apiKey === undefined ? pos.apiKey : options.apiKey;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${pos.url}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** Polls `check` until it returns something other than undefined/false, or fails after the timeout. */
export async function until<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result !== undefined && result !== false) return result;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  rawBody: string;
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Statuses to answer, in order; once used up, 200. */
  respondWith: number[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/api/webhooks/pos'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const respondWith: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = respondWith.shift() ?? 200;
      received.push({ headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8'), status });
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    respondWith,
    close: () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
}
