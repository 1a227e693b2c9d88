// Test data: an admin inventory entry as the catalog answers it, for the dashboard's unit tests.
import type { AdminInventoryEntry, Variant } from '@pl/contracts';

/** An entry whose product is named `title` (its id derived from it), with the given variants. */
export const buildEntry = (title: string, variants: Variant[] = [], id = `p-${title}`): AdminInventoryEntry => ({
  product: {
    id,
    title,
    brand: null,
    description: null,
    images: [],
    conditionGrade: 'OPEN_BOX',
    conditionNotes: null,
    oneOfAKind: false,
    currentPrice: null,
    originalPrice: null,
  },
  variants,
  publishedAt: '2026-11-01T10:00:00.000Z',
});
