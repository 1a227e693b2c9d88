// Every public and admin API route of the shop, as the hostile-input fuzz test (issue 28) drives it:
// the method, the path as the route table writes it, and a valid sample of each input the route
// reads, checked against the route's contract schema so a sample cannot drift from what it takes.
// The list is held against the sources of truth: every /api path the contracts export, and the
// routes the services and the gateway really mount (read from their Express route tables), so a
// route added tomorrow fails the fuzz test until it is listed here, and so driven.
import * as contracts from '@pl/contracts';
import {
  AddToCartPayload,
  AdminInventoryQuery,
  AdminOrderPaths,
  AdminOrderQuery,
  ApiPaths,
  AuditQuery,
  CancelOrderPayload,
  ChangePasswordPayload,
  CheckoutDetailsPayload,
  CreatePaymentIntentPayload,
  EmptyActionPayload,
  ForgotPasswordPayload,
  InspectionInput,
  ManifestRowsQuery,
  ManifestSettings,
  ManifestUploadQuery,
  WaitingDraftsQuery,
  IntakeListQuery,
  MarkdownRuleInput,
  LoginPayload,
  MarkPickedUpPayload,
  MarkShippedPayload,
  MEDIA_PATH,
  OrderLookupPayload,
  PHOTO_MEDIA_PATH,
  PhotoOrderInput,
  PhotoPatchInput,
  PosWebhookPath,
  CurrentStockQuery,
  ReportRangeQuery,
  ProductListQuery,
  ReceiveReturnPayload,
  RegisterPayload,
  ReplayEventsRequest,
  RequestReturnPayload,
  ResetPasswordPayload,
  SavePosConfigPayload,
  TestCardConfirmPayload,
  UpdateCartLinePayload,
  UpdateProfilePayload,
  VerifyEmailPayload,
} from '@pl/contracts';
import { z } from 'zod';
import { TEST_CARD } from './shopper.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: Method;
  /** As the route table writes it, `:name` for a path parameter. */
  path: string;
  /** A plausible value of each path parameter. */
  params?: Record<string, string>;
  /** A valid query, and the schema it is valid against. */
  query?: { sample: Record<string, string>; schema: z.ZodType };
  /** A valid JSON body and its schema; 'raw' for a webhook, whose signed bytes no schema reads first. */
  body?: { sample: unknown; schema: z.ZodType } | 'raw';
  /** Mounted only with this configuration (the test shop runs without it). */
  onlyWith?: 'stripe';
}

const ORDER_ID = '6f1c0a52-3c1e-4c55-9a55-0d6b1e7a9b10';
const LINE_ID = '0b7e3a0e-8d8f-4a4b-9f0e-2a8f3c1d5e77';
const PRODUCT_ID = '9a3b2c1d-0e9f-4a8b-8c7d-6e5f4a3b2c1d';
const PHOTO_ID = '2c4e6a8b-1d3f-4a5b-8c7d-9e0f1a2b3c4d';
const MANIFEST_ID = '5d7e9f1a-2b3c-4d5e-8f6a-7b8c9d0e1f2a';
const RULE_ID = '5b7d9f1a-3c5e-4a7b-9c1d-2e4f6a8b0c1d';
const MARKDOWN_RULE = { name: 'Aging stock', steps: [{ days: 30, percentOff: 10 }, { days: 60, percentOff: 25 }], floorPercentOfRetail: 50 };
const orderParams = { id: ORDER_ID };
const adminOrderAction = (path: string, sample: unknown, schema: z.ZodType): ApiRoute => ({ method: 'POST', path, params: orderParams, body: { sample, schema } });
const NoInput = z.strictObject({});
const reportRange = { from: '2026-01-01', to: '2026-01-31', timeZone: 'America/New_York' };

