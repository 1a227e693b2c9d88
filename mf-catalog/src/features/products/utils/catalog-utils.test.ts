import type { Product } from '@pl/contracts';
import { percentOff, showsCompareAt } from './percent-off';
import { filterProducts } from './product-search';
import { stockLabel } from './stock-label';
import { FALLBACK_PRODUCT_IMAGE, productImage } from './product-images';

const buildProduct = (overrides: Partial<Product> = {}): Product => ({
  id: 'p1',
  title: 'Refurbished Laptop',
  brand: 'Acme',
  description: 'A 14-inch laptop with a new battery',
  images: [],
  conditionGrade: 'OPEN_BOX',
  conditionNotes: null,
  oneOfAKind: false,
  currentPrice: '499.00',
  originalPrice: '899.00',
  variants: [],
  ...overrides,
});

describe('stockLabel', () => {
  it('labels stock as the spec says: Sold Out, One left!, Low stock up to 5, then In Stock (n)', () => {
    expect(stockLabel(0).label).toBe('Sold Out');
    expect(stockLabel(1).label).toBe('One left!');
    expect(stockLabel(2).label).toBe('Low stock');
    expect(stockLabel(5).label).toBe('Low stock');
    expect(stockLabel(6).label).toBe('In Stock (6)');
  });

  it('treats a negative count as sold out', () => {
    expect(stockLabel(-1).label).toBe('Sold Out');
  });
});

describe('percentOff', () => {
  it('rounds (compareAt − price) / compareAt × 100', () => {
    expect(percentOff('75.00', '100.00')).toBe(25);
    expect(percentOff('66.66', '100.00')).toBe(33);
    expect(percentOff('499.00', '899.00')).toBe(44);
  });

  it('shows nothing when there is no discount or no compare-at price', () => {
    expect(percentOff('100.00', '100.00')).toBeUndefined();
    expect(percentOff('120.00', '100.00')).toBeUndefined();
    expect(percentOff('10.00', null)).toBeUndefined();
    expect(percentOff('10.00', '0.00')).toBeUndefined();
  });

  it('strikes through the compare-at price only when it is higher', () => {
    expect(showsCompareAt('10.00', '12.00')).toBe(true);
    expect(showsCompareAt('10.00', '10.00')).toBe(false);
    expect(showsCompareAt('10.00', undefined)).toBe(false);
  });
});

describe('filterProducts', () => {
  const products = [
    buildProduct({ id: 'a', title: 'Gaming Mouse', brand: 'Logi', description: 'Wireless' }),
    buildProduct({ id: 'b', title: 'Desk Lamp', brand: null, description: 'LED lamp for the office' }),
    buildProduct({ id: 'c', title: 'Headphones', brand: 'Sony', description: null }),
  ];

  it('matches title, brand and description case-insensitively', () => {
    expect(filterProducts(products, 'MOUSE').map((p) => p.id)).toEqual(['a']);
    expect(filterProducts(products, 'sony').map((p) => p.id)).toEqual(['c']);
    expect(filterProducts(products, 'office').map((p) => p.id)).toEqual(['b']);
  });

  it('returns everything for an empty query and nothing for no match', () => {
    expect(filterProducts(products, '  ')).toHaveLength(3);
    expect(filterProducts(products, 'toaster')).toEqual([]);
  });
});

describe('productImage', () => {
  it('uses the first non-empty image and a placeholder when there is none', () => {
    expect(productImage(['', 'https://img/x.jpg'])).toBe('https://img/x.jpg');
    expect(productImage([])).toBe(FALLBACK_PRODUCT_IMAGE);
  });
});
