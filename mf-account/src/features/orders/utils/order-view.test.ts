import { FINAL_SALE_TEXT, RETURN_REASON_LABELS, RETURN_REFUND_TEXT, type Location, type Order, type OrderLine } from '@pl/contracts';
import {
  fulfilmentLines,
  itemCount,
  lineReturnText,
  newestFirst,
  nextStepText,
  orderHeading,
  orderSteps,
  refundReasonText,
  refundStatusText,
  statusLabel,
  summarizeOrders,
} from './order-view';

const buildLine = (overrides: Partial<OrderLine> = {}): OrderLine => ({
  title: 'Laptop stand',
  sku: 'LS-1',
  conditionGrade: 'OPEN_BOX',
  price: '25.00',
  qty: 2,
  subtotal: '50.00',
  finalSale: false,
  returnable: false,
  return: null,
  ...overrides,
});

const buildOrder = (overrides: Partial<Order> = {}): Order => ({
  id: '0b6f5a8e-0000-4000-8000-000000000001',
  returnWindowDays: 7,
  number: 'PL-1001',
  status: 'paid',
  createdAt: '2026-11-20T10:00:00.000Z',
  email: 'buyer@example.com',
  lines: [
    buildLine(),
    buildLine({ title: 'USB-C hub', sku: 'HUB-1', conditionGrade: 'USED', price: '50.00', qty: 1, subtotal: '50.00' }),
  ],
  subtotal: '100.00',
  tax: '8.00',
  shipping: '0.00',
  total: '108.00',
  fulfilment: { type: 'pickup', locationId: 'loc-1' },
  note: null,
  testOrder: false,
  ...overrides,
});

const location: Location = {
  id: 'loc-1',
  name: 'Columbus Warehouse',
  type: 'warehouse',
  address: '100 Main St',
  city: 'Columbus',
  state: 'OH',
  zipCode: '43215',
  phone: null,
  email: null,
  hours: null,
  notes: null,
};

describe('summarizeOrders', () => {
  it('is zero for no orders', () => {
    expect(summarizeOrders([])).toEqual({ totalOrders: 0, totalSpentCents: 0 });
  });

  it('counts every order and adds up what was spent, leaving out refunded and cancelled ones', () => {
    const orders = [buildOrder(), buildOrder({ total: '19.99' }), buildOrder({ status: 'refunded', total: '50.00' }), buildOrder({ status: 'cancelled', total: '5.00' })];
    expect(summarizeOrders(orders)).toEqual({ totalOrders: 4, totalSpentCents: 12799 });
  });
});

describe('order display helpers', () => {
  it('counts items by quantity', () => {
    expect(itemCount(buildOrder())).toBe(3);
  });

  it('sorts newest first', () => {
    const older = buildOrder({ number: 'PL-1', createdAt: '2026-01-01T00:00:00.000Z' });
    const newer = buildOrder({ number: 'PL-2', createdAt: '2026-02-01T00:00:00.000Z' });
    expect(newestFirst([older, newer]).map((o) => o.number)).toEqual(['PL-2', 'PL-1']);
  });

  it('labels statuses in sentence case', () => {
    expect(statusLabel('paid')).toBe('Paid');
    expect(statusLabel('READY_FOR_PICKUP')).toBe('Ready for pickup');
  });

  it('confirms a paid order and names a refunded or cancelled one by its status', () => {
    expect(orderHeading('paid')).toBe('Order confirmed');
    expect(orderHeading('picked_up')).toBe('Order confirmed');
    expect(orderHeading('delivered')).toBe('Order confirmed');
    expect(orderHeading('refunded')).toBe('Order refunded');
    expect(orderHeading('cancelled')).toBe('Order cancelled');
  });

  it('heads an order being returned by where its return is', () => {
    expect(orderHeading('return_requested')).toBe('Return requested');
    expect(orderHeading('returned')).toBe('Return received');
  });
});

describe("a line's return", () => {
  const requested = { status: 'requested' as const, reason: 'not_as_described' as const, comment: null, requestedAt: '2026-03-02T10:00:00.000Z', receivedAt: null, refund: '54.00' };
  const money = (decimal: string) => `$${decimal}`;

  it('names the reason while the return is asked for', () => {
    expect(lineReturnText(requested, money)).toBe(`Return requested (${RETURN_REASON_LABELS.not_as_described})`);
  });

  it('gives the refund once the store received it', () => {
    expect(lineReturnText({ ...requested, status: 'received', receivedAt: '2026-03-04T10:00:00.000Z' }, money)).toBe('Returned · refunded $54.00');
  });
});

