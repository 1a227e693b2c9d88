// Security headers for everything the gateway answers. The CSP names exactly the origins the shop
// loads code from: our own and the configured remotes (derived from REMOTE_* at start, so moving a
// remote updates the policy with the runtime config; no rebuild either way).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { contentSecurityPolicy } from 'helmet';
import { EmailLinks } from '@pl/contracts';

export interface SecurityHeadersOptions {
  publicOrigin: string;
  secure: boolean;
  /** Manifest URLs of the remotes; their origins are allowed to serve scripts, styles and assets. */
  remoteEntries: string[];
  /** Extra hosts allowed to serve product images. */
  imageOrigins: string[];
  /** Checkout runs Stripe.js and its Payment Element (STRIPE_PUBLISHABLE_KEY set). */
  stripe?: boolean;
  /** Hash sources of the inline <style> blocks our own page carries (the shell's first paint), as they are now. */
  inlineStyleHashes?: () => readonly string[];
}

/**
 * What Stripe.js and the Payment Element load from (Stripe's CSP guide): the script (also served
 * from its subdomains), its iframes (the card fields, 3-D Secure challenges) and its API.
 */
export const StripeOrigins = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

type Source = string | ((req: IncomingMessage, res: ServerResponse) => string);

export function cspDirectives(options: SecurityHeadersOptions): Record<string, Source[]> {
  const remotes = [...new Set(options.remoteEntries.map((entry) => new URL(entry).origin))];
  const wsOrigin = options.publicOrigin.replace(/^http/, 'ws');
  // Only with Stripe configured: without it no page of ours loads anything from Stripe.
  const stripe = options.stripe ? StripeOrigins : { script: [], frame: [], connect: [] };
  const inlineStyles = options.inlineStyleHashes;
  const directives: Record<string, Source[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...stripe.script],
    // No 'unsafe-inline': React applies `style={...}` through the CSSOM (element.style), which CSP
    // does not govern, and Rsbuild production builds extract CSS into files. Only <style> tags and
    // style="" attributes in markup are blocked; the one <style> the shop sends (index.html's first
    // paint) is allowed by its hash, read from the build. Revisit if a dependency injects <style> at runtime.
    'style-src': ["'self'", ...remotes, ...(inlineStyles ? [() => inlineStyles().join(' ')] : [])],
    // data: because Rsbuild inlines small images and fonts as data URIs by default.
    'img-src': ["'self'", 'data:', ...remotes, ...options.imageOrigins],
    'font-src': ["'self'", 'data:', ...remotes],
    // Remotes' manifests are fetched; the shell's websocket goes to our own origin as ws(s)://.
    'connect-src': ["'self'", ...remotes, wsOrigin, ...stripe.connect],
    // default-src 'self' would refuse Stripe's card-field and 3-D Secure iframes.
    ...(options.stripe ? { 'frame-src': ["'self'", ...stripe.frame] } : {}),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (options.secure) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The policy's header value. Helmet writes it (checking every directive), but only when the inline
 * style hashes change, not on every response: with a directive that is a function it rebuilt and
 * rechecked the whole policy each time (~0.1 ms a request).
 */
function contentSecurityPolicyHeader(options: SecurityHeadersOptions): () => string {
  const policy = contentSecurityPolicy({ useDefaults: false, directives: cspDirectives(options) });
  let made: { hashes: string; value: string } | undefined;
  return () => {
    const hashes = options.inlineStyleHashes?.().join(' ') ?? '';
    if (made?.hashes === hashes) return made.value;
    let value = '';
    const capture = { setHeader: (_name: string, header: string) => (value = header) } as unknown as ServerResponse;
    policy({} as IncomingMessage, capture, (err?: unknown) => {
      if (err) throw err;
    });
    made = { hashes, value };
    return value;
  };
}

export function securityHeaders(options: SecurityHeadersOptions): RequestHandler {
  const policy = contentSecurityPolicyHeader(options);
  const helmetHeaders = helmet({
    contentSecurityPolicy: false,
    // HSTS only means something over https; sent over http it would only confuse local development.
    strictTransportSecurity: options.secure ? { maxAge: 15552000, includeSubDomains: false } : false,
    // Matches frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  return (req, res, next) => {
    helmetHeaders(req, res, (err?: unknown) => {
      if (err) return next(err);
      res.setHeader('Content-Security-Policy', policy());
      if (carriesOneTimeToken(req.path, req.query)) res.setHeader('Referrer-Policy', 'no-referrer');
      next();
    });
  };
}

/**
 * Headers that govern a document (what it may load, frame or open) and mean nothing on a script or
 * a stylesheet, which is never one. Sent with each of the first view's ~15 script and style files
 * over HTTP/1.1 (no header compression), they were ~1 KB a file: more than many of the files.
 * X-Content-Type-Options, Cross-Origin-Resource-Policy, Referrer-Policy (a stylesheet's own
 * requests follow it) and HSTS stay on every response.
 */
export const DocumentOnlyHeaders = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
] as const;

/** A script or stylesheet's answer: without the document-only headers (the file is never a page). */
export function withoutDocumentHeaders(res: ServerResponse): void {
  for (const name of DocumentOnlyHeaders) res.removeHeader(name);
}

/** Pages whose URL holds a secret (password reset, e-mail verification links). */
const TOKEN_PAGES = new Set(['/reset-password', '/reset-password/']);
const TOKEN_PARAMS = ['token', EmailLinks.verifyEmailParam];

/**
 * A page opened from a reset or verification link has the token in its URL: with no-referrer, no
 * request the page makes (images, a link followed) can hand that URL to another site.
 */
export function carriesOneTimeToken(path: string, query: Record<string, unknown>): boolean {
  return TOKEN_PAGES.has(path) || TOKEN_PARAMS.some((name) => query[name] !== undefined);
}
