import { changeFilters, filtersFromSearch, hasFilters, ORDER_SEARCH_MAX_LENGTH, orderListQuery, orderSearchOf, sameFilters, searchOf } from './order-filters';

const search = (query: string) => new URLSearchParams(query);

describe('the filters in the URL', () => {
  it('reads every filter', () => {
    expect(filtersFromSearch(search('status=paid&fulfilment=pickup&locationId=dublin&from=2025-03-01&to=2025-03-31&q=PL-100001&overdue=true'))).toEqual({
      status: 'paid',
      fulfilment: 'pickup',
      locationId: 'dublin',
      from: '2025-03-01',
      to: '2025-03-31',
      q: 'PL-100001',
      overdue: true,
    });
    expect(filtersFromSearch(search(''))).toEqual({});
  });

  it('drops what the server would refuse, as from a hand-edited link', () => {
    expect(filtersFromSearch(search('status=lost&fulfilment=drone&from=yesterday&to=2025-02-30&overdue=yes&q=%20%20'))).toEqual({});
    expect(filtersFromSearch(search('fulfilment=pickup&locationId=Not%20An%20Id'))).toEqual({ fulfilment: 'pickup' });
  });

  it('keeps a location only with pickup orders', () => {
    expect(filtersFromSearch(search('fulfilment=shipping&locationId=dublin'))).toEqual({ fulfilment: 'shipping' });
    expect(filtersFromSearch(search('locationId=dublin'))).toEqual({});
  });

  it('writes them back in one order, leaving out what is not set', () => {
    expect(searchOf({ overdue: true, q: 'dana', status: 'shipped' }).toString()).toBe('status=shipped&q=dana&overdue=true');
    expect(searchOf({ fulfilment: 'pickup', locationId: 'dublin', from: '2025-03-01' }).toString()).toBe('fulfilment=pickup&locationId=dublin&from=2025-03-01');
    expect(searchOf({}).toString()).toBe('');
  });

  it('survives a round trip', () => {
    const filters = { status: 'ready_for_pickup' as const, fulfilment: 'pickup' as const, locationId: 'dublin', to: '2025-03-31', overdue: true };
    expect(filtersFromSearch(searchOf(filters))).toEqual(filters);
  });
});

describe('the list request', () => {
  it('sends the filters with the page', () => {
    expect(orderListQuery({ status: 'paid', fulfilment: 'shipping' }, 50, 50)).toBe('status=paid&fulfilment=shipping&limit=50&offset=50');
    expect(orderListQuery({}, 0, 50)).toBe('limit=50&offset=0');
  });
});

describe('changing a filter', () => {
  it('sets or clears one filter and keeps the others', () => {
    expect(changeFilters({ status: 'paid', q: 'dana' }, { status: 'shipped' })).toEqual({ status: 'shipped', q: 'dana' });
    expect(changeFilters({ status: 'paid', q: 'dana' }, { status: undefined })).toEqual({ q: 'dana' });
    expect(changeFilters({ overdue: true }, { overdue: false })).toEqual({});
  });

  it('drops the location when the orders are no longer pickups', () => {
    expect(changeFilters({ fulfilment: 'pickup', locationId: 'dublin' }, { fulfilment: 'shipping' })).toEqual({ fulfilment: 'shipping' });
    expect(changeFilters({ fulfilment: 'pickup', locationId: 'dublin' }, { fulfilment: undefined })).toEqual({});
    expect(changeFilters({ fulfilment: 'pickup' }, { locationId: 'dublin' })).toEqual({ fulfilment: 'pickup', locationId: 'dublin' });
  });

  it('tells whether any filter is set, and whether two sets are the same', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ overdue: true })).toBe(true);
    expect(sameFilters({ status: 'paid', fulfilment: 'shipping' }, { fulfilment: 'shipping', status: 'paid' })).toBe(true);
    expect(sameFilters({ status: 'paid' }, { status: 'paid', overdue: true })).toBe(false);
  });
});

describe('the search box', () => {
  it('asks for the typed text without surrounding spaces, within the contract ceiling, or nothing', () => {
    expect(orderSearchOf('  PL-100001 ')).toBe('PL-100001');
    expect(orderSearchOf('   ')).toBeUndefined();
    expect(orderSearchOf('x'.repeat(ORDER_SEARCH_MAX_LENGTH + 5))).toHaveLength(ORDER_SEARCH_MAX_LENGTH);
  });
});
