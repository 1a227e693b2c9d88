import * as ApiPaths from './api-paths.js';

/** Every public API path, grouped by the service that owns it: ApiPaths.auth, .catalog, .cart, .pos (api-paths.ts). */
export { ApiPaths };

/**
 * What the shop tells search engines and shopping sites (decision 070), at the addresses they look
 * for: robots.txt is the gateway's own, the rest the catalog's, built from its listings.
 */
export const CrawlerPaths = {
  robots: '/robots.txt',
  /** The sitemap index: names every sitemap file. */
  sitemapIndex: '/sitemap.xml',
  /** A sitemap file: `pages`, or `products-<n>` from 1. */
  sitemap: (name: string) => `/sitemaps/${encodeURIComponent(name)}.xml`,
  /** Every variant on sale as Google Merchant Center reads a product feed (RSS 2.0, the g: namespace). */
  merchantFeed: '/feeds/google-merchant.xml',
} as const;

/**
 * The shop's pages that are worth a search engine's while whatever the catalogue holds, for the
 * sitemap: the catalog team's lists and the shell's own pages (its app-routes.tsx). A listing's page,
 * and the list of each category with something on sale, are added from the catalogue.
 */
export const IndexedPages: readonly string[] = ['/', '/products', '/categories', '/locations', '/about', '/support/condition-guide', '/support/returns', '/support/shipping', '/contact'];

export type ServiceName = 'catalog' | 'cart' | 'identity' | 'pos-sync';

/**
 * Which service owns which path prefix. The gateway routes by the first matching prefix
 * (most specific first) and keeps the full path when proxying.
 */
export const RouteOwners: ReadonlyArray<{ prefix: string; service: ServiceName }> = [
  { prefix: '/api/auth', service: 'identity' },
  // Identity mails the link and keeps the rate limit; it asks the cart whether the order exists.
  { prefix: '/api/orders/lookup', service: 'identity' },
  { prefix: '/api/admin/inventory', service: 'catalog' },
  { prefix: '/api/admin/intake', service: 'catalog' },
  { prefix: '/api/admin/manifests', service: 'catalog' },
  { prefix: '/api/admin/markdowns', service: 'catalog' },
  { prefix: '/api/admin/price-history', service: 'catalog' },
  { prefix: '/api/admin/orders', service: 'cart' },
  // The merged audit log every service feeds (decision 051); named, though /api/admin would route it there too.
  { prefix: '/api/admin/audit', service: 'pos-sync' },
  // The reports: each service answers for what it owns (the cart its orders, the catalog the rest).
  { prefix: '/api/admin/reports/sales', service: 'cart' },
  { prefix: '/api/admin/reports/orders.csv', service: 'cart' },
  { prefix: '/api/admin/reports', service: 'catalog' },
  { prefix: '/api/admin', service: 'pos-sync' },
  { prefix: '/api/webhooks/pos', service: 'pos-sync' },
  { prefix: '/api/webhooks/payments', service: 'cart' },
  { prefix: '/api/products', service: 'catalog' },
  { prefix: '/api/categories', service: 'catalog' },
  { prefix: '/api/locations', service: 'catalog' },
  { prefix: '/api/media', service: 'catalog' },
  { prefix: '/api/cart', service: 'cart' },
  { prefix: '/api/create-payment-intent', service: 'cart' },
  { prefix: '/api/orders', service: 'cart' },
  { prefix: '/api/payments', service: 'cart' },
  // Outside /api: the crawlers' documents built from the catalogue (robots.txt is the gateway's own).
  { prefix: CrawlerPaths.sitemapIndex, service: 'catalog' },
  { prefix: '/sitemaps', service: 'catalog' },
  { prefix: '/feeds', service: 'catalog' },
];

/**
 * The public reads: the same answer for every visitor (the catalogue, and whether payments are
 * real), so the gateway neither mints nor forwards a session for them (no Set-Cookie, no
 * per-visitor credential) and caches may keep them.
 */
export const PublicReadPrefixes: readonly string[] = [ApiPaths.catalog.products, '/api/categories', ApiPaths.catalog.locations, '/api/media', ApiPaths.cart.paymentMode];

export function isPublicRead(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return PublicReadPrefixes.some((prefix) => path === prefix || path.startsWith(prefix + '/') || path.startsWith(prefix + '?'));
}

/** Finds the owning service of a request path, or undefined when no service owns it. */
export function ownerOf(path: string): ServiceName | undefined {
  for (const { prefix, service } of RouteOwners) {
    if (path === prefix || path.startsWith(prefix + '/') || path.startsWith(prefix + '?')) return service;
  }
  return undefined;
}

/** Headers the gateway sets on proxied requests. Any client-supplied copy is stripped first. */
export const InternalHeaders = {
  requestId: 'x-request-id',
  /** Bearer token the gateway forwards; services verify it against the gateway's JWKS. */
  authorization: 'authorization',
  /** The browser's device id (the gateway's device cookie), a rate-limit key beside the address. */
  device: 'x-pl-device',
  /**
   * On a catalogue answer the gateway may keep (the catalog's read cache keeps it too): until when,
   * in epoch ms ('0': until told otherwise). The gateway forgets it sooner on
   * CatalogSubjects.readsChanged, and never passes the header on.
   */
  keepUntil: 'x-pl-keep-until',
} as const;

/** Headers the gateway answers the browser with about its session (the session cookie itself is HttpOnly). */
export const SessionHeaders = {
  /**
   * On the answer to a write that started a new guest session (a visitor's first cart line, a
   * sign-out): the page's websocket, opened before, belongs to no one and is reopened.
   */
  guestStarted: 'x-pl-guest-session',
} as const;

/**
 * The device cookie the gateway gives every browser (with its first look at who is signed in, or its
 * first sign-in): a random id that lets identity's per-client rate limits count one device rather
 * than a whole shared address (a carrier's NAT). It is no credential. The cookie carries the id and
 * the gateway's MAC of it (`<id>.<mac>`), so only ids the gateway issued count (decision 044);
 * identity is given the bare id.
 */
export const DeviceCookie = {
  /** Over http; `__Host-` prefixed under https, like the session cookie (Jwt.secureCookieName). */
  name: 'pl_device',
  secureName: '__Host-pl_device',
  /** The id: 16 random bytes, base64url. Anything else is ignored (no device). */
  pattern: /^[A-Za-z0-9_-]{22}$/,
  maxAgeSeconds: 400 * 24 * 3600,
} as const;

/** Headers a browser must never be able to set on a request that reaches a service. */
export const StrippedClientHeaders = [
  'authorization',
  'x-user-id',
  'x-user',
  'x-customer-id',
  'x-is-admin',
  'x-forwarded-user',
  'x-subject',
  'x-pl-device',
] as const;

export const HealthPaths = { live: '/healthz', ready: '/readyz' } as const;
