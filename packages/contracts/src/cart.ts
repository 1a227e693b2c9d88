import { z } from './zod-config.js';
import { MAX_LINE_QTY } from './cart-values.js';
import { ConditionGrade, DecimalString } from './catalog.js';
import { multiLineText, oneLineText } from './text.js';

/**
 * The cart's internal API (behind INTERNAL_API_TOKEN). The gateway merges a guest's cart into the
 * customer's before it answers a sign-in, so the browser's next cart read already shows the merge;
 * the customer.signed-in event stays as the backstop when this call fails.
 */
export const CartInternalPaths = {
  merges: '/internal/cart-merges',
  /** POST: the order with this number and e-mail, if any (identity's order lookup; see OrderLookupPayload). */
  orderLookup: '/internal/orders/lookup',
} as const;

export const MergeGuestCartRequest = z.strictObject({
  guestSubject: z.string().min(1).max(128),
  customerId: z.string().min(1).max(128),
});
export type MergeGuestCartRequest = z.infer<typeof MergeGuestCartRequest>;

/** Add-to-cart payload: variantId carries the variant's sku (spec §3). */
export const AddToCartPayload = z.strictObject({
  variantId: oneLineText(64).min(1),
  qty: z.number().int().min(1).max(MAX_LINE_QTY),
});
export type AddToCartPayload = z.infer<typeof AddToCartPayload>;

export const CartLine = z.object({
  id: z.string(),
  qty: z.number().int(),
  subtotal: DecimalString,
  holdExpiresAt: z.string().nullable().optional(),
  /** The line's hold ran out: the item went back on sale and must be added again. */
  holdExpired: z.boolean().optional(),
  /** The store sold the held one-of-a-kind item in person: it is gone, and the line counts for nothing. */
  holdLost: z.boolean().optional(),
  /** Units still available to this cart right now (for the quantity control). */
  available: z.number().int().optional(),
  variant: z.object({
    sku: z.string(),
    title: z.string(),
    image: z.string().nullable(),
    conditionGrade: z.string(),
    oneOfAKind: z.boolean(),
    conditionNotes: z.string().nullable(),
    /** What one costs now: the catalog's price at this read (the line's last known one when the catalog cannot be asked). */
    price: DecimalString,
    /** The retail price (MSRP) the catalog compares it with: never a price the shop charged. */
    compareAtPrice: DecimalString.nullable().optional(),
    /** The listing it is from, when the catalog said so at this read: a price change of that listing (product.updated) changes the line. */
    productId: z.string().optional(),
    /** Spec §3's Variant.product: the listing as the catalog described it when the line was added (its id whenever known). */
    product: z
      .object({
        id: z.string(),
        title: z.string(),
        brand: z.string().nullable(),
        images: z.array(z.string()),
        conditionGrade: z.string(),
        conditionNotes: z.string().nullable(),
        oneOfAKind: z.boolean(),
      })
      .optional(),
  }),
});
export type CartLine = z.infer<typeof CartLine>;

export const PickupFulfilment = z.strictObject({ type: z.literal('pickup'), locationId: oneLineText(64).min(1) });
export const ShippingAddress = z.strictObject({
  name: oneLineText(120, { trim: true }).min(1),
  line1: oneLineText(200, { trim: true }).min(1),
  line2: oneLineText(200, { trim: true }).optional(),
  city: oneLineText(100, { trim: true }).min(1),
  state: oneLineText(50, { trim: true }).min(2),
  zipCode: z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'a ZIP code such as 43215'),
});
export const ShippingFulfilment = z.strictObject({ type: z.literal('shipping'), address: ShippingAddress });
export const Fulfilment = z.discriminatedUnion('type', [PickupFulfilment, ShippingFulfilment]);
export type Fulfilment = z.infer<typeof Fulfilment>;

