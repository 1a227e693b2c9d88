import { Cart } from '@pl/contracts';
import { cartTotals, taxCents, toCart, type CartLineRecord } from './cart-view.js';

const buildLine = (overrides: Partial<CartLineRecord> = {}): CartLineRecord => ({
  id: 'l-1',
  sku: 'SKU-1',
  listingId: null,
  brand: null,
  images: null,
  qty: 1,
  title: 'Blender',
  image: null,
  conditionGrade: 'OPEN_BOX',
  conditionNotes: null,
  oneOfAKind: false,
  unitPriceCents: 1000,
  compareAtCents: null,
  holdExpiresAt: null,
  holdIds: [],
  ...overrides,
});

describe('cart totals', () => {
  it('is zero for an empty cart', () => {
    expect(toCart([])).toEqual({ lines: [], checkout: null, subtotal: '0.00', tax: '0.00', total: '0.00' });
  });

  it('adds 8% tax rounded to the cent', () => {
    expect(taxCents(1999)).toBe(160); // 159.92
    expect(taxCents(1006)).toBe(80); // 80.48
    expect(taxCents(1006 + 6)).toBe(81); // 80.96
    expect(cartTotals([buildLine({ unitPriceCents: 1999, qty: 2 }), buildLine({ unitPriceCents: 500 })])).toEqual({
      subtotalCents: 4498,
      taxCents: 360,
      totalCents: 4858,
    });
  });

  it('shows line subtotals and prices as decimal strings', () => {
    const cart = toCart([buildLine({ qty: 3, unitPriceCents: 1250, compareAtCents: 2000, holdExpiresAt: new Date('2030-01-01T00:10:00Z') })], { now: new Date('2030-01-01T00:00:00Z') });
    expect(Cart.parse(cart)).toEqual(cart);
    expect(cart.lines[0]).toMatchObject({ qty: 3, subtotal: '37.50', holdExpiresAt: '2030-01-01T00:10:00.000Z', variant: { price: '12.50', compareAtPrice: '20.00' } });
    expect([cart.subtotal, cart.tax, cart.total]).toEqual(['37.50', '3.00', '40.50']);
  });

  it('names the listing of a line the catalog priced at this read, and nothing for one it could not', () => {
    const cart = toCart([buildLine({ id: 'l-1', productId: 'p-1' }), buildLine({ id: 'l-2', sku: 'SKU-2' })]);
    expect(Cart.parse(cart).lines.map((l) => l.variant.productId)).toEqual(['p-1', undefined]);
    expect('productId' in cart.lines[1]!.variant).toBe(false);
  });

  it("carries the line's product as spec §3 names it (Variant.product), with what the catalog said when it was added", () => {
    const kept = buildLine({ listingId: 'p-1', brand: 'Dyson', images: ['/media/a.jpg', '/media/b.jpg'], image: '/media/a.jpg', conditionNotes: 'Box dented' });
    const [line] = Cart.parse(toCart([kept])).lines;
    expect(line!.variant.product).toEqual({
      id: 'p-1',
      title: 'Blender',
      brand: 'Dyson',
      images: ['/media/a.jpg', '/media/b.jpg'],
      conditionGrade: 'OPEN_BOX',
      conditionNotes: 'Box dented',
      oneOfAKind: false,
    });
    // A line added before the product's images were kept shows its one image.
    expect(toCart([buildLine({ productId: 'p-2', image: '/media/c.jpg' })]).lines[0]!.variant.product?.images).toEqual(['/media/c.jpg']);
    // Kept with the line: its product is named even when the catalog could not price it at this read.
    expect(toCart([buildLine({ listingId: 'p-3' })]).lines[0]!.variant).toMatchObject({ product: { id: 'p-3' } });
    expect('productId' in toCart([buildLine({ listingId: 'p-3' })]).lines[0]!.variant).toBe(false);
    expect(toCart([buildLine()]).lines[0]!.variant.product).toBeUndefined();
  });

  it('shows a one-of-a-kind line as expired once its hold ran out', () => {
    const line = buildLine({ oneOfAKind: true, holdIds: ['h'], holdExpiresAt: new Date('2030-01-01T00:10:00Z') });
    expect(toCart([line], { now: new Date('2030-01-01T00:09:59Z') }).lines[0]!.holdExpired).toBe(false);
    expect(toCart([line], { now: new Date('2030-01-01T00:10:00Z') }).lines[0]!.holdExpired).toBe(true);
  });

  it('leaves an expired one-of-a-kind line out of the totals: the item is no longer the shopper\'s to buy', () => {
    const unique = buildLine({ oneOfAKind: true, unitPriceCents: 10_000, holdIds: ['h'], holdExpiresAt: new Date('2030-01-01T00:10:00Z') });
    const plain = buildLine({ unitPriceCents: 1_000 });
    const held = toCart([unique, plain], { now: new Date('2030-01-01T00:09:00Z') });
    expect([held.subtotal, held.total]).toEqual(['110.00', '118.80']);
    const expired = toCart([unique, plain], { now: new Date('2030-01-01T00:10:01Z') });
    expect(expired.lines).toHaveLength(2); // still shown, as expired
    expect([expired.subtotal, expired.tax, expired.total]).toEqual(['10.00', '0.80', '10.80']);
  });
});