/**
 * The routes, with samples that get as far as a route's logic would let them (a real-looking
 * session's, a pickup's, a wrong current password): a hostile value put in any one place of them
 * must be refused at the edge.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  // identity: sign-in, registration and sign-out are answered by the gateway itself
  { method: 'POST', path: ApiPaths.auth.login, body: { sample: { usernameOrEmail: 'nobody-here', password: 'not-the-password' }, schema: LoginPayload } },
  {
    method: 'POST',
    path: ApiPaths.auth.register,
    body: { sample: { username: 'fuzzed', email: 'fuzzed@example.com', password: 'long-enough-1', firstName: 'Fuzz', lastName: 'Ed', phone: '555-0100' }, schema: RegisterPayload },
  },
  { method: 'POST', path: ApiPaths.auth.logout, body: { sample: {}, schema: NoInput } },
  { method: 'GET', path: ApiPaths.auth.me },
  { method: 'PATCH', path: ApiPaths.auth.profile, body: { sample: { firstName: 'Ann', lastName: 'Lee', phone: '555-0101' }, schema: UpdateProfilePayload } },
  { method: 'POST', path: ApiPaths.auth.changePassword, body: { sample: { currentPassword: 'not-the-password', newPassword: 'another-one-22' }, schema: ChangePasswordPayload } },
  { method: 'POST', path: ApiPaths.auth.forgotPassword, body: { sample: { email: 'nobody@example.com' }, schema: ForgotPasswordPayload } },
  { method: 'POST', path: ApiPaths.auth.resetPassword, body: { sample: { token: 'no-such-token', password: 'another-one-22' }, schema: ResetPasswordPayload } },
  { method: 'POST', path: ApiPaths.auth.verifyEmail, body: { sample: { token: 'no-such-token' }, schema: VerifyEmailPayload } },
  { method: 'POST', path: ApiPaths.auth.resendVerification, body: { sample: {}, schema: NoInput } },
  { method: 'GET', path: ApiPaths.auth.devMailbox, query: { sample: { format: 'json' }, schema: z.strictObject({ format: z.enum(['html', 'json']) }) } },
  { method: 'POST', path: ApiPaths.cart.orderLookup, body: { sample: { number: 'PL-100001', email: 'nobody@example.com' }, schema: OrderLookupPayload } },
  // catalog
  {
    method: 'GET',
    path: ApiPaths.catalog.products,
    query: { sample: { q: 'lamp', category: 'electronics', condition: 'USED', minPrice: '1.00', maxPrice: '999', inStock: 'true', sort: 'newest', limit: '5' }, schema: ProductListQuery },
  },
  { method: 'GET', path: `${ApiPaths.catalog.products}/:id`, params: { id: PRODUCT_ID } },
  { method: 'GET', path: ApiPaths.catalog.categoryCounts },
  { method: 'GET', path: ApiPaths.catalog.locations },
  { method: 'GET', path: `${MEDIA_PATH}/:file`, params: { file: 'fallback-product.svg' } },
  { method: 'GET', path: `${PHOTO_MEDIA_PATH}/:file`, params: { file: '0123456789abcdef01234567-640.jpg' } },
  { method: 'GET', path: ApiPaths.catalog.adminInventory, query: { sample: { q: 'lamp', limit: '5', offset: '0' }, schema: AdminInventoryQuery } },
  // catalog: the intake desk (issue 29)
  { method: 'GET', path: ApiPaths.catalog.intake, query: { sample: { queue: 'no_photos', q: 'lamp', limit: '5', offset: '0' }, schema: IntakeListQuery } },
  { method: 'GET', path: ApiPaths.catalog.intakeCounts },
  { method: 'GET', path: `${ApiPaths.catalog.intake}/:productId`, params: { productId: PRODUCT_ID } },
  {
    method: 'POST',
    path: `${ApiPaths.catalog.intake}/:productId/inspections`,
    params: { productId: PRODUCT_ID },
    body: { sample: { answers: { powers_on: 'pass', battery_health: 89, accessories: 'charger' }, grade: 'USED', notes: 'Light scratches on the lid', inspectorName: 'Ann' }, schema: InspectionInput },
  },
  { method: 'POST', path: `${ApiPaths.catalog.intake}/:productId/accept-pos-condition`, params: { productId: PRODUCT_ID } },
  // issue 30: a draft goes on sale
  { method: 'POST', path: `${ApiPaths.catalog.intake}/:productId/publish`, params: { productId: PRODUCT_ID } },
  { method: 'POST', path: `${ApiPaths.catalog.intake}/:productId/photos`, params: { productId: PRODUCT_ID }, body: 'raw' },
  {
    method: 'PUT',
    path: `${ApiPaths.catalog.intake}/:productId/photos`,
    params: { productId: PRODUCT_ID },
    body: { sample: { order: [PHOTO_ID], coverId: PHOTO_ID }, schema: PhotoOrderInput },
  },
  { method: 'PATCH', path: `${ApiPaths.catalog.intake}/:productId/photos/:photoId`, params: { productId: PRODUCT_ID, photoId: PHOTO_ID }, body: { sample: { alt: 'The lid, closed' }, schema: PhotoPatchInput } },
  { method: 'DELETE', path: `${ApiPaths.catalog.intake}/:productId/photos/:photoId`, params: { productId: PRODUCT_ID, photoId: PHOTO_ID } },
  // catalog: manifests (issue 30)
  { method: 'GET', path: ApiPaths.catalog.manifests },
  { method: 'POST', path: ApiPaths.catalog.manifests, query: { sample: { name: 'lot 4411.csv' }, schema: ManifestUploadQuery }, body: 'raw' },
  { method: 'GET', path: ApiPaths.catalog.manifestDrafts, query: { sample: { q: 'drill', limit: '25', offset: '0' }, schema: WaitingDraftsQuery } },
  { method: 'POST', path: `${ApiPaths.catalog.manifestDrafts}/:sku/intake`, params: { sku: 'PL-EL-001' } },
  { method: 'GET', path: `${ApiPaths.catalog.manifests}/:manifestId`, params: { manifestId: MANIFEST_ID } },
  ...(['dry-run', 'import'] as const).map((action) => ({
    method: 'POST' as const,
    path: `${ApiPaths.catalog.manifests}/:manifestId/${action}`,
    params: { manifestId: MANIFEST_ID },
    body: { sample: { mapping: { sku: 0, title: 1, quantity: 2 }, locationId: 'columbus-warehouse', pricePct: 60, lotCost: '120.00' }, schema: ManifestSettings },
  })),
  { method: 'POST', path: `${ApiPaths.catalog.manifests}/:manifestId/cancel`, params: { manifestId: MANIFEST_ID } },
  {
    method: 'GET',
    path: `${ApiPaths.catalog.manifests}/:manifestId/rows`,
    params: { manifestId: MANIFEST_ID },
    query: { sample: { outcome: 'refused', after: '0', limit: '50' }, schema: ManifestRowsQuery },
  },
  // catalog: markdowns and price history (issue 30, decision 052)
  { method: 'GET', path: ApiPaths.catalog.markdownRules },
  { method: 'POST', path: ApiPaths.catalog.markdownRules, body: { sample: MARKDOWN_RULE, schema: MarkdownRuleInput } },
  { method: 'PUT', path: `${ApiPaths.catalog.markdownRules}/:ruleId`, params: { ruleId: RULE_ID }, body: { sample: MARKDOWN_RULE, schema: MarkdownRuleInput } },
  { method: 'DELETE', path: `${ApiPaths.catalog.markdownRules}/:ruleId`, params: { ruleId: RULE_ID } },
  { method: 'GET', path: ApiPaths.catalog.markdownPreview },
  { method: 'GET', path: ApiPaths.catalog.markdownRuns },
  { method: 'POST', path: ApiPaths.catalog.markdownRuns },
  { method: 'GET', path: '/api/admin/price-history/:productId', params: { productId: PRODUCT_ID } },
  // cart
  { method: 'GET', path: ApiPaths.cart.cart },
  { method: 'POST', path: ApiPaths.cart.lines, body: { sample: { variantId: 'NO-SUCH-SKU', qty: 1 }, schema: AddToCartPayload } },
  { method: 'PATCH', path: ApiPaths.cart.line(':id'), params: { id: LINE_ID }, body: { sample: { qty: 2 }, schema: UpdateCartLinePayload } },
  { method: 'DELETE', path: ApiPaths.cart.line(':id'), params: { id: LINE_ID } },
  {
    method: 'PUT',
    path: ApiPaths.cart.checkoutDetails,
    body: {
      sample: { fulfilment: { type: 'shipping', address: { name: 'Ann Lee', line1: '1 Main St', line2: 'Apt 2', city: 'Columbus', state: 'OH', zipCode: '43215' } }, email: 'ann@example.com' },
      schema: CheckoutDetailsPayload,
    },
  },
  { method: 'POST', path: ApiPaths.cart.createPaymentIntent, body: { sample: { total: '21.59' }, schema: CreatePaymentIntentPayload } },
  {
    method: 'POST',
    path: ApiPaths.cart.testCardConfirm,
    body: { sample: { clientSecret: 'tc_no_such_payment', ...TEST_CARD, total: '21.59' }, schema: TestCardConfirmPayload },
  },
  { method: 'POST', path: ApiPaths.cart.stripeWebhook, body: 'raw', onlyWith: 'stripe' },
  { method: 'GET', path: ApiPaths.cart.paymentMode },
  { method: 'GET', path: ApiPaths.cart.orders },
  { method: 'GET', path: `${ApiPaths.cart.orders}/:id`, params: orderParams, query: { sample: { key: 'A'.repeat(43) }, schema: z.strictObject({ key: contracts.OrderLinkKey }) } },
  {
    method: 'POST',
    path: `${ApiPaths.cart.orders}/:id/returns`,
    params: orderParams,
    query: { sample: { key: 'A'.repeat(43) }, schema: z.strictObject({ key: contracts.OrderLinkKey }) },
    body: { sample: { lines: [{ index: 0, reason: 'other', comment: 'Two lines\nof comment' }] }, schema: RequestReturnPayload },
  },
  {
    method: 'GET',
    path: AdminOrderPaths.orders,
    query: { sample: { status: 'paid', fulfilment: 'pickup', locationId: 'downtown', from: '2026-01-01', to: '2026-12-31', q: 'ann', overdue: 'false', limit: '5', offset: '0' }, schema: AdminOrderQuery },
  },
  { method: 'GET', path: AdminOrderPaths.counts },
  { method: 'GET', path: AdminOrderPaths.order(':id'), params: orderParams },
  adminOrderAction(AdminOrderPaths.ready(':id'), {}, EmptyActionPayload),
  adminOrderAction(AdminOrderPaths.pickedUp(':id'), { idChecked: true }, MarkPickedUpPayload),
  adminOrderAction(AdminOrderPaths.shipped(':id'), { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }, MarkShippedPayload),
  adminOrderAction(AdminOrderPaths.delivered(':id'), {}, EmptyActionPayload),
  adminOrderAction(AdminOrderPaths.cancel(':id'), { reason: 'Out of stock\nat the store' }, CancelOrderPayload),
  adminOrderAction(AdminOrderPaths.receiveReturn(':id'), { lines: [{ index: 0, units: [{ outcome: 'restock', grade: 'USED', price: '10.00' }] }] }, ReceiveReturnPayload),
  // reports (issue 30): the cart's on orders, the catalog's on stock
  { method: 'GET', path: ApiPaths.cart.salesReport, query: { sample: reportRange, schema: ReportRangeQuery } },
  { method: 'GET', path: ApiPaths.cart.ordersExport, query: { sample: reportRange, schema: ReportRangeQuery } },
  { method: 'GET', path: ApiPaths.catalog.sellThroughReport, query: { sample: reportRange, schema: ReportRangeQuery } },
  { method: 'GET', path: ApiPaths.catalog.markdownSavingsReport, query: { sample: reportRange, schema: ReportRangeQuery } },
  { method: 'GET', path: ApiPaths.catalog.inventoryValueReport, query: { sample: {}, schema: CurrentStockQuery } },
  { method: 'GET', path: ApiPaths.catalog.inventoryExport, query: { sample: {}, schema: CurrentStockQuery } },
  // pos-sync
  { method: 'POST', path: PosWebhookPath, body: 'raw' },
  { method: 'GET', path: ApiPaths.pos.status },
  { method: 'GET', path: ApiPaths.pos.events, query: { sample: { limit: '5' }, schema: z.strictObject({ limit: z.coerce.number().int().min(1).max(100) }) } },
  { method: 'GET', path: ApiPaths.pos.eventProblems, query: { sample: { limit: '5' }, schema: z.strictObject({ limit: z.coerce.number().int().min(1).max(100) }) } },
  { method: 'POST', path: ApiPaths.pos.retryEvents },
  { method: 'POST', path: ApiPaths.pos.retryEvent(':eventId'), params: { eventId: 'evt-no-such-event' } },
  { method: 'POST', path: ApiPaths.pos.replayEvents, body: { sample: { since: '2999-01-01T00:00:00Z' }, schema: ReplayEventsRequest } },
  { method: 'GET', path: ApiPaths.pos.config },
  // Never a reachable POS: a sample that got through would still save nothing that works.
  { method: 'POST', path: ApiPaths.pos.config, body: { sample: { posUrl: 'http://pos.invalid', apiKey: 'key-123' }, schema: SavePosConfigPayload } },
  { method: 'GET', path: ApiPaths.pos.testConnection },
  { method: 'GET', path: ApiPaths.pos.audit, query: { sample: { actor: 'Ada', action: 'photo.', targetType: 'product', from: '2026-01-01', to: '2026-12-31', limit: '20' }, schema: AuditQuery } },
  { method: 'POST', path: ApiPaths.pos.trigger },
  { method: 'POST', path: ApiPaths.pos.cancel },
];

export const routeKey = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;
export const isAdminPath = (path: string) => path === '/api/admin' || path.startsWith('/api/admin/');

/** Prefixes that say who owns a part of /api, not routes. */
const ROUTING_TABLES = new Set<string>(['RouteOwners', 'PublicReadPrefixes']);