describe('refunds', () => {
  it('says where each refund stands in words', () => {
    expect(refundStatusText('pending')).toBe('Refund pending');
    expect(refundStatusText('succeeded')).toBe('Refunded');
    expect(refundStatusText('failed')).toBe('Refund failed — we are looking into it');
  });

  it('says what a refund is for', () => {
    expect(refundReasonText('cancellation')).toBe('Cancelled order');
    expect(refundReasonText('return')).toBe('Returned items');
  });
});

describe('fulfilmentLines', () => {
  it('names the pickup location from the locations list', () => {
    expect(fulfilmentLines({ type: 'pickup', locationId: 'loc-1' }, [location])).toEqual({
      title: 'Pickup',
      lines: ['Columbus Warehouse', '100 Main St', 'Columbus, OH 43215'],
    });
    expect(fulfilmentLines({ type: 'pickup', locationId: 'loc-1' }, [{ ...location, hours: 'Mon-Fri 9am-6pm' }]).lines.at(-1)).toBe('Open Mon-Fri 9am-6pm');
  });

  it('says pickup without a name while the locations are loading or the location is gone', () => {
    expect(fulfilmentLines({ type: 'pickup', locationId: 'loc-1' }, undefined)).toEqual({ title: 'Pickup', lines: [] });
    expect(fulfilmentLines({ type: 'pickup', locationId: 'loc-9' }, [location])).toEqual({ title: 'Pickup', lines: ['Pickup location'] });
  });

  it('lists the shipping address', () => {
    const address = { name: 'Ada Buyer', line1: '1 Elm St', line2: 'Apt 2', city: 'Dayton', state: 'OH', zipCode: '45402' };
    expect(fulfilmentLines({ type: 'shipping', address }, undefined)).toEqual({ title: 'Shipping', lines: ['Ada Buyer', '1 Elm St', 'Apt 2', 'Dayton, OH 45402'] });
  });
});

describe('orderSteps', () => {
  const pickup = { type: 'pickup' as const, locationId: 'dublin' };
  const shipping = { type: 'shipping' as const, address: { name: 'A', line1: '1 Main St', city: 'Columbus', state: 'OH', zipCode: '43215' } };
  const placed = '2026-03-01T10:00:00.000Z';

  it('lays out a pickup order\'s path with the time of each step reached', () => {
    const steps = orderSteps({ status: 'ready_for_pickup', fulfilment: pickup, createdAt: placed, timeline: [{ status: 'paid', at: placed }, { status: 'ready_for_pickup', at: '2026-03-01T15:00:00.000Z' }] });
    expect(steps).toEqual([
      { status: 'paid', label: 'Paid', at: placed, state: 'done' },
      { status: 'ready_for_pickup', label: 'Ready for pickup', at: '2026-03-01T15:00:00.000Z', state: 'current' },
      { status: 'picked_up', label: 'Picked up', state: 'upcoming' },
    ]);
  });

  it('lays out a shipped order\'s path, and starts at paid even without a timeline', () => {
    expect(orderSteps({ status: 'paid', fulfilment: shipping, createdAt: placed }).map((s) => [s.status, s.state])).toEqual([
      ['paid', 'current'],
      ['shipped', 'upcoming'],
      ['delivered', 'upcoming'],
    ]);
  });

  it('goes on from a collected order to its return, the return still ahead until received', () => {
    const timeline = [
      { status: 'paid' as const, at: placed },
      { status: 'ready_for_pickup' as const, at: '2026-03-01T15:00:00.000Z' },
      { status: 'picked_up' as const, at: '2026-03-02T09:00:00.000Z' },
      { status: 'return_requested' as const, at: '2026-03-03T09:00:00.000Z' },
    ];
    expect(orderSteps({ status: 'return_requested', fulfilment: pickup, createdAt: placed, timeline })).toEqual([
      { status: 'paid', label: 'Paid', at: placed, state: 'done' },
      { status: 'ready_for_pickup', label: 'Ready for pickup', at: '2026-03-01T15:00:00.000Z', state: 'done' },
      { status: 'picked_up', label: 'Picked up', at: '2026-03-02T09:00:00.000Z', state: 'done' },
      { status: 'return_requested', label: 'Return requested', at: '2026-03-03T09:00:00.000Z', state: 'current' },
      { status: 'returned', label: 'Returned', state: 'upcoming' },
    ]);
    const received = [...timeline, { status: 'returned' as const, at: '2026-03-04T09:00:00.000Z' }];
    expect(orderSteps({ status: 'returned', fulfilment: pickup, createdAt: placed, timeline: received }).slice(-2)).toEqual([
      { status: 'return_requested', label: 'Return requested', at: '2026-03-03T09:00:00.000Z', state: 'done' },
      { status: 'returned', label: 'Returned', at: '2026-03-04T09:00:00.000Z', state: 'current' },
    ]);
  });

  it('ends a cancelled order after the last step it reached', () => {
    const timeline = [{ status: 'paid' as const, at: placed }, { status: 'ready_for_pickup' as const, at: placed }, { status: 'cancelled' as const, at: placed }];
    expect(orderSteps({ status: 'cancelled', fulfilment: pickup, createdAt: placed, timeline }).map((s) => [s.status, s.label, s.state])).toEqual([
      ['paid', 'Paid', 'done'],
      ['ready_for_pickup', 'Ready for pickup', 'done'],
      ['cancelled', 'Cancelled', 'current'],
    ]);
  });

  it('ends a refunded order where it stopped', () => {
    expect(orderSteps({ status: 'refunded', fulfilment: pickup, createdAt: placed, timeline: [{ status: 'paid', at: placed }, { status: 'refunded', at: placed }] }).map((s) => [s.status, s.state])).toEqual([
      ['paid', 'done'],
      ['refunded', 'current'],
    ]);
  });
});

