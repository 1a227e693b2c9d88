// Every public API path, grouped by the service that owns it (ARCHITECTURE.md §2), one export per
// group: used as `ApiPaths.cart.cart` (http.ts gathers them), yet a browser bundle carries only the
// groups its code names (a single object was sent whole, every admin path in every remote).

export const auth = {
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
} as const;

export const catalog = {
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
} as const;

export const cart = {
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
} as const;

export const pos = {
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
} as const;