/** Every /api path the contracts export (a constant, or a function of an id called with one). */
export function contractApiPaths(): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (typeof value === 'string') {
      if (value === '/api' || value.startsWith('/api/')) found.add(value);
    } else if (typeof value === 'function') {
      if (value.length === 1) {
        try {
          visit((value as (id: string) => unknown)('sample-id'), depth);
        } catch {
          // a function of something else than an id
        }
      }
    } else if (value && typeof value === 'object' && depth < 3 && !(value instanceof z.ZodType)) {
      for (const inner of Object.values(value)) visit(inner, depth + 1);
    }
  };
  for (const [name, value] of Object.entries(contracts)) if (!ROUTING_TABLES.has(name)) visit(value, 0);
  return [...found].sort();
}

/** Does this route's path template match a concrete path? */
export function templateMatches(template: string, path: string): boolean {
  const pattern = template
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`).test(path);
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}
/** What Express 5 keeps of a router (`app.router`, or a Router): its layers, in order. */
export interface RouteTable {
  stack: Layer[];
}

/** `METHOD path` of every route under /api in an Express route table, nested routers included. */
export function apiRoutesOf(table: RouteTable): string[] {
  const out: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) if (layer.route.path.startsWith('/api/')) out.push(routeKey({ method, path: layer.route.path }));
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk(table.stack);
  return out;
}
