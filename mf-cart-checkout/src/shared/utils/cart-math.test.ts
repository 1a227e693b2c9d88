import type { CartLine } from '@pl/contracts';
import { cartItemCount, lineCompareAtTotal, lineMaxQty } from './cart-math';

const buildLine = (overrides: Partial<CartLine> = {}, variant: Partial<CartLine['variant']> = {}): CartLine => ({
  id: 'l1',
  qty: 1,
  subtotal: '10.00',
  variant: {
    sku: 'SKU-1',
    title: 'Lamp',
    image: null,
    conditionGrade: 'USED',
    oneOfAKind: false,
    conditionNotes: null,
    price: '10.00',
    compareAtPrice: null,
    ...variant,
  },
  ...overrides,
});

describe('cartItemCount', () => {
  it('sums qty over the lines', () => {
    expect(cartItemCount([buildLine({ qty: 2 }), buildLine({ id: 'l2', qty: 3 })])).toBe(5);
  });

  it('is 0 for an empty or missing cart', () => {
    expect(cartItemCount([])).toBe(0);
    expect(cartItemCount(undefined)).toBe(0);
  });
});

describe('lineCompareAtTotal', () => {
  it('is the compare-at price times qty in cents when higher than the subtotal', () => {
    expect(lineCompareAtTotal(buildLine({ qty: 2, subtotal: '20.00' }, { compareAtPrice: '15.00' }))).toBe(3000);
  });

  it('is absent without a compare-at price or when it is not higher', () => {
    expect(lineCompareAtTotal(buildLine())).toBeUndefined();
    expect(lineCompareAtTotal(buildLine({}, { compareAtPrice: '10.00' }))).toBeUndefined();
  });
});

describe('lineMaxQty', () => {
  it('is what the server says is available to the cart', () => {
    expect(lineMaxQty(buildLine({ qty: 2, available: 7 }))).toBe(7);
  });

  it('never exceeds the contract limit of 99', () => {
    expect(lineMaxQty(buildLine({ available: 5000 }))).toBe(99);
  });

  it('is the contract limit when the server gives no figure (the server still checks)', () => {
    expect(lineMaxQty(buildLine({ qty: 3 }))).toBe(99);
  });

  it('is one for a one-of-a-kind item', () => {
    expect(lineMaxQty(buildLine({ available: 4 }, { oneOfAKind: true }))).toBe(1);
  });
});
