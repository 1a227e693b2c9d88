/** Every public API path, grouped by the service that owns it (ARCHITECTURE.md §2). */
export const ApiPaths = {
  auth: {
    me: '/api/auth/me',
    login: '/api/auth/login',
    register: '/api/auth/register',
    logout: '/api/auth/logout',
    forgotPassword: '/api/auth/forgot-password',
    resetPassword: '/api/auth/reset-password',
    /** PATCH: first name, last name, phone, e-mail (a new e-mail is unverified again). */
    profile: '/api/auth/profile',
    changePassword: '/api/auth/change-password',
    verifyEmail: '/api/auth/verify-email',
    resendVerification: '/api/auth/resend-verification',
    /** Development only: the local mailbox where mail goes when SMTP_URL is unset. */
    devMailbox: '/api/auth/dev/mailbox',
  },
  catalog: {
    products: '/api/products',
    categoryCounts: '/api/categories/counts',
    locations: '/api/locations',
    adminInventory: '/api/admin/inventory',
    /** GET: the intake desk's work queue (IntakeListQuery → IntakeList). */
    intake: '/api/admin/intake',
    /** GET: how many listings each queue holds (IntakeCounts). */
    intakeCounts: '/api/admin/intake/counts',
    /** GET: one listing at the desk (IntakeDetail). */
    intakeDetail: (productId: string) => `/api/admin/intake/${encodeURIComponent(productId)}`,
    /** POST InspectionInput: a new inspection (earlier ones stay in the history). */
    inspections: (productId: string) => `/api/admin/intake/${encodeURIComponent(productId)}/inspections`,
    /** POST the image's bytes (Content-Type image/*, ?alt=): a new photo. PUT PhotoOrderInput: order and cover. */
    photos: (productId: string) => `/api/admin/intake/${encodeURIComponent(productId)}/photos`,
    /** PATCH PhotoPatchInput (alt text); DELETE. */
    photo: (productId: string, photoId: string) => `/api/admin/intake/${encodeURIComponent(productId)}/photos/${encodeURIComponent(photoId)}`,
    /** POST: the grade and notes the POS sent become the listing's (the inspector accepts them). */
    acceptPosCondition: (productId: string) => `/api/admin/intake/${encodeURIComponent(productId)}/accept-pos-condition`,
    /** POST: a draft listing (from a manifest) goes on sale: shoppers see it from now on. */
    publish: (productId: string) => `/api/admin/intake/${encodeURIComponent(productId)}/publish`,
    /** GET: the manifests, newest first (ManifestList). POST the CSV (ManifestUploadQuery): ManifestUploaded. */
    manifests: '/api/admin/manifests',
    /** GET WaitingDraftsQuery: the drafts waiting for their intake (WaitingDrafts). Before manifest(id) in the route table. */
    manifestDrafts: '/api/admin/manifests/drafts',
    /** POST: the draft becomes its product, unpublished (DraftIntakeStarted), to inspect and photograph at the desk. */
    draftIntake: (sku: string) => `/api/admin/manifests/drafts/${encodeURIComponent(sku)}/intake`,
    /** GET: one manifest (ManifestDetail), with its progress while importing. */
    manifest: (id: string) => `/api/admin/manifests/${encodeURIComponent(id)}`,
    /** POST ManifestSettings: ManifestDryRun, changing nothing. */
    manifestDryRun: (id: string) => `/api/admin/manifests/${encodeURIComponent(id)}/dry-run`,
    /** POST ManifestSettings: 202, the import runs in the background (ManifestDetail). Again after a cancel: it goes on. */
    manifestImport: (id: string) => `/api/admin/manifests/${encodeURIComponent(id)}/import`,
    /** POST: the import stops after the batch it is writing (ManifestDetail). */
    manifestCancel: (id: string) => `/api/admin/manifests/${encodeURIComponent(id)}/cancel`,
    /** GET ManifestRowsQuery: each row's outcome (ManifestRows). */
    manifestRows: (id: string) => `/api/admin/manifests/${encodeURIComponent(id)}/rows`,
    /** GET ReportRangeQuery → SellThroughReport. */
    sellThroughReport: '/api/admin/reports/sell-through',
    /** GET → InventoryValueReport (on hand now). */
    inventoryValueReport: '/api/admin/reports/inventory-value',
    /** GET ReportRangeQuery → MarkdownSavingsReport. */
    markdownSavingsReport: '/api/admin/reports/markdown-savings',
    /** GET: every variant with its stock, cost and prices, as a CSV attachment. */
    inventoryExport: '/api/admin/reports/inventory.csv',
    /** GET: the markdown rules (MarkdownRuleList); POST MarkdownRuleInput: a new rule. */
    markdownRules: '/api/admin/markdowns/rules',
    /** PUT MarkdownRuleInput; DELETE. */
    markdownRule: (id: string) => `/api/admin/markdowns/rules/${encodeURIComponent(id)}`,
    /** GET: what the next run changes (MarkdownPreview). */
    markdownPreview: '/api/admin/markdowns/preview',
    /** GET: recent runs (MarkdownRunList); POST: a run now (201 MarkdownRun, 409 while another runs). */
    markdownRuns: '/api/admin/markdowns/runs',
    /** GET: a listing's price history (PriceHistory). */
    priceHistory: (productId: string) => `/api/admin/price-history/${encodeURIComponent(productId)}`,
  },
  cart: {
    cart: '/api/cart',
    lines: '/api/cart/lines',
    line: (id: string) => `/api/cart/lines/${id}`,
    checkoutDetails: '/api/cart/checkout',
    testCardConfirm: '/api/payments/test-card/confirm',
    /** GET: whether payments are real (PaymentMode); the same for every visitor. */
    paymentMode: '/api/payments/mode',
    stripeWebhook: '/api/webhooks/payments/stripe',
    createPaymentIntent: '/api/create-payment-intent',
    orders: '/api/orders',
    order: (id: string) => `/api/orders/${encodeURIComponent(id)}`,
    /** POST: a return of some of the order's lines (RequestReturnPayload). */
    orderReturns: (id: string) => `/api/orders/${encodeURIComponent(id)}/returns`,
    /** POST: a guest finds an order by number and e-mail (answered by identity, which mails the link). */
    orderLookup: '/api/orders/lookup',
    /** GET ReportRangeQuery → SalesPerDayReport. */
    salesReport: '/api/admin/reports/sales',
    /** GET ReportRangeQuery: the orders placed in the range, as a CSV attachment. */
    ordersExport: '/api/admin/reports/orders.csv',
  },
  pos: {
    config: '/api/admin/pos-config',
    testConnection: '/api/admin/sync/test-connection',
    trigger: '/api/admin/sync/trigger',
    /** POST: asks the running sync to stop (it ends 'cancelled' after the batches it is writing). */
    cancel: '/api/admin/sync/cancel',
    status: '/api/admin/sync/status',
    events: '/api/admin/events',
    /** The POS event inbox: events that failed to apply or are retried after an error. */
    eventProblems: '/api/admin/events/problems',
    /** POST: every problem event due again now. */
    retryEvents: '/api/admin/events/retry',
    /** POST: one problem event due again now (`id` as it goes in a URL: encoded by the caller). */
    retryEvent: (id: string) => `/api/admin/events/${id}/retry`,
    /** POST {since}: every event received since then applied again (versions decide). */
    replayEvents: '/api/admin/events/replay',
    /** GET AuditQuery → AuditPage: the merged admin audit log, newest first (pos-sync keeps it). */
    audit: '/api/admin/audit',
  },
} as const;

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
