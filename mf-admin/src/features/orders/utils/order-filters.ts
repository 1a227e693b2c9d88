import { AdminOrderQuery, type OrderStatus } from '@pl/contracts';

/**
 * The order desk's filters. They live in the page's URL query, so a reload, a shared link and the
 * browser's Back keep them; the same names go to GET /api/admin/orders.
 */
export interface OrderFilters {
  status?: OrderStatus;
  fulfilment?: 'pickup' | 'shipping';
  /** A pickup location; only with `fulfilment: 'pickup'`. */
  locationId?: string;
  /** Placed on or after / on or before this day (YYYY-MM-DD). */
  from?: string;
  to?: string;
  /** Order number, e-mail or name. */
  q?: string;
  overdue?: boolean;
}

/** AdminOrderQuery's ceiling for `q` (packages/contracts/src/cart.ts). */
export const ORDER_SEARCH_MAX_LENGTH = 120;

const field = AdminOrderQuery.shape;
const valid = <T>(result: { success: true; data: T } | { success: false }): T | undefined => (result.success ? result.data : undefined);

/** The search the server is asked for: the typed text without surrounding spaces, within the contract's ceiling. */
export function orderSearchOf(text: string): string | undefined {
  return text.trim().slice(0, ORDER_SEARCH_MAX_LENGTH).trim() || undefined;
}

/** The filters in a URL query. A value the server would refuse (a hand-edited link) is dropped, not sent. */
export function filtersFromSearch(search: URLSearchParams): OrderFilters {
  const fulfilment = valid(field.fulfilment.safeParse(search.get('fulfilment') ?? undefined));
  return withoutEmpty({
    status: valid(field.status.safeParse(search.get('status') ?? undefined)),
    fulfilment,
    locationId: fulfilment === 'pickup' ? valid(field.locationId.safeParse(search.get('locationId') ?? undefined)) : undefined,
    from: valid(field.from.safeParse(search.get('from') ?? undefined)),
    to: valid(field.to.safeParse(search.get('to') ?? undefined)),
    q: orderSearchOf(search.get('q') ?? ''),
    overdue: search.get('overdue') === 'true' || undefined,
  });
}

/** The filters as a URL query, always in the same order (so equal filters give equal queries). */
export function searchOf(filters: OrderFilters): URLSearchParams {
  const search = new URLSearchParams();
  const { status, fulfilment, locationId, from, to, q, overdue } = filters;
  if (status) search.set('status', status);
  if (fulfilment) search.set('fulfilment', fulfilment);
  if (locationId && fulfilment === 'pickup') search.set('locationId', locationId);
  if (from) search.set('from', from);
  if (to) search.set('to', to);
  if (q) search.set('q', q);
  if (overdue) search.set('overdue', 'true');
  return search;
}

/** GET /api/admin/orders's query for one page of the filtered list. */
export function orderListQuery(filters: OrderFilters, offset: number, limit: number): string {
  const search = searchOf(filters);
  search.set('limit', String(limit));
  search.set('offset', String(offset));
  return search.toString();
}

/** The filters after one change. A location belongs to pickup orders, so leaving 'Pickup' drops it. */
export function changeFilters(filters: OrderFilters, change: OrderFilters): OrderFilters {
  const next = withoutEmpty({ ...filters, ...change });
  if (next.fulfilment !== 'pickup') delete next.locationId;
  return next;
}

export const hasFilters = (filters: OrderFilters) => searchOf(filters).size > 0;

export const sameFilters = (a: OrderFilters, b: OrderFilters) => searchOf(a).toString() === searchOf(b).toString();

function withoutEmpty(filters: OrderFilters): OrderFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '' && value !== false)) as OrderFilters;
}
