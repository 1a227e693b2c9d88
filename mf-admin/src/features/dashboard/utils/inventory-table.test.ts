import type { Variant } from '@pl/contracts';
import { buildEntry } from './inventory-entry.fixture';
import { inventoryRows, inventoryTotals, levelAt, locationColumns } from './inventory-table';

const buildVariant = (overrides: Partial<Variant> = {}): Variant => ({
  id: 'v1',
  sku: 'SKU-1',
  price: '10.00',
  inventoryLevels: [],
  totalOnHand: 0,
  totalReserved: 0,
  totalAvailable: 0,
  ...overrides,
});


const lamp = buildEntry('Brass Desk Lamp', [
  buildVariant({
    id: 'lamp-1',
    sku: 'LAMP-001',
    inventoryLevels: [
      { locationId: 'loc-main', onHand: 5, reserved: 1 },
      { locationId: 'loc-east', onHand: 2, reserved: 0 },
    ],
    totalOnHand: 7,
    totalReserved: 1,
    totalAvailable: 6,
  }),
  buildVariant({ id: 'lamp-2', sku: 'LAMP-002', inventoryLevels: [{ locationId: 'loc-main', onHand: 1, reserved: 1 }], totalOnHand: 1, totalReserved: 1 }),
]);
const phone = buildEntry('Pixel Phone', [
  buildVariant({ id: 'phone-1', sku: 'PX-9', inventoryLevels: [{ locationId: 'loc-gone', onHand: 3, reserved: 0 }], totalOnHand: 3, totalAvailable: 3 }),
]);
const locations = [
  { id: 'loc-east', name: 'East Side Store' },
  { id: 'loc-main', name: 'Main Warehouse' },
];

describe('inventory rows', () => {
  it('lists one row per variant, with its product', () => {
    const rows = inventoryRows([lamp, phone]);
    expect(rows.map((r) => [r.product.title, r.variant.sku])).toEqual([
      ['Brass Desk Lamp', 'LAMP-001'],
      ['Brass Desk Lamp', 'LAMP-002'],
      ['Pixel Phone', 'PX-9'],
    ]);
  });

  it('marks the rows of a draft, which shoppers do not see until it is published', () => {
    const rows = inventoryRows([lamp, { ...phone, publishedAt: null }]);
    expect(rows.map((r) => [r.variant.sku, r.draft])).toEqual([
      ['LAMP-001', false],
      ['LAMP-002', false],
      ['PX-9', true],
    ]);
  });

  it('adds up the variants and units of the rows shown', () => {
    expect(inventoryTotals(inventoryRows([lamp, phone]))).toEqual({ variants: 3, onHand: 11, reserved: 2, available: 9 });
    expect(inventoryTotals([])).toEqual({ variants: 0, onHand: 0, reserved: 0, available: 0 });
  });
});

describe('location columns', () => {
  it('has a column per location, named and ordered as GET /api/locations gives them', () => {
    expect(locationColumns([lamp], locations)).toEqual([
      { id: 'loc-east', name: 'East Side Store' },
      { id: 'loc-main', name: 'Main Warehouse' },
    ]);
  });

  it('still shows stock at a location the list does not name, headed by its id', () => {
    expect(locationColumns([lamp, phone], locations).map((c) => c.name)).toEqual(['East Side Store', 'Main Warehouse', 'loc-gone']);
  });

  it('falls back to location ids when the locations could not be loaded', () => {
    expect(locationColumns([lamp, phone], undefined)).toEqual([
      { id: 'loc-east', name: 'loc-east' },
      { id: 'loc-gone', name: 'loc-gone' },
      { id: 'loc-main', name: 'loc-main' },
    ]);
  });

  it("reads a variant's on hand and reserved at one location", () => {
    const variant = lamp.variants[0]!;
    expect(levelAt(variant, 'loc-main')).toEqual({ onHand: 5, reserved: 1 });
    expect(levelAt(variant, 'loc-east')).toEqual({ onHand: 2, reserved: 0 });
    expect(levelAt(variant, 'loc-gone')).toBeUndefined();
  });
});
