import type { IncomingMessage } from 'node:http';

/**
 * The path exactly as sent, query cut off. Deliberately not `new URL(...)`: that resolves `..` and
 * would route `/api/cart/../admin/x` as an admin path while the admin check saw a cart path.
 */
export const rawPathOf = (req: IncomingMessage): string => {
  // Inside a router mounted at '/api' Express shortens req.url; originalUrl keeps the whole path.
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  return url.split(/[?#]/, 1)[0] ?? '/';
};

/**
 * Webhooks are called by payment providers and the POS, never by a browser: they carry no cookie,
 * get no session, and are checked by their service's signature instead of CSRF rules.
 */
export const isWebhookPath = (path: string): boolean => path === '/api/webhooks' || path.startsWith('/api/webhooks/');

/** Methods that only read: no CSRF check, and never a new session. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method);
