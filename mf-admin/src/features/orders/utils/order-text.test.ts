import { RETURN_REASON_LABELS } from '@pl/contracts';
import { buildLocation, locations } from '../testing/admin-order.fixture';
import { actorText, customerKindText, customerText, fulfilmentAddress, fulfilmentText, historyDetailText, lineReturnText, locationName, takenFromText } from './order-text';

describe('location names', () => {
  it('names a location as GET /api/locations does, else by its id', () => {
    expect(locationName('dublin', locations)).toBe('Dublin Store');
    expect(locationName('dublin', undefined)).toBe('dublin');
    expect(locationName('closed-store', locations)).toBe('closed-store');
  });
});

describe('the fulfilment column', () => {
  it('names the pickup store, or the city it ships to', () => {
    expect(fulfilmentText({ type: 'pickup', locationId: 'dublin' }, locations)).toBe('Pickup · Dublin Store');
    expect(
      fulfilmentText({ type: 'shipping', address: { name: 'Dana Fox', line1: '1 Elm Street', city: 'Columbus', state: 'OH', zipCode: '43215' } }, locations),
    ).toBe('Ship to Columbus, OH');
  });
});

describe('the address block', () => {
  it('gives the pickup store with its address', () => {
    expect(fulfilmentAddress({ type: 'pickup', locationId: 'dublin' }, locations)).toEqual({
      title: 'Pickup at',
      lines: ['Dublin Store', '1 Main Street', 'Dublin, OH 43017'],
    });
    expect(fulfilmentAddress({ type: 'pickup', locationId: 'dublin' }, undefined)).toEqual({ title: 'Pickup at', lines: ['dublin'] });
  });

  it('gives the shipping address, with its second line when there is one', () => {
    const address = { name: 'Dana Fox', line1: '1 Elm Street', line2: 'Apt 4', city: 'Columbus', state: 'OH', zipCode: '43215' };
    expect(fulfilmentAddress({ type: 'shipping', address }, locations)).toEqual({
      title: 'Ship to',
      lines: ['Dana Fox', '1 Elm Street', 'Apt 4', 'Columbus, OH 43215'],
    });
    expect(fulfilmentAddress({ type: 'shipping', address: { ...address, line2: undefined } }, locations).lines).toHaveLength(3);
  });
});

describe('the customer column', () => {
  it('prefers the name on the order, then the e-mail', () => {
    expect(customerText({ name: 'Dana Fox', email: 'dana@example.com' })).toBe('Dana Fox');
    expect(customerText({ name: null, email: 'dana@example.com' })).toBe('dana@example.com');
    expect(customerText({ name: null, email: null })).toBe('Unknown customer');
  });

  it('says whether a guest or an account placed it', () => {
    expect(customerKindText({ kind: 'guest', id: 'g-123' })).toBe('Guest checkout');
    expect(customerKindText({ kind: 'customer', id: '0f6c2a9e-1234-4bcd-9abc-1234567890ab' })).toBe('Customer account 0f6c2a9e');
  });
});

describe('the history', () => {
  it('says who took each step', () => {
    expect(actorText({ kind: 'admin', id: '7d1f0c3b-aaaa-bbbb-cccc-000000000000' })).toBe('by admin 7d1f0c3b');
    expect(actorText({ kind: 'admin', id: null })).toBe('by an admin');
    expect(actorText({ kind: 'system', id: null })).toBe('by the shop');
    expect(actorText({ kind: 'customer', id: 'c-1' })).toBe('by the customer');
  });

  it('adds the shipment and the ID check a step recorded, and nothing else', () => {
    expect(historyDetailText({ carrier: 'UPS', trackingNumber: '1Z999' })).toBe('UPS 1Z999');
    expect(historyDetailText({ idChecked: true })).toBe('ID checked');
    expect(historyDetailText({ paymentId: 'pi_1' })).toBeUndefined();
    expect(historyDetailText(null)).toBeUndefined();
  });
});

describe("a line's 'Taken from'", () => {
  const allocations = [
    { sku: 'LAMP-001', locationId: 'dublin', qty: 2 },
    { sku: 'TV-1', locationId: 'dublin', qty: 1 },
    { sku: 'TV-1', locationId: 'downtown-columbus', qty: 2 },
  ];

  it('names the one location the units came from', () => {
    expect(takenFromText('LAMP-001', allocations, locations)).toBe('Dublin Store');
  });

  it('lists each location with its units when they came from several', () => {
    expect(takenFromText('TV-1', allocations, [...locations, buildLocation('x', 'X')])).toBe('Dublin Store (1), Downtown Columbus Store (2)');
  });

  it('is unknown while the catalog has not said', () => {
    expect(takenFromText('CHAIR-9', allocations, locations)).toBeUndefined();
    expect(takenFromText('LAMP-001', [], locations)).toBeUndefined();
  });
});

describe("a line's return", () => {
  it("says whether it is asked for or received, with the customer's reason", () => {
    expect(lineReturnText({ status: 'requested', reason: 'damaged' })).toBe(`Return requested: ${RETURN_REASON_LABELS.damaged}`);
    expect(lineReturnText({ status: 'received', reason: 'changed_mind' })).toBe(`Returned: ${RETURN_REASON_LABELS.changed_mind}`);
  });
});
