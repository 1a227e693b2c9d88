import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { Remotes, type ServiceName } from '@pl/contracts';
import { emptyAsUnset, internalApiTokenVar, loadConfig, logLevelVar, portVar, requireInternalApiTokenInProduction, shutdownDrainVar, urlListVar, urlVar } from '@pl/service-kit';

/** Comma-separated list of browser origins (scheme://host[:port]), normalised; empty when unset. */
const originListVar = z
  .string()
  .default('')
  .transform((raw, ctx) => {
    const origins: string[] = [];
    for (const item of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
      try {
        origins.push(new URL(item).origin);
      } catch {
        ctx.addIssue({ code: 'custom', message: `not an origin: ${item}` });
      }
    }
    return origins;
  });

/** proxy-addr's names for address ranges (Express's `trust proxy` accepts them beside IPs and CIDRs). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Comma-separated IP addresses, CIDR ranges (`10.0.0.0/8`) or range names; empty when unset. */
const proxyListVar = z
  .string()
  .default('')
  .transform((raw, ctx) => {
    const proxies: string[] = [];
    for (const item of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
      const [address = '', prefix, ...rest] = item.split('/');
      const version = isIP(address);
      const bits = version === 4 ? 32 : 128;
      // From /1: a /0 ("everyone is our proxy") would let any client name its own address.
      const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= bits);
      if (PROXY_RANGE_NAMES.has(item) || (version !== 0 && prefixOk && rest.length === 0)) proxies.push(item);
      else ctx.addIssue({ code: 'custom', message: `not an IP address, CIDR range or one of ${[...PROXY_RANGE_NAMES].join(', ')}: ${item}` });
    }
    return proxies;
  });

const GatewayEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: portVar(5000),
  /** Prometheus /metrics, on a port of its own that is never the public one (0: any free port). */
  METRICS_PORT: portVar(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: logLevelVar,
  /** The origin browsers use to reach the gateway: decides cookie security, CSP and the ws Origin check. */
  PUBLIC_ORIGIN: urlVar('http://localhost:5000').transform((u) => new URL(u).origin),
  /** Each service's instances: one URL, or several comma-separated (decision 039). */
  IDENTITY_URL: urlListVar('http://127.0.0.1:5101'),
  CATALOG_URL: urlListVar('http://127.0.0.1:5102'),
  CART_URL: urlListVar('http://127.0.0.1:5103'),
  POS_SYNC_URL: urlListVar('http://127.0.0.1:5104'),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  JWT_PRIVATE_KEY: z.preprocess(emptyAsUnset, z.string().optional()),
  JWT_PUBLIC_KEY: z.preprocess(emptyAsUnset, z.string().optional()),
  JWT_KEY_FILE: z.string().optional(),
  SHELL_DIST: z.string().optional(),
  REMOTE_MF_CATALOG_URL: urlVar('http://localhost:5201/mf-manifest.json'),
  REMOTE_MF_CART_CHECKOUT_URL: urlVar('http://localhost:5202/mf-manifest.json'),
  REMOTE_MF_ACCOUNT_URL: urlVar('http://localhost:5203/mf-manifest.json'),
  REMOTE_MF_ADMIN_URL: urlVar('http://localhost:5204/mf-manifest.json'),
  /**
   * Extra origins our own pages are served from besides PUBLIC_ORIGIN (e.g. the shell dev server):
   * allowed to open /ws and to send unsafe /api requests with the session cookie (CSRF check).
   */
  WS_ALLOWED_ORIGINS: originListVar,
  /**
   * The proxies in front of the gateway (a TLS-terminating load balancer, the Ingress controller),
   * whose X-Forwarded-For is believed: the shopper's address is its right-most entry not itself a
   * trusted proxy. Unset: nobody's, the address is the connection's peer (decision 045).
   */
  GATEWAY_TRUSTED_PROXIES: proxyListVar,
  /** Hosts serving product images when they are not on our own origin (img-src in the CSP). */
  CSP_IMG_ORIGINS: originListVar,
  /**
   * The cart's Stripe publishable key (the same variable the cart reads). Set: card payments run on
   * Stripe.js and the Payment Element, so the CSP lets Stripe's script, frames and API in. Unset: the
   * built-in test-card form needs none of them, and the policy stays closed.
   */
  STRIPE_PUBLISHABLE_KEY: z.preprocess(emptyAsUnset, z.string().regex(/^pk_(test|live)_\w+$/, 'a Stripe publishable key (pk_test_… or pk_live_…)').optional()),
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)?$/i, 'a size such as 100kb').default('100kb'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Memory for immutable images (the intake desk's photos) kept at the edge, in MB; 0 keeps none. */
  GATEWAY_MEDIA_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** On SIGTERM, how long /readyz answers 'draining' while requests are still served (decision 039). */
  SHUTDOWN_DRAIN_MS: shutdownDrainVar,
  /** The services' shared secret: the gateway calls identity's internal session API with it. */
  INTERNAL_API_TOKEN: internalApiTokenVar,
}).superRefine(refuseUnsafeSettings);

