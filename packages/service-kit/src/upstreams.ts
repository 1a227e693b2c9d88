// Several instances of one service behind one variable (CATALOG_URL=http://a:5102,http://b:5102):
// callers take turns between them, and an instance that refused a connection or says it is not
// ready is passed over until it answers again (decision 039). In Kubernetes the list is one
// Service URL and the cluster balances; under `npm start` it is one instance; the many-instance
// test runs two of each.
import { z } from 'zod';

/** A comma-separated list of http(s) base URLs, at least one, trailing slashes dropped. */
export const urlListVar = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw, ctx) => {
      const urls: string[] = [];
      for (const item of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
        const parsed = z.url({ protocol: /^https?$/ }).safeParse(item);
        if (parsed.success) urls.push(parsed.data.replace(/\/+$/, ''));
        else ctx.addIssue({ code: 'custom', message: `not an http(s) URL: ${item}` });
      }
      if (urls.length === 0) ctx.addIssue({ code: 'custom', message: 'at least one URL' });
      return urls;
    });

/** Connection errors that mean the request never reached a service: trying another instance is safe. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * True when a failed call surely did not reach the service, so it may go to another instance even
 * if it changes something: the connection was refused, or a kept-alive connection was found closed
 * before any answer (the peer closed it idle, Node's documented case for a retry: `reusedSocket`).
 */
export function neverReachedService(err: { code?: string } | undefined, reusedSocket = false): boolean {
  const code = err?.code;
  if (code === undefined) return false;
  return NOT_CONNECTED.has(code) || (reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE'));
}

export type InstanceState = 'ready' | 'not-ready' | 'down';

export interface UpstreamSet {
  readonly urls: readonly string[];
  /** The next instance in turn among those not passed over; when all are, the next in turn anyway. */
  pick(): string;
  /** The other instances, in turn after `url`, for a call that could not reach it. */
  others(url: string): string[];
  /** `url` refused a connection or said it is not ready: passed over for `passOverMs` (or until reported ready). */
  report(url: string, state: InstanceState): void;
  /** What was last seen of each instance. */
  states(): Record<string, InstanceState>;
}

export interface UpstreamSetOptions {
  /** How long an instance that failed is passed over before it is tried again (default 2000 ms). */
  passOverMs?: number;
  now?: () => number;
}

export function createUpstreamSet(urls: readonly string[], options: UpstreamSetOptions = {}): UpstreamSet {
  if (urls.length === 0) throw new Error('an upstream set needs at least one URL');
  const passOverMs = options.passOverMs ?? 2000;
  const now = options.now ?? Date.now;
  const passedOverUntil = new Map<string, number>();
  const lastState = new Map<string, InstanceState>(urls.map((u) => [u, 'ready']));
  let turn = 0;
  const usable = (url: string) => (passedOverUntil.get(url) ?? 0) <= now();
  return {
    urls,
    pick() {
      for (let i = 0; i < urls.length; i++) {
        const url = urls[(turn + i) % urls.length] as string;
        if (usable(url)) {
          turn = (turn + i + 1) % urls.length;
          return url;
        }
      }
      const url = urls[turn % urls.length] as string;
      turn = (turn + 1) % urls.length;
      return url;
    },
    others(url) {
      const at = urls.indexOf(url);
      const rest = urls.map((_, i) => urls[(at + 1 + i) % urls.length] as string).filter((u) => u !== url);
      return [...rest.filter(usable), ...rest.filter((u) => !usable(u))];
    },
    report(url, state) {
      lastState.set(url, state);
      if (state === 'ready') passedOverUntil.delete(url);
      else passedOverUntil.set(url, now() + passOverMs);
    },
    states: () => Object.fromEntries(lastState),
  };
}

/** A peer's instances as a caller is given them: one URL, a list, or a set it shares with other callers. */
export type Upstream = string | readonly string[] | UpstreamSet;

export function upstreamSetOf(upstream: Upstream): UpstreamSet {
  if (typeof upstream === 'string') return createUpstreamSet([upstream.replace(/\/+$/, '')]);
  if ('pick' in upstream) return upstream;
  return createUpstreamSet(upstream.map((u) => u.replace(/\/+$/, '')));
}

/**
 * Makes one call on the next instance in turn and, while the call surely never reached an instance
 * (`neverReached` of its error), on each of the others; an instance it could not reach is reported
 * down (passed over). Rethrows the last error: one that reached an instance is never repeated, as
 * the instance may have acted on it.
 */
export async function callWithFailover<T>(instances: UpstreamSet, call: (url: string) => Promise<T>, neverReached: (err: unknown) => boolean): Promise<T> {
  const first = instances.pick();
  let lastError: unknown;
  for (const url of [first, ...instances.others(first)]) {
    try {
      return await call(url);
    } catch (err) {
      lastError = err;
      if (!neverReached(err)) break;
      instances.report(url, 'down');
    }
  }
  throw lastError;
}
