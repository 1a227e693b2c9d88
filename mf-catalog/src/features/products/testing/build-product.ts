import type { Product, Variant } from '@pl/contracts';

// Test factories: a plausible product or variant, with overrides for what a test is about.
export const buildVariant = (overrides: Partial<Variant> = {}): Variant => ({
  id: 'v1',
  sku: 'SKU-1',
  price: '499.00',
  compareAtPrice: '899.00',
  inventoryLevels: [{ locationId: 'loc-1', onHand: 3, reserved: 0 }],
  totalOnHand: 3,
  totalReserved: 0,
  totalAvailable: 3,
  ...overrides,
});

export const buildProduct = (overrides: Partial<Product> = {}): Product => ({
  id: 'p1',
  title: 'Refurbished Laptop',
  brand: 'Acme',
  description: 'A 14-inch laptop with a new battery',
  images: [],
  conditionGrade: 'OPEN_BOX',
  conditionNotes: null,
  oneOfAKind: false,
  category: 'electronics',
  currentPrice: '499.00',
  originalPrice: '899.00',
  variants: [buildVariant()],
  ...overrides,
});
