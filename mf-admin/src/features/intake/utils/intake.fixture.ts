// Test data: listings as the catalog's intake desk answers them, for the intake feature's unit tests.
import type { IntakeCounts, IntakeEntry, IntakeList, ProductPhoto } from '@pl/contracts';

export const buildPhoto = (overrides: Partial<ProductPhoto> = {}): ProductPhoto => ({
  id: '00000000-0000-4000-8000-000000000001',
  alt: 'Brass Desk Lamp, photo 1',
  width: 2048,
  height: 1536,
  placeholder: 'data:image/jpeg;base64,AAAA',
  src: '/api/media/photos/abc-640.jpg',
  srcset: '/api/media/photos/abc-320.jpg 320w, /api/media/photos/abc-640.jpg 640w',
  webpSrcset: '/api/media/photos/abc-320.webp 320w, /api/media/photos/abc-640.webp 640w',
  cover: false,
  ...overrides,
});

export const buildEntry = (overrides: Partial<IntakeEntry> = {}): IntakeEntry => ({
  productId: 'p-1',
  title: 'Brass Desk Lamp',
  skus: ['PL-HG-001'],
  category: 'home-garden',
  conditionGrade: 'OPEN_BOX',
  oneOfAKind: true,
  photoCount: 0,
  cover: null,
  inspectedAt: null,
  publishedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/** A page of `size` listings with ids `<prefix>-0`, `<prefix>-1`, ... */
export const buildList = (prefix: string, size: number, total: number): IntakeList => ({
  entries: Array.from({ length: size }, (_, i) => buildEntry({ productId: `${prefix}-${i}` })),
  total,
});

export const buildCounts = (overrides: Partial<IntakeCounts> = {}): IntakeCounts => ({
  drafts: 0,
  noPhotos: 12,
  notInspected: 30,
  stale: 2,
  staleAfterDays: 90,
  ...overrides,
});
