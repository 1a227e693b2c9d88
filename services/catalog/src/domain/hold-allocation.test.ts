import { allocateHold, type LocationStock } from './hold-allocation.js';

const at = (locationId: string, onHand: number, reserved = 0, reservedByHolder = 0): LocationStock => ({ locationId, onHand, reserved, reservedByHolder });

describe('allocateHold', () => {
  it('takes all units from one location when one has enough, preferring the one with most free', () => {
    expect(allocateHold([at('a', 2), at('b', 5, 1), at('c', 3)], 2)).toEqual({ ok: true, allocations: [{ locationId: 'b', qty: 2 }] });
  });

  it("takes a pickup's units from its store when the store has them, first from it when it has some", () => {
    const levels = [at('warehouse', 10), at('dublin', 3), at('westerville', 1)];
    expect(allocateHold(levels, 2, 'dublin')).toEqual({ ok: true, allocations: [{ locationId: 'dublin', qty: 2 }] });
    expect(allocateHold(levels, 5, 'dublin')).toEqual({ ok: true, allocations: [{ locationId: 'dublin', qty: 3 }, { locationId: 'warehouse', qty: 2 }] });
    expect(allocateHold(levels, 2, 'nowhere')).toEqual({ ok: true, allocations: [{ locationId: 'warehouse', qty: 2 }] });
    expect(allocateHold([at('warehouse', 5), at('dublin', 0)], 1, 'dublin')).toEqual({ ok: true, allocations: [{ locationId: 'warehouse', qty: 1 }] });
  });

  it('spreads over locations, fullest first, when none has enough alone', () => {
    expect(allocateHold([at('a', 2), at('b', 3, 1), at('c', 1)], 5)).toEqual({
      ok: true,
      allocations: [
        { locationId: 'a', qty: 2 },
        { locationId: 'b', qty: 2 },
        { locationId: 'c', qty: 1 },
      ],
    });
  });

  it('never lends units a location owes to its own holds (over-reserved after a recount)', () => {
    // a: 1 on hand but 3 held → 0 free, not −2 against b's free unit.
    expect(allocateHold([at('a', 1, 3), at('b', 1)], 1)).toEqual({ ok: true, allocations: [{ locationId: 'b', qty: 1 }] });
    expect(allocateHold([at('a', 1, 3), at('b', 1)], 2)).toMatchObject({ ok: false, code: 'INSUFFICIENT_STOCK', message: 'Only 1 left', available: 1 });
  });

  it('says the item is reserved by another shopper when others hold every unit', () => {
    expect(allocateHold([at('a', 1, 1)], 1)).toEqual({ ok: false, code: 'HELD_BY_ANOTHER', message: 'Sorry, this item is reserved by another shopper', available: 0 });
  });

  it('says the units are already in your cart when only the asking holder holds them', () => {
    expect(allocateHold([at('a', 2, 2, 2)], 1)).toEqual({ ok: false, code: 'INSUFFICIENT_STOCK', message: 'All available units are already in your cart', available: 0 });
  });

  it('says sold out when nothing is on hand', () => {
    expect(allocateHold([at('a', 0), at('b', 0)], 1)).toEqual({ ok: false, code: 'INSUFFICIENT_STOCK', message: 'Sorry, this item is sold out', available: 0 });
    expect(allocateHold([], 1)).toMatchObject({ ok: false, message: 'Sorry, this item is sold out' });
  });
});
