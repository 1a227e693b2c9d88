import type { ManifestReceivedItem } from '@pl/contracts';
import { buildManifestBatch, buildManifestItem } from '../../test/manifest-factories.js';
import { createItemsRequests, receivedLines } from './manifest-to-pos.js';

const item = (sku: string, overrides: Partial<ManifestReceivedItem> = {}) => buildManifestItem(sku, { conditionNotes: null, price: '199.5', ...overrides });
const batch = (items: ManifestReceivedItem[]) => buildManifestBatch(items, { batch: 2, locationId: 'dublin' });

describe('createItemsRequests', () => {
  it("makes a batch's new listings POS items with their count at the batch's location, prices in cents, keyed by the batch", () => {
    const requests = createItemsRequests('manifest-m1-2', batch([item('A'), item('B', { action: 'added' }), item('C', { brand: null, compareAtPrice: null, oneOfAKind: true, quantity: 1, title: 'x'.repeat(300) })]));
    expect(requests).toEqual([
      {
        idempotencyKey: 'manifest-m1-2',
        body: {
          reference: 'manifest m1 batch 2',
          items: [
            {
              sku: 'A',
              name: 'Dyson V8 cordless vacuum',
              brand: 'Dyson',
              description: null,
              category: 'home-garden',
              condition: { grade: 'OPEN_BOX', notes: null },
              unique: false,
              price: { amount: 19950, currency: 'USD' },
              compare_at_price: { amount: 39900, currency: 'USD' },
              stock: { location_id: 'dublin', quantity: 3 },
            },
            expect.objectContaining({ sku: 'C', name: 'x'.repeat(255), brand: null, unique: true, compare_at_price: null, stock: { location_id: 'dublin', quantity: 1 } }),
          ],
        },
      },
    ]);
  });

  it('sends more than 500 new listings as numbered parts, each with its own key, and none when there are none', () => {
    const items = Array.from({ length: 1001 }, (_, i) => item(`S${i}`));
    const requests = createItemsRequests('manifest-m1-2', batch(items));
    expect(requests.map((r) => [r.idempotencyKey, r.body.items.length])).toEqual([
      ['manifest-m1-2', 500],
      ['manifest-m1-2-2', 500],
      ['manifest-m1-2-3', 1],
    ]);
    expect(createItemsRequests('k', batch([item('A', { action: 'added' })]))).toEqual([]);
  });
});

describe('receivedLines', () => {
  it("are the units added to listings the shop had, as units the POS lacks at the batch's location", () => {
    expect(receivedLines(batch([item('A'), item('B', { action: 'added', quantity: 4 })]))).toEqual([{ sku: 'B', locationId: 'dublin', qty: -4 }]);
  });
});
