import type { AdminOrderList } from '@pl/contracts';
import { buildSummary } from '../testing/admin-order.fixture';
import { emptyOrdersText, loadedOrders, matchingTotal, nextOrdersOffset, showingText } from './order-list';

/** A page of `size` orders with ids `<prefix>-0`, `<prefix>-1`, ... */
const buildPage = (prefix: string, size: number, total: number): AdminOrderList => ({
  data: Array.from({ length: size }, (_, i) => buildSummary({ id: `${prefix}-${i}` })),
  total,
});

describe('the next page', () => {
  it('starts after the orders loaded while fewer than the total are loaded', () => {
    expect(nextOrdersOffset([buildPage('a', 50, 120)])).toBe(50);
    expect(nextOrdersOffset([buildPage('a', 50, 120), buildPage('b', 50, 120)])).toBe(100);
  });

  it('ends once every matching order is loaded', () => {
    expect(nextOrdersOffset([buildPage('a', 50, 120), buildPage('b', 50, 120), buildPage('c', 20, 120)])).toBeUndefined();
    expect(nextOrdersOffset([buildPage('a', 3, 3)])).toBeUndefined();
    expect(nextOrdersOffset([])).toBeUndefined();
  });

  it('ends on an empty page even if a stale total promises more', () => {
    expect(nextOrdersOffset([buildPage('a', 50, 200), buildPage('b', 0, 200)])).toBeUndefined();
  });
});

describe('the loaded orders', () => {
  it('lists every page in order, each order once', () => {
    // A new order arrived between the pages: a-1 moved down onto the second page.
    const second: AdminOrderList = { data: [buildSummary({ id: 'a-1' }), buildSummary({ id: 'b-0' })], total: 5 };
    expect(loadedOrders([buildPage('a', 2, 4), second]).map((o) => o.id)).toEqual(['a-0', 'a-1', 'b-0']);
    expect(loadedOrders([])).toEqual([]);
  });

  it('counts as matching the newest total, and never fewer than are shown', () => {
    expect(matchingTotal([buildPage('a', 50, 120)], 50)).toBe(120);
    expect(matchingTotal([buildPage('a', 50, 120), buildPage('b', 50, 121)], 100)).toBe(121);
    expect(matchingTotal([buildPage('a', 5, 3)], 5)).toBe(5);
    expect(matchingTotal([], 0)).toBe(0);
  });
});

describe('the texts', () => {
  it("says how many of the matching orders are shown: 'Showing N of M orders'", () => {
    expect(showingText(50, 1234)).toBe('Showing 50 of 1,234 orders');
    expect(showingText(1, 1)).toBe('Showing 1 of 1 order');
  });

  it('tells an empty filter from an empty shop', () => {
    expect(emptyOrdersText(true)).toBe('No orders match these filters.');
    expect(emptyOrdersText(false)).toBe('No orders yet.');
  });
});
