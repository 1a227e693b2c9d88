import { saleAdjustments } from './write-back.js';

describe('saleAdjustments', () => {
  it('takes one change per sku and location off the POS, keyed by the order, in a stable order', () => {
    const adjustments = saleAdjustments({
      orderId: 'ord-1',
      lines: [
        { sku: 'B', locationId: 'dublin', qty: 1 },
        { sku: 'A', locationId: 'westerville', qty: 2 },
        { sku: 'B', locationId: 'dublin', qty: 2 },
        { sku: 'A', locationId: 'dublin', qty: 1 },
      ],
    });
    expect(adjustments).toEqual([
      {
        idempotencyKey: 'order-ord-1',
        body: {
          reason: 'sale',
          reference: 'ord-1',
          changes: [
            { sku: 'A', location_id: 'dublin', delta: -1 },
            { sku: 'A', location_id: 'westerville', delta: -2 },
            { sku: 'B', location_id: 'dublin', delta: -3 },
          ],
        },
      },
    ]);
  });

  it('is the same for the same allocations in any order (a retry sends the very same body)', () => {
    const lines = [
      { sku: 'A', locationId: 'dublin', qty: 1 },
      { sku: 'C', locationId: 'dublin', qty: 1 },
    ];
    expect(saleAdjustments({ orderId: 'o', lines })).toEqual(saleAdjustments({ orderId: 'o', lines: [...lines].reverse() }));
  });

  it('splits more than 100 changes into numbered parts, each with its own key', () => {
    const lines = Array.from({ length: 150 }, (_, i) => ({ sku: `SKU-${String(i).padStart(3, '0')}`, locationId: 'dublin', qty: 1 }));
    const parts = saleAdjustments({ orderId: 'big', lines });
    expect(parts.map((p) => [p.idempotencyKey, p.body.changes.length])).toEqual([
      ['order-big', 100],
      ['order-big-2', 50],
    ]);
  });
});
