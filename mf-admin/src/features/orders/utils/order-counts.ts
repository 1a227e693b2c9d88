import type { AdminOrderCounts, Location, OrderStatus } from '@pl/contracts';
import { sameFilters, type OrderFilters } from './order-filters.js';
import { locationName } from './order-text.js';

/** One button of the counts strip: the work waiting, in words, and the filters that list it. */
export interface CountChip {
  key: string;
  label: string;
  count: number;
  filters: OrderFilters;
}

type ChipKind = 'prepare' | 'ready' | 'ship' | 'shipped' | 'returns';
const KIND_ORDER: readonly ChipKind[] = ['prepare', 'ready', 'ship', 'shipped', 'returns'];

/**
 * Which chip a row of GET /api/admin/orders/counts feeds: the statuses that wait on the store (or on
 * the customer collecting), per pickup location or for shipping. Finished and ended orders have none.
 */
function chipOf(status: OrderStatus | undefined, locationId: string | null): { kind: ChipKind; locationId: string | null; filters: OrderFilters } | undefined {
  if (status === 'paid' && locationId) return { kind: 'prepare', locationId, filters: { status, fulfilment: 'pickup', locationId } };
  if (status === 'ready_for_pickup' && locationId) return { kind: 'ready', locationId, filters: { status, fulfilment: 'pickup', locationId } };
  if (status === 'paid' && !locationId) return { kind: 'ship', locationId, filters: { status, fulfilment: 'shipping' } };
  if (status === 'shipped' && !locationId) return { kind: 'shipped', locationId, filters: { status, fulfilment: 'shipping' } };
  // Returns are counted together, wherever the order went.
  if (status === 'return_requested') return { kind: 'returns', locationId: null, filters: { status } };
  return undefined;
}

function labelOf(kind: ChipKind, count: number, where: string): string {
  switch (kind) {
    case 'prepare':
      return `${count} to prepare at ${where}`;
    case 'ready':
      return `${count} ready for pickup at ${where}`;
    case 'ship':
      return `${count} to ship`;
    case 'shipped':
      return `${count} shipped`;
    case 'returns':
      return `${count} ${count === 1 ? 'return' : 'returns'} requested`;
  }
}

/**
 * The counts strip: '12 to prepare at Dublin Store', '3 ready for pickup at …', '5 to ship',
 * '2 shipped', then returns. Empty counts are left out, except the chip whose filters are applied
 * now: it stays (at 0) so the button just pressed does not vanish from under the keyboard.
 * Pickup chips follow the catalog's order of locations.
 */
export function countChips(counts: AdminOrderCounts, locations: readonly Location[] | undefined, applied: OrderFilters): CountChip[] {
  const chips = new Map<string, { kind: ChipKind; locationId: string | null; count: number; filters: OrderFilters }>();
  const add = (chip: ReturnType<typeof chipOf>, count: number) => {
    if (!chip) return;
    const key = `${chip.kind}:${chip.locationId ?? ''}`;
    const seen = chips.get(key);
    chips.set(key, { ...chip, count: (seen?.count ?? 0) + count });
  };
  for (const row of counts) if (row.count > 0) add(chipOf(row.status, row.locationId), row.count);
  const current = chipOf(applied.status, applied.locationId ?? null);
  if (current && sameFilters(current.filters, applied)) add(current, 0);

  const place = (id: string | null) => {
    const index = id === null ? -1 : (locations?.findIndex((l) => l.id === id) ?? -1);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  const byKindThenPlace = (a: { kind: ChipKind; locationId: string | null }, b: { kind: ChipKind; locationId: string | null }) =>
    KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
    place(a.locationId) - place(b.locationId) ||
    (a.locationId ?? '').localeCompare(b.locationId ?? '');
  return [...chips.entries()]
    .sort(([, a], [, b]) => byKindThenPlace(a, b))
    .map(([key, chip]) => ({
      key,
      label: labelOf(chip.kind, chip.count, chip.locationId ? locationName(chip.locationId, locations) : ''),
      count: chip.count,
      filters: chip.filters,
    }));
}
