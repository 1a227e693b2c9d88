import type { ManifestReceivedData, ManifestReceivedItem } from '@pl/contracts';

/** One row of a manifest.received batch as the catalog announces it: a new listing unless `action` says 'added'. */
export const buildManifestItem = (sku: string, overrides: Partial<ManifestReceivedItem> = {}): ManifestReceivedItem => ({
  sku,
  action: 'created',
  title: 'Dyson V8 cordless vacuum',
  brand: 'Dyson',
  category: 'home-garden',
  conditionGrade: 'OPEN_BOX',
  conditionNotes: 'Box damaged',
  oneOfAKind: false,
  price: '199.00',
  compareAtPrice: '399.00',
  quantity: 3,
  ...overrides,
});

/** A committed batch of a manifest's rows (manifest.received's data). */
export const buildManifestBatch = (items: ManifestReceivedItem[], overrides: Partial<ManifestReceivedData> = {}): ManifestReceivedData => ({
  manifestId: 'm1',
  batch: 0,
  locationId: 'columbus-warehouse',
  items,
  ...overrides,
});
