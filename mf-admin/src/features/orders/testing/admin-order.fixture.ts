// Test data: orders as the cart service's order desk answers them, for the orders feature's unit tests.
import type { AdminOrder, AdminOrderSummary, Location, OrderLine, OrderLineReturn } from '@pl/contracts';

export const buildSummary = (overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary => ({
  id: 'o-1',
  number: 'PL-100001',
  status: 'paid',
  createdAt: '2025-03-14T15:09:00.000Z',
  email: 'dana@example.com',
  name: null,
  fulfilment: { type: 'pickup', locationId: 'dublin' },
  total: '108.00',
  itemCount: 1,
  overdue: false,
  testOrder: false,
  ...overrides,
});

export const buildLine = (overrides: Partial<OrderLine> = {}): OrderLine => ({
  title: 'Brass Desk Lamp',
  sku: 'LAMP-001',
  conditionGrade: 'OPEN_BOX',
  price: '50.00',
  qty: 2,
  subtotal: '100.00',
  finalSale: false,
  returnable: false,
  return: null,
  ...overrides,
});

/** A line's return as the customer asked for it (the refund: its price and its share of the 8% tax). */
export const buildReturn = (overrides: Partial<OrderLineReturn> = {}): OrderLineReturn => ({
  status: 'requested',
  reason: 'not_as_described',
  comment: null,
  requestedAt: '2025-03-20T10:00:00.000Z',
  receivedAt: null,
  refund: '108.00',
  ...overrides,
});

export const buildOrder = (overrides: Partial<AdminOrder> = {}): AdminOrder => ({
  id: 'o-1',
  returnWindowDays: 7,
  number: 'PL-100001',
  status: 'paid',
  createdAt: '2025-03-14T15:09:00.000Z',
  email: 'dana@example.com',
  lines: [buildLine()],
  subtotal: '100.00',
  tax: '8.00',
  shipping: '0.00',
  total: '108.00',
  fulfilment: { type: 'pickup', locationId: 'dublin' },
  customer: { kind: 'guest', id: 'guest-1' },
  payment: { provider: 'test-card', reference: 'pi_1', status: 'succeeded', amount: '108.00' },
  allocations: [],
  history: [{ status: 'paid', at: '2025-03-14T15:09:00.000Z', actor: { kind: 'system', id: null }, details: null }],
  overdue: false,
  actions: { next: ['ready_for_pickup'], cancel: true },
  testOrder: false,
  ...overrides,
});

/** A pickup location, as GET /api/locations answers it. */
export const buildLocation = (id: string, name: string): Location => ({
  id,
  name,
  type: 'STORE',
  address: '1 Main Street',
  city: 'Dublin',
  state: 'OH',
  zipCode: '43017',
  phone: null,
  email: null,
  hours: null,
  notes: null,
});

/** Two of the demo stores (services/catalog/src/seeds/store-locations.ts), in the catalog's order. */
export const locations: Location[] = [buildLocation('downtown-columbus', 'Downtown Columbus Store'), buildLocation('dublin', 'Dublin Store')];