/** PUT /api/cart/checkout: how the order is fulfilled, and the e-mail of a guest. Saved on the cart. */
export const CheckoutDetailsPayload = z.strictObject({
  fulfilment: Fulfilment,
  email: z.email().max(254).optional(),
});
export type CheckoutDetailsPayload = z.infer<typeof CheckoutDetailsPayload>;

/** PATCH /api/cart/lines/:lineId */
export const UpdateCartLinePayload = z.strictObject({ qty: z.number().int().min(1).max(MAX_LINE_QTY) });

export const Cart = z.object({
  lines: z.array(CartLine),
  checkout: CheckoutDetailsPayload.nullable().optional(),
  subtotal: DecimalString,
  tax: DecimalString,
  total: DecimalString,
});
export type Cart = z.infer<typeof Cart>;

/**
 * POST /api/create-payment-intent: no body, or the total the shopper was shown. With it, a cart
 * whose total is now another (a price changed since) is refused with 409 PRICES_CHANGED_CODE and
 * nothing is held or created: the browser never says what to charge, only what it showed.
 */
export const CreatePaymentIntentPayload = z.strictObject({ total: DecimalString.max(16).optional() });
export type CreatePaymentIntentPayload = z.infer<typeof CreatePaymentIntentPayload>;

export const PaymentIntentResponse = z.object({
  clientSecret: z.string(),
  provider: z.enum(['stripe', 'test-card']).optional(),
  publishableKey: z.string().nullable().optional(),
  /** What will be charged, computed by the server: subtotal + 8% tax, shipping free. */
  amount: DecimalString.optional(),
});

/**
 * GET /api/payments/mode: whether the cart's payment provider takes real money. Test mode (the
 * test-card provider, or Stripe with a test key) is allowed in production only by
 * PAYMENTS_TEST_MODE=on; then every page says so (TEST_MODE_BANNER_TEXT) and its orders are test
 * orders (decision 042).
 */
export const PaymentMode = z.object({ provider: z.enum(['stripe', 'test-card']), testMode: z.boolean() });
export type PaymentMode = z.infer<typeof PaymentMode>;

/**
 * The built-in test-card provider (no Stripe keys): the page posts the card here; the server
 * decides like a card network and confirms through the same path as a provider webhook.
 * Test numbers: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
 */
export const TestCardConfirmPayload = z.strictObject({
  clientSecret: oneLineText(256).min(1),
  cardNumber: z.string().regex(/^[\d ]{12,23}$/, 'a card number'),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'MM/YY'),
  cvc: z.string().regex(/^\d{3,4}$/, '3 or 4 digits'),
  /** The amount the shopper was shown: a payment for another amount is refused (409 PRICES_CHANGED_CODE), and so is one whose prices changed since. */
  total: DecimalString.max(16).optional(),
});
export type TestCardConfirmPayload = z.infer<typeof TestCardConfirmPayload>;
export const TestCardConfirmResult = z.object({
  status: z.enum(['succeeded', 'failed']),
  message: z.string().optional(),
  orderId: z.string().nullable().optional(),
});
export type TestCardConfirmResult = z.infer<typeof TestCardConfirmResult>;

/**
 * Where an order is in its life. 'paid' is where every order starts; a pickup goes on to
 * 'ready_for_pickup' and 'picked_up', a shipped one to 'shipped' and 'delivered'. 'refunded': the
 * payment was given back because a unit was lost before it could be committed. 'cancelled',
 * 'return_requested' and 'returned' are the later steps (cancellation and returns).
 */
export const OrderStatuses = ['paid', 'ready_for_pickup', 'picked_up', 'shipped', 'delivered', 'cancelled', 'refunded', 'return_requested', 'returned'] as const;
export const OrderStatus = z.enum(OrderStatuses);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** One step of an order's history as its owner sees it (no one's identity). */
export const OrderTimelineEntry = z.object({ status: OrderStatus, at: z.string() });
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntry>;

