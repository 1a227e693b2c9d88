import { buildLocation, locations } from '../testing/admin-order.fixture';
import { countChips } from './order-counts';

describe('the counts strip', () => {
  it('phrases the waiting work for people, with the filters that list it', () => {
    const chips = countChips(
      [
        { status: 'paid', locationId: 'dublin', count: 12 },
        { status: 'ready_for_pickup', locationId: 'dublin', count: 3 },
        { status: 'paid', locationId: null, count: 5 },
        { status: 'shipped', locationId: null, count: 2 },
      ],
      locations,
      {},
    );
    expect(chips).toEqual([
      { key: 'prepare:dublin', label: '12 to prepare at Dublin Store', count: 12, filters: { status: 'paid', fulfilment: 'pickup', locationId: 'dublin' } },
      { key: 'ready:dublin', label: '3 ready for pickup at Dublin Store', count: 3, filters: { status: 'ready_for_pickup', fulfilment: 'pickup', locationId: 'dublin' } },
      { key: 'ship:', label: '5 to ship', count: 5, filters: { status: 'paid', fulfilment: 'shipping' } },
      { key: 'shipped:', label: '2 shipped', count: 2, filters: { status: 'shipped', fulfilment: 'shipping' } },
    ]);
  });

  it('puts work to prepare first, each kind in the order of the locations', () => {
    const chips = countChips(
      [
        { status: 'ready_for_pickup', locationId: 'downtown-columbus', count: 1 },
        { status: 'paid', locationId: 'dublin', count: 4 },
        { status: 'paid', locationId: 'new-store', count: 1 },
        { status: 'paid', locationId: 'downtown-columbus', count: 2 },
      ],
      locations,
      {},
    );
    expect(chips.map((c) => c.label)).toEqual([
      '2 to prepare at Downtown Columbus Store',
      '4 to prepare at Dublin Store',
      '1 to prepare at new-store',
      '1 ready for pickup at Downtown Columbus Store',
    ]);
  });

  it('leaves out finished and ended orders and empty counts', () => {
    const chips = countChips(
      [
        { status: 'picked_up', locationId: 'dublin', count: 40 },
        { status: 'delivered', locationId: null, count: 9 },
        { status: 'refunded', locationId: null, count: 1 },
        { status: 'cancelled', locationId: 'dublin', count: 1 },
        { status: 'paid', locationId: 'dublin', count: 0 },
      ],
      locations,
      {},
    );
    expect(chips).toEqual([]);
  });

  it('counts return requests together, wherever the orders went', () => {
    const chips = countChips(
      [
        { status: 'return_requested', locationId: 'dublin', count: 1 },
        { status: 'return_requested', locationId: null, count: 2 },
      ],
      locations,
      {},
    );
    expect(chips).toEqual([{ key: 'returns:', label: '3 returns requested', count: 3, filters: { status: 'return_requested' } }]);
    expect(countChips([{ status: 'return_requested', locationId: null, count: 1 }], locations, {})[0]!.label).toBe('1 return requested');
  });

  it('keeps the chip whose filters are applied when its count drops to nothing', () => {
    const applied = { status: 'paid' as const, fulfilment: 'pickup' as const, locationId: 'dublin' };
    expect(countChips([], locations, applied)).toEqual([{ key: 'prepare:dublin', label: '0 to prepare at Dublin Store', count: 0, filters: applied }]);
    // Other filters on top: no chip lists exactly these orders.
    expect(countChips([], locations, { ...applied, q: 'dana' })).toEqual([]);
    expect(countChips([], locations, { status: 'picked_up' })).toEqual([]);
  });

  it('names a location by its id until the locations have loaded', () => {
    expect(countChips([{ status: 'paid', locationId: 'dublin', count: 1 }], undefined, {})[0]!.label).toBe('1 to prepare at dublin');
    expect(countChips([{ status: 'paid', locationId: 'x', count: 1 }], [buildLocation('x', 'X Store')], {})[0]!.label).toBe('1 to prepare at X Store');
  });
});
