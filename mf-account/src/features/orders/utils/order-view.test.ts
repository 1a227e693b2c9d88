import { itemCount, parseOrders, statusLabel, summarizeOrders } from './order-view';

const buildOrder = (overrides: Record<string, unknown> = {}) => ({
  id: 'ord_1',
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'paid',
  total: '108.00',
  lines: [
    { title: 'Laptop stand', qty: 2, sku: 'LS-1', price: '25.00' },
    { title: 'USB-C hub', qty: 1 },
  ],
  ...overrides,
});

describe('parseOrders', () => {
  it('reads date, items, total in cents and status from an array', () => {
    expect(parseOrders([buildOrder()])).toEqual([
      {
        id: 'ord_1',
        createdAt: '2026-11-20T10:00:00.000Z',
        status: 'paid',
        totalCents: 10800,
        items: [
          { title: 'Laptop stand', qty: 2 },
          { title: 'USB-C hub', qty: 1 },
        ],
      },
    ]);
  });

  it('also reads a { data: [...] } page', () => {
    expect(parseOrders({ data: [buildOrder({ id: 'ord_2' })] }).map((o) => o.id)).toEqual(['ord_2']);
  });

  it('refuses a response that is not a list of orders', () => {
    expect(() => parseOrders({ message: 'nope' })).toThrow();
    expect(() => parseOrders([buildOrder({ total: 'ten dollars' })])).toThrow();
  });
});

describe('summarizeOrders', () => {
  it('is zero for no orders', () => {
    expect(summarizeOrders([])).toEqual({ totalOrders: 0, totalSpentCents: 0 });
  });

  it('counts every order and adds up what was spent, leaving out refunded ones', () => {
    const orders = parseOrders([buildOrder(), buildOrder({ id: 'ord_2', total: '19.99' }), buildOrder({ id: 'ord_3', status: 'REFUNDED', total: '50.00' })]);
    expect(summarizeOrders(orders)).toEqual({ totalOrders: 3, totalSpentCents: 12799 });
  });
});

describe('order display helpers', () => {
  it('counts items by quantity', () => {
    expect(itemCount(parseOrders([buildOrder()])[0]!)).toBe(3);
  });

  it('labels statuses in sentence case', () => {
    expect(statusLabel('paid')).toBe('Paid');
    expect(statusLabel('READY_FOR_PICKUP')).toBe('Ready for pickup');
  });
});