/**
 * What the gateway refuses to start with, in one place (decision 042): in production the
 * development INTERNAL_API_TOKEN, and a signing key it would otherwise generate into a file
 * (each pod its own, so sessions would not survive a restart or another pod).
 */
function refuseUnsafeSettings(e: { NODE_ENV: string; INTERNAL_API_TOKEN: string; JWT_PRIVATE_KEY?: string }, ctx: z.RefinementCtx): void {
  requireInternalApiTokenInProduction(e, ctx);
  if (e.NODE_ENV === 'production' && !e.JWT_PRIVATE_KEY) {
    ctx.addIssue({ code: 'custom', path: ['JWT_PRIVATE_KEY'], message: 'required in production: the Ed25519 signing key as PKCS#8 PEM, with JWT_PUBLIC_KEY (its SPKI PEM)' });
  }
}

export interface GatewayConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /** Where GET /metrics answers: not the public port (decision 037). */
  metrics: { port: number; host: string };
  logLevel: string;
  publicOrigin: string;
  /** True when browsers reach us over https: Secure + `__Host-` cookies, HSTS, wss. */
  secure: boolean;
  /** Each service's instances (one URL, or several taken in turn: decision 039). */
  upstreams: Record<ServiceName, readonly string[]>;
  natsUrl: string;
  jwt: { privateKeyPem?: string; publicKeyPem?: string; keyFile: string };
  shellDist: string;
  /** Remote MF name → manifest URL, in the order the shell registers them. */
  remotes: Array<{ name: string; entry: string }>;
  /** Origins whose pages may open /ws and send state-changing API requests: PUBLIC_ORIGIN and WS_ALLOWED_ORIGINS. */
  trustedOrigins: string[];
  /** The front proxies whose X-Forwarded-For names the shopper's address (Express `trust proxy`); empty: none. */
  trustedProxies: string[];
  cspImgOrigins: string[];
  /** Card payments run on Stripe.js (STRIPE_PUBLISHABLE_KEY set): the CSP admits Stripe's origins. */
  stripe: boolean;
  bodyLimit: string;
  upstreamTimeoutMs: number;
  /** Bytes of immutable images kept at the edge (GATEWAY_MEDIA_CACHE_MB). */
  mediaCacheBytes: number;
  shutdownDrainMs: number;
  internalApiToken: string;
}

/**
 * Parses the gateway's environment once (fails fast listing every bad key). `repoRoot` anchors the
 * defaults that are files in the checkout; main.ts passes it so nothing here needs import.meta.
 */
export function loadGatewayConfig(env: NodeJS.ProcessEnv, repoRoot: string): GatewayConfig {
  const e = loadConfig(GatewayEnv, env);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    logLevel: e.LOG_LEVEL,
    publicOrigin: e.PUBLIC_ORIGIN,
    secure: e.PUBLIC_ORIGIN.startsWith('https:'),
    upstreams: { identity: e.IDENTITY_URL, catalog: e.CATALOG_URL, cart: e.CART_URL, 'pos-sync': e.POS_SYNC_URL },
    natsUrl: e.NATS_URL,
    jwt: {
      privateKeyPem: e.JWT_PRIVATE_KEY || undefined,
      publicKeyPem: e.JWT_PUBLIC_KEY || undefined,
      keyFile: path.resolve(repoRoot, e.JWT_KEY_FILE ?? '.data/jwt-keys.json'),
    },
    shellDist: path.resolve(repoRoot, e.SHELL_DIST ?? 'shell/dist'),
    remotes: [
      { name: Remotes.catalog.name, entry: e.REMOTE_MF_CATALOG_URL },
      { name: Remotes.cartCheckout.name, entry: e.REMOTE_MF_CART_CHECKOUT_URL },
      { name: Remotes.account.name, entry: e.REMOTE_MF_ACCOUNT_URL },
      { name: Remotes.admin.name, entry: e.REMOTE_MF_ADMIN_URL },
    ],
    trustedOrigins: [...new Set([e.PUBLIC_ORIGIN, ...e.WS_ALLOWED_ORIGINS])],
    trustedProxies: e.GATEWAY_TRUSTED_PROXIES,
    cspImgOrigins: e.CSP_IMG_ORIGINS,
    stripe: e.STRIPE_PUBLISHABLE_KEY !== undefined,
    bodyLimit: e.BODY_LIMIT,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    mediaCacheBytes: e.GATEWAY_MEDIA_CACHE_MB * 1024 * 1024,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    internalApiToken: e.INTERNAL_API_TOKEN,
  };
}
