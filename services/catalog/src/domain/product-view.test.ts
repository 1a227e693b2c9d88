import { Product } from '@pl/contracts';
import { stockTotals, toProduct, type ProductRecord, type VariantRecord } from './product-view.js';

const buildVariant = (overrides: Partial<VariantRecord> = {}): VariantRecord => ({
  id: 'v-1',
  sku: 'SKU-1',
  priceCents: 1999,
  compareAtCents: null,
  levels: [],
  ...overrides,
});
const buildProduct = (overrides: Partial<ProductRecord> = {}): ProductRecord => ({
  id: 'p-1',
  title: 'Laptop',
  brand: 'Acme',
  description: null,
  conditionGrade: 'OPEN_BOX',
  conditionNotes: null,
  oneOfAKind: false,
  categoryId: 'electronics',
  images: [],
  variants: [buildVariant()],
  ...overrides,
});

describe('stockTotals', () => {
  it('counts available per location, never letting an over-reserved location go negative', () => {
    expect(
      stockTotals([
        { locationId: 'a', onHand: 5, reserved: 2 },
        { locationId: 'b', onHand: 1, reserved: 3 },
        { locationId: 'c', onHand: 0, reserved: 0 },
      ]),
    ).toEqual({ onHand: 6, reserved: 5, available: 3 });
  });

  it('is all zeros without levels', () => {
    expect(stockTotals([])).toEqual({ onHand: 0, reserved: 0, available: 0 });
  });
});

describe('toProduct', () => {
  it('produces the wire shape with decimal prices and totals', () => {
    const product = toProduct(
      buildProduct({ variants: [buildVariant({ priceCents: 12500, compareAtCents: 19900, levels: [{ locationId: 'a', onHand: 2, reserved: 1 }] })] }),
    );
    expect(Product.parse(product)).toEqual(product);
    expect(product).toMatchObject({
      category: 'electronics',
      currentPrice: '125.00',
      originalPrice: '199.00',
      variants: [{ price: '125.00', compareAtPrice: '199.00', totalOnHand: 2, totalReserved: 1, totalAvailable: 1 }],
    });
  });

  it('takes the current and original price from the cheapest variant', () => {
    const product = toProduct(
      buildProduct({ variants: [buildVariant({ sku: 'A', priceCents: 3000, compareAtCents: 5000 }), buildVariant({ sku: 'B', priceCents: 2000, compareAtCents: null })] }),
    );
    expect([product.currentPrice, product.originalPrice]).toEqual(['20.00', null]);
  });

  it('has no prices without variants', () => {
    expect(toProduct(buildProduct({ variants: [] }))).toMatchObject({ currentPrice: null, originalPrice: null, variants: [] });
  });
});
