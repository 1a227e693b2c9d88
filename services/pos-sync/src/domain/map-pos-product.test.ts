import { UpsertProductRequest } from '@pl/contracts';
import type { PosProduct } from '../connector/pos-wire.js';
import { FALLBACK_GRADE, mapGrade, mapImage, mapPosProduct, shopOnHand } from './map-pos-product.js';

type PosVariant = PosProduct['variants'][number];

const buildVariant = (overrides: Partial<PosVariant> = {}): PosVariant => ({
  id: 'var_1',
  sku: 'PL-EL-001',
  name: null,
  price: { amount: 74900, currency: 'USD' },
  compare_at_price: { amount: 109900, currency: 'USD' },
  stock: [{ location_id: 'dublin', quantity: 3, version: 1 }],
  ...overrides,
});

const buildProduct = (overrides: Partial<PosProduct> = {}): PosProduct => ({
  id: 'prd_1',
  name: 'MacBook Air 13" M2',
  brand: 'Apple',
  description: 'A laptop.',
  category: 'electronics',
  condition: { grade: 'OPEN_BOX', notes: 'Opened and returned' },
  unique: false,
  image_url: 'https://img.example/laptop.png',
  created_at: '2026-11-20T15:00:00.000Z',
  updated_at: '2026-11-21T09:12:44.120Z',
  variants: [buildVariant()],
  ...overrides,
});

const locations = new Set(['dublin', 'westerville', 'columbus-warehouse', 'downtown-columbus']);
const map = (product: PosProduct, options: Partial<Parameters<typeof mapPosProduct>[1]> = {}) => mapPosProduct(product, { locations, ...options });
const request = (product: PosProduct, options: Partial<Parameters<typeof mapPosProduct>[1]> = {}) => {
  const result = map(product, options);
  if (!result.ok) throw new Error(result.problem);
  return result.request;
};

describe('mapPosProduct', () => {
  it('maps every field the catalog keeps, into a request the catalog accepts', () => {
    const mapped = request(buildProduct());
    expect(mapped).toEqual({
      title: 'MacBook Air 13" M2',
      brand: 'Apple',
      description: 'A laptop.',
      conditionGrade: 'OPEN_BOX',
      conditionNotes: 'Opened and returned',
      oneOfAKind: false,
      category: 'electronics',
      images: ['https://img.example/laptop.png'],
      variants: [{ sku: 'PL-EL-001', priceCents: 74900, compareAtCents: 109900, stock: [{ locationId: 'dublin', onHand: 3 }] }],
    });
    expect(UpsertProductRequest.safeParse(mapped).success).toBe(true);
  });

  it('marks a unique POS item one of a kind', () => {
    expect(request(buildProduct({ unique: true })).oneOfAKind).toBe(true);
  });

  it('keeps no compare-at price when the POS has none', () => {
    expect(request(buildProduct({ variants: [buildVariant({ compare_at_price: null })] })).variants[0]!.compareAtCents).toBeNull();
  });

  it('floors a count below zero at zero and leaves out locations the shop does not have', () => {
    const stock = [
      { location_id: 'dublin', quantity: -2, version: 4 },
      { location_id: 'atlantis', quantity: 9, version: 1 },
      { location_id: 'westerville', quantity: 5, version: 2 },
    ];
    expect(request(buildProduct({ variants: [buildVariant({ stock })] })).variants[0]!.stock).toEqual([
      { locationId: 'dublin', onHand: 0 },
      { locationId: 'westerville', onHand: 5 },
    ]);
  });

  it('leaves out counts the shop already has a newer version of', () => {
    const stock = [
      { location_id: 'dublin', quantity: 1, version: 3 },
      { location_id: 'westerville', quantity: 5, version: 2 },
    ];
    const mapped = request(buildProduct({ variants: [buildVariant({ stock })] }), { isStale: (_sku, location, version) => location === 'dublin' && version < 7 });
    expect(mapped.variants[0]!.stock).toEqual([{ locationId: 'westerville', onHand: 5 }]);
  });

  it('leaves units sold online and not yet confirmed by the POS out of its counts, never below 0', () => {
    const stock = [
      { location_id: 'dublin', quantity: 4, version: 3 },
      { location_id: 'westerville', quantity: 1, version: 2 },
    ];
    const mapped = request(buildProduct({ variants: [buildVariant({ stock })] }), { pendingSold: (_sku, location) => (location === 'dublin' ? 1 : 3) });
    expect(mapped.variants[0]!.stock).toEqual([
      { locationId: 'dublin', onHand: 3 },
      { locationId: 'westerville', onHand: 0 },
    ]);
    expect([shopOnHand(5, 0), shopOnHand(-2, 0), shopOnHand(2_000_000, 1)]).toEqual([5, 0, 1_000_000]);
  });

  it("files a category the shop does not have under 'general'", () => {
    expect(request(buildProduct({ category: 'Kitchen Stuff' })).category).toBe('general');
    expect(request(buildProduct({ category: null })).category).toBe('general');
    expect(request(buildProduct({ category: ' Gaming ' })).category).toBe('gaming');
  });

  it('cuts free text to what the catalog stores and drops empty text', () => {
    const mapped = request(buildProduct({ name: `  ${'n'.repeat(400)} `, brand: '   ', description: 'd'.repeat(6000), condition: { grade: 'USED', notes: '' } }));
    expect([mapped.title.length, mapped.brand, mapped.description?.length, mapped.conditionNotes]).toEqual([300, null, 5000, null]);
    expect(UpsertProductRequest.safeParse(mapped).success).toBe(true);
  });

  it('reports a product it cannot map instead of guessing', () => {
    expect(map(buildProduct({ name: '  ' }))).toEqual({ ok: false, problem: 'it has no name' });
    expect(map(buildProduct({ variants: [] }))).toEqual({ ok: false, problem: 'it has no variants' });
    expect(map(buildProduct({ variants: [buildVariant({ sku: 'has space' })] }))).toMatchObject({ ok: false, problem: expect.stringContaining('SKU "has space"') });
    expect(map(buildProduct({ variants: [buildVariant({ price: { amount: 100, currency: 'EUR' } })] }))).toMatchObject({ ok: false, problem: expect.stringContaining('EUR') });
    expect(map(buildProduct({ variants: [buildVariant({ price: { amount: -1, currency: 'USD' } })] }))).toMatchObject({ ok: false });
  });
});

describe('mapGrade', () => {
  it.each([
    ['OPEN_BOX', 'OPEN_BOX'],
    ['FOR_PARTS', 'FOR_PARTS'],
    ['REFURBISHED', 'REFURBISHED'],
    ['open box', 'OPEN_BOX'],
    ['like-new', 'LIKE_NEW'],
    ['grade A+', FALLBACK_GRADE],
    ['', FALLBACK_GRADE],
    [null, FALLBACK_GRADE],
    ['X'.repeat(33), FALLBACK_GRADE],
  ])('%s → %s', (grade, expected) => {
    expect(mapGrade(grade)).toBe(expected);
  });
});

describe('mapImage', () => {
  it.each([
    ['/media/laptop.svg', '/api/media/laptop.svg'],
    ['/api/media/laptop.svg', '/api/media/laptop.svg'],
    ['https://cdn.example/a.png', 'https://cdn.example/a.png'],
    ['javascript:alert(1)', undefined],
    ['//evil.example/a.png', undefined],
    ['not a url', undefined],
    [null, undefined],
  ])('%s → %s', (url, expected) => {
    expect(mapImage(url)).toBe(expected);
  });
});