export const Shipment = z.object({ carrier: z.string(), trackingNumber: z.string() });
export type Shipment = z.infer<typeof Shipment>;

/** A pickup whose units all wait at the chosen store is ready within 24 hours (spec §9); one that needs units from another location takes longer. */
export const PICKUP_TRANSFER_READY_TEXT = 'within 2 business days';

/** The refund promise shown wherever a return is requested or confirmed (spec §9). */
export const RETURN_REFUND_TEXT = 'Refunds are made within 5-7 business days after the return is received.';
export const FINAL_SALE_TEXT = 'For Parts and As-Is items are final sale and cannot be returned.';

export const ReturnReasons = ['damaged', 'not_as_described', 'does_not_work', 'wrong_item', 'changed_mind', 'other'] as const;
export const ReturnReason = z.enum(ReturnReasons);
export type ReturnReason = z.infer<typeof ReturnReason>;
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Arrived damaged',
  not_as_described: 'Not as described (condition or contents)',
  does_not_work: 'Does not work',
  wrong_item: 'Wrong item',
  changed_mind: 'No longer needed',
  other: 'Other',
};

/** A line's return: requested by the customer, then received by the store (with the refund). */
export const OrderLineReturn = z.object({
  status: z.enum(['requested', 'received']),
  reason: ReturnReason,
  comment: z.string().nullable(),
  requestedAt: z.string(),
  receivedAt: z.string().nullable(),
  /** What the line's refund is (its price and its share of the tax). */
  refund: DecimalString,
});
export type OrderLineReturn = z.infer<typeof OrderLineReturn>;