describe('nextStepText', () => {
  it('tells a pickup customer the 24 hours and what to bring, and a shipping one the processing and delivery times', () => {
    expect(nextStepText({ returnWindowDays: 7, status: 'paid', fulfilment: { type: 'pickup', locationId: 'x' } })).toMatch(/within 24 hours.*valid ID and your order confirmation/);
    expect(nextStepText({ returnWindowDays: 7, status: 'paid', fulfilment: { type: 'pickup', locationId: 'dublin' }, transferFrom: ['columbus-warehouse'] })).toBe(
      "Some items are coming to the store from another of our locations: your order will be ready for pickup within 2 business days, and we'll let you know. Bring a valid ID and your order confirmation.",
    );
    expect(nextStepText({ returnWindowDays: 7, status: 'paid', fulfilment: { type: 'shipping', address: { name: 'A', line1: 'l', city: 'c', state: 'OH', zipCode: '43215' } } })).toMatch(/1-2 business days.*before 2 PM.*5-7 business days/);
  });

  it('gives the return window and the final-sale rule once the order is collected or delivered', () => {
    expect(nextStepText({ returnWindowDays: 7, status: 'picked_up', fulfilment: { type: 'pickup', locationId: 'x' } })).toBe(`Returns are accepted within 7 days of pickup. ${FINAL_SALE_TEXT}`);
    // The window is the cart's rule, told with the order.
    expect(nextStepText({ returnWindowDays: 14, status: 'delivered', fulfilment: { type: 'shipping', address: { name: 'A', line1: 'l', city: 'c', state: 'OH', zipCode: '43215' } } })).toBe(`Returns are accepted within 14 days of delivery. ${FINAL_SALE_TEXT}`);
  });

  it('tells a customer who asked for a return how to bring it back, and when the refund comes', () => {
    const pickupReturn = nextStepText({ returnWindowDays: 7, status: 'return_requested', fulfilment: { type: 'pickup', locationId: 'x' } });
    expect(pickupReturn).toMatch(/^Bring the items you are returning, with your order confirmation, to the store you picked the order up from\./);
    expect(pickupReturn).toContain(RETURN_REFUND_TEXT);
    const shippedReturn = nextStepText({ returnWindowDays: 7, status: 'return_requested', fulfilment: { type: 'shipping', address: { name: 'A', line1: 'l', city: 'c', state: 'OH', zipCode: '43215' } } });
    expect(shippedReturn).toMatch(/^Pack the items you are returning with your order number and ship them back to us\./);
    expect(shippedReturn).toContain(RETURN_REFUND_TEXT);
    expect(nextStepText({ returnWindowDays: 7, status: 'returned', fulfilment: { type: 'pickup', locationId: 'x' } })).toContain(RETURN_REFUND_TEXT);
  });

  it('promises a cancelled order its whole payment back', () => {
    expect(nextStepText({ returnWindowDays: 7, status: 'cancelled', fulfilment: { type: 'pickup', locationId: 'x' } })).toBe('Your payment is refunded in full to your card.');
  });

  it('gives the carrier and tracking number once shipped', () => {
    expect(nextStepText({ returnWindowDays: 7, status: 'shipped', fulfilment: { type: 'shipping', address: { name: 'A', line1: 'l', city: 'c', state: 'OH', zipCode: '43215' } }, shipment: { carrier: 'UPS', trackingNumber: '1Z9' } })).toBe(
      'On its way with UPS, tracking number 1Z9.',
    );
  });
});
