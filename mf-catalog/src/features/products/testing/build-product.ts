import type { Product, ProductPhoto, Variant } from '@pl/contracts';

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

/** A photo as the catalog serves it: content-hashed files at 320, 640 and 1280 wide. */
export const buildPhoto = (overrides: Partial<ProductPhoto> = {}): ProductPhoto => {
  const hash = overrides.id ?? 'ph1';
  const set = (format: string) => [320, 640, 1280].map((w) => `/api/media/photos/${hash}-${w}.${format} ${w}w`).join(', ');
  return {
    id: hash,
    alt: 'Lid open, keyboard and screen',
    width: 1280,
    height: 960,
    placeholder: 'data:image/webp;base64,UklGRg==',
    src: `/api/media/photos/${hash}-640.jpg`,
    srcset: set('jpg'),
    webpSrcset: set('webp'),
    cover: false,
    ...overrides,
  };
};