export const OrderLine = z.object({
  title: z.string(),
  sku: z.string(),
  /** The picture the line was bought with (the cover photo, or the listing's illustration); absent on orders from before it was kept. */
  image: z.string().nullable().optional(),
  conditionGrade: z.string(),
  price: DecimalString,
  qty: z.number().int(),
  subtotal: DecimalString,
  /** For Parts: final sale, never returnable. */
  finalSale: z.boolean(),
  /** Whether a return of this line may be requested now (window open, not final sale, not asked yet). */
  returnable: z.boolean(),
  return: OrderLineReturn.nullable(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const RefundStatus = z.enum(['pending', 'succeeded', 'failed']);
export type RefundStatus = z.infer<typeof RefundStatus>;
/** Money given back through the payment provider: for a cancellation (the whole order) or returned lines. */
export const OrderRefund = z.object({
  id: z.string(),
  reason: z.enum(['cancellation', 'return']),
  amount: DecimalString,
  status: RefundStatus,
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

export const Order = z.object({
  id: z.string(),
  number: z.string(),
  status: OrderStatus,
  createdAt: z.string(),
  email: z.string().nullable(),
  lines: z.array(OrderLine),
  subtotal: DecimalString,
  tax: DecimalString,
  shipping: DecimalString,
  total: DecimalString,
  fulfilment: Fulfilment,
  /** Why a paid order was refunded (a held unit lost to an expiry race), or why the store cancelled it. */
  note: z.string().nullable().optional(),
  /** Every status the order has had, oldest first, starting with 'paid'. */
  timeline: z.array(OrderTimelineEntry).optional(),
  /** Set once the store has shipped it. */
  shipment: Shipment.nullable().optional(),
  /** A pickup some of whose units come from other locations than the chosen store (their ids): it takes longer to be ready. */
  transferFrom: z.array(z.string()).optional(),
  /** Until when returns may be requested (the return window after pickup or delivery); null before that. */
  returnableUntil: z.string().nullable().optional(),
  /** Days after pickup or delivery within which a return may be requested (the cart's rule, spec §9). */
  returnWindowDays: z.number().int().positive(),
  refunds: z.array(OrderRefund).optional(),
  /** Paid in test mode (PaymentMode): no money was taken. */
  testOrder: z.boolean(),
});
export type Order = z.infer<typeof Order>;
/** GET /api/orders: the session's orders (a customer's, or a guest's of this browser). */
export const OrderList = z.array(Order);
/**
 * GET /api/orders?payment=: the session's order paid by this provider payment (Stripe's
 * `payment_intent`, which it adds to the return address); none until the provider's confirmation
 * has created it.
 */
export const OrdersQuery = z.strictObject({ payment: z.string().regex(/^[A-Za-z0-9_-]{1,255}$/, 'not a payment id').optional() });
export type OrdersQuery = z.infer<typeof OrdersQuery>;

/**
 * The store's order desk (admin only, owned by the cart service). Every action answers the order as
 * it now is; repeating an action the order already went through changes nothing (200), and an action
 * that does not fit where the order is answers 409 ORDER_TRANSITION with the reason.
 */
export const AdminOrderPaths = {
  orders: '/api/admin/orders',
  counts: '/api/admin/orders/counts',
  order: (id: string) => `/api/admin/orders/${id}`,
  ready: (id: string) => `/api/admin/orders/${id}/ready-for-pickup`,
  pickedUp: (id: string) => `/api/admin/orders/${id}/picked-up`,
  shipped: (id: string) => `/api/admin/orders/${id}/shipped`,
  delivered: (id: string) => `/api/admin/orders/${id}/delivered`,
  cancel: (id: string) => `/api/admin/orders/${id}/cancel`,
  receiveReturn: (id: string) => `/api/admin/orders/${id}/returns/receive`,
} as const;

export const ORDER_TRANSITION_ERROR = 'ORDER_TRANSITION';

/**
 * The query parameter of an order e-mail's link, `/orders/<id>?key=<key>`, and of the API call the
 * order page then makes: the order's own key opens it without an account (a guest on any device).
 */
export const ORDER_LINK_KEY_PARAM = 'key';
export const OrderLinkKey = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** The actions an admin takes on an order, by name. */
export const OrderActions = ['ready_for_pickup', 'picked_up', 'shipped', 'delivered'] as const;
export type OrderAction = (typeof OrderActions)[number];

/** POST …/picked-up: the person collecting showed a valid ID (spec §9: valid ID and the order confirmation). */
export const MarkPickedUpPayload = z.strictObject({ idChecked: z.literal(true, 'Confirm that you checked the ID of the person collecting') });
/** POST …/shipped */
export const MarkShippedPayload = z.strictObject({
  carrier: oneLineText(60, { trim: true }).min(1, 'Carrier is required'),
  trackingNumber: z.string().trim().min(3, 'Tracking number is required').max(60).regex(/^[A-Za-z0-9 -]+$/, 'Tracking number: letters, digits, spaces and dashes only'),
});
/** POST …/ready-for-pickup and …/delivered take no fields. */
export const EmptyActionPayload = z.strictObject({});
/** POST …/cancel: before the order is handed over or shipped; the whole payment is refunded and the units go back on sale. */
export const CancelOrderPayload = z.strictObject({
  reason: multiLineText(300, { trim: true }).min(1, 'Say why the order is cancelled (the customer reads it)'),
});
export type CancelOrderPayload = z.infer<typeof CancelOrderPayload>;

/** What becomes of one returned unit: back on sale at a grade (a returned Open Box may come back Used, at a new price), or unsellable. */
export const ReturnedUnit = z.discriminatedUnion('outcome', [
  z.strictObject({ outcome: z.literal('restock'), grade: ConditionGrade, price: DecimalString.optional() }),
  z.strictObject({ outcome: z.literal('unsellable') }),
]);
export type ReturnedUnit = z.infer<typeof ReturnedUnit>;
/** POST …/returns/receive: the returned lines the store has in hand, one outcome per unit. */
export const ReceiveReturnPayload = z.strictObject({
  lines: z
    .array(z.strictObject({ index: z.number().int().min(0).max(99), units: z.array(ReturnedUnit).min(1).max(MAX_LINE_QTY) }))
    .min(1, 'Choose at least one returned line')
    .max(100),
});
export type ReceiveReturnPayload = z.infer<typeof ReceiveReturnPayload>;

/** POST /api/orders/:id/returns (the owner, or anyone with the order's link key as ?key=): a return per line, with a reason. */
export const RequestReturnPayload = z.strictObject({
  lines: z
    .array(z.strictObject({ index: z.number().int().min(0).max(99), reason: ReturnReason, comment: multiLineText(500, { trim: true }).optional() }))
    .min(1, 'Choose at least one item to return')
    .max(100),
});
export type RequestReturnPayload = z.infer<typeof RequestReturnPayload>;

/** POST /api/orders/lookup: a guest finds an order again by its number and the e-mail given at checkout. */
export const OrderLookupPayload = z.strictObject({
  number: z.string().trim().regex(/^(PL-)?\d{1,12}$/i, 'An order number such as PL-100001'),
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address').max(254)),
});
export type OrderLookupPayload = z.infer<typeof OrderLookupPayload>;
/** The one answer to a lookup, whether or not an order matched: the link goes only to the order's own e-mail. */
export const ORDER_LOOKUP_MESSAGE = "If an order with that number was placed with that e-mail address, we've e-mailed a link to it. It may take a few minutes to arrive.";
export const OrderLookupResult = z.object({ message: z.string() });
export type OrderLookupResult = z.infer<typeof OrderLookupResult>;
/** The order number as stored: PL-100001 (a lookup accepts it with or without the prefix, in any case). */
export const orderNumberOf = (input: string) => `PL-${input.trim().replace(/^pl-/i, '')}`;
/** Identity asks the cart for the order with this number; identity decides whether the e-mail matches. */
export const InternalOrderLookupRequest = z.strictObject({ number: z.string().regex(/^PL-\d{1,12}$/) });
export const InternalOrderLookupResult = z.object({
  order: z
    .object({ orderId: z.string(), number: z.string(), email: z.string().nullable(), subject: z.string(), customerKind: z.enum(['guest', 'customer']), accessKey: z.string() })
    .nullable(),
});
export type InternalOrderLookupResult = z.infer<typeof InternalOrderLookupResult>;

export const ADMIN_ORDERS_PAGE_SIZE = 50;
/** GET /api/admin/orders: filters, search (order number, e-mail or name on the order) and a page. */
export const AdminOrderQuery = z.strictObject({
  status: OrderStatus.optional(),
  fulfilment: z.enum(['pickup', 'shipping']).optional(),
  locationId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/).optional(),
  /** Orders placed on or after / before this day (YYYY-MM-DD, UTC). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  q: oneLineText(120, { trim: true }).optional(),
  overdue: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(ADMIN_ORDERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminOrderQuery = z.infer<typeof AdminOrderQuery>;

/** One row of the order desk. */
export const AdminOrderSummary = z.object({
  id: z.string(),
  number: z.string(),
  status: OrderStatus,
  createdAt: z.string(),
  email: z.string().nullable(),
  /** The name on the order: the shipping address's, else null (a pickup's customer is known by e-mail). */
  name: z.string().nullable(),
  fulfilment: Fulfilment,
  total: DecimalString,
  itemCount: z.number().int(),
  /** A pickup ready longer than PICKUP_OVERDUE_DAYS and not collected. */
  overdue: z.boolean(),
  /** Paid in test mode: no money was taken. */
  testOrder: z.boolean(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;
export const AdminOrderList = z.object({ data: z.array(AdminOrderSummary), total: z.number().int() });
export type AdminOrderList = z.infer<typeof AdminOrderList>;

/** GET /api/admin/orders/counts: how many orders are in each status, per pickup location (null: shipping). */
export const AdminOrderCounts = z.array(z.object({ status: OrderStatus, locationId: z.string().nullable(), count: z.number().int() }));
export type AdminOrderCounts = z.infer<typeof AdminOrderCounts>;

/** One action in an order's history, with who took it. */
export const OrderHistoryEntry = z.object({
  status: OrderStatus,
  at: z.string(),
  /** 'system' for what the shop did by itself (the payment), 'admin' or 'customer' with the account id. */
  actor: z.object({ kind: z.enum(['system', 'admin', 'customer']), id: z.string().nullable() }),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntry>;

/** GET /api/admin/orders/:id: the order with what only the store sees. */
export const AdminOrder = Order.extend({
  customer: z.object({ kind: z.enum(['guest', 'customer']), id: z.string() }),
  payment: z.object({ provider: z.string(), reference: z.string().nullable(), status: z.string(), amount: DecimalString }),
  /** Where each line's units were taken from (the catalog's committed holds); empty while unknown. */
  allocations: z.array(z.object({ sku: z.string(), locationId: z.string(), qty: z.number().int() })),
  history: z.array(OrderHistoryEntry),
  overdue: z.boolean(),
  /** What the desk may do with the order now, from the cart's one transition table (it decides again on each action). */
  actions: z.object({
    /** The fulfilment step the order waits for (none when it waits for no step of the desk's). */
    next: z.array(z.enum(OrderActions)),
    /** Whether it may still be cancelled (before hand-over or shipping). */
    cancel: z.boolean(),
  }),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

/** order.status-changed event data (through the cart's outbox): the owner's pages and the e-mails follow it. */
export const OrderStatusChangedData = z.object({
  orderId: z.string(),
  number: z.string(),
  /** The session subject that owns the order (a customer id, or a guest's). */
  subject: z.string(),
  email: z.string().nullable(),
  status: OrderStatus,
  previous: OrderStatus,
  fulfilment: Fulfilment,
  shipment: Shipment.nullable(),
  /** The key of the order's e-mail link; never forwarded to browsers. */
  accessKey: z.string().optional(),
  /** Cancelled or returned: the money given back, and the items it is for. */
  refund: DecimalString.optional(),
  items: z.array(z.string()).optional(),
  /** Cancelled: why (the store's words). */
  reason: z.string().optional(),
});
export type OrderStatusChangedData = z.infer<typeof OrderStatusChangedData>;

/** order.refund-settled event data (through the cart's outbox): the refund, its order and the order's owner. */
export const OrderRefundSettledData = z.object({
  orderId: z.string(),
  number: z.string(),
  /** The session subject that owns the order: only its sockets hear of it. */
  subject: z.string(),
  refundId: z.string(),
  status: z.enum(['succeeded', 'failed']),
});
export type OrderRefundSettledData = z.infer<typeof OrderRefundSettledData>;

/**
 * order.placed event data (through the cart's outbox). The POS write-back reads the skus; the order
 * confirmation e-mail the rest (optional: events published before the order desk carry none of it).
 */
export const OrderPlacedData = z.object({
  orderId: z.string(),
  lines: z.array(z.object({ sku: z.string(), qty: z.number().int(), title: z.string().optional(), price: DecimalString.optional(), image: z.string().nullable().optional() })),
  total: DecimalString,
  number: z.string().optional(),
  /** The session subject that placed it (a customer id, or a guest's). */
  subject: z.string().optional(),
  customerKind: z.enum(['guest', 'customer']).optional(),
  email: z.string().nullable().optional(),
  fulfilment: Fulfilment.optional(),
  /** The key of the order's e-mail link (ORDER_LINK_KEY_PARAM): opens the order without an account. */
  accessKey: z.string().optional(),
  /** A pickup with units from other locations than the chosen store (see Order.transferFrom). */
  transferFrom: z.array(z.string()).optional(),
});
export type OrderPlacedData = z.infer<typeof OrderPlacedData>;
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponse>;
