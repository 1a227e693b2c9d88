import { RETURN_REASON_LABELS, type AdminOrder, type AdminOrderSummary, type Fulfilment, type Location, type OrderHistoryEntry, type OrderLineReturn } from '@pl/contracts';

/** A location's name once GET /api/locations has answered; its id meanwhile, or if it no longer exists. */
export function locationName(id: string, locations: readonly Location[] | undefined): string {
  return locations?.find((l) => l.id === id)?.name ?? id;
}

/** The desk's fulfilment column: 'Pickup · Dublin Store' or 'Ship to Columbus, OH'. */
export function fulfilmentText(fulfilment: Fulfilment, locations: readonly Location[] | undefined): string {
  if (fulfilment.type === 'pickup') return `Pickup · ${locationName(fulfilment.locationId, locations)}`;
  return `Ship to ${fulfilment.address.city}, ${fulfilment.address.state}`;
}

/** Who placed the order: the name on it, else the e-mail. */
export function customerText(order: Pick<AdminOrderSummary, 'name' | 'email'>): string {
  return order.name ?? order.email ?? 'Unknown customer';
}

/** Who took a step of the history: an admin (by the start of their account id), the shop itself, or the customer. */
export function actorText(actor: OrderHistoryEntry['actor']): string {
  if (actor.kind === 'admin') return actor.id ? `by admin ${actor.id.slice(0, 8)}` : 'by an admin';
  if (actor.kind === 'customer') return 'by the customer';
  return 'by the shop';
}

/** What a step recorded besides its status (the shipment, the ID check), in a few words; undefined when nothing. */
export function historyDetailText(details: OrderHistoryEntry['details']): string | undefined {
  if (!details) return undefined;
  const parts: string[] = [];
  const { carrier, trackingNumber, idChecked } = details;
  if (typeof carrier === 'string' && typeof trackingNumber === 'string') parts.push(`${carrier} ${trackingNumber}`);
  if (idChecked === true) parts.push('ID checked');
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/**
 * Where a line's units were taken from: the location's name, or each location with its units when
 * they came from several; undefined while the catalog has not said (no allocation for the sku).
 */
export function takenFromText(sku: string, allocations: AdminOrder['allocations'], locations: readonly Location[] | undefined): string | undefined {
  const mine = allocations.filter((a) => a.sku === sku);
  if (mine.length === 0) return undefined;
  if (mine.length === 1) return locationName(mine[0]!.locationId, locations);
  return mine.map((a) => `${locationName(a.locationId, locations)} (${a.qty})`).join(', ');
}

/** The customer on the order: a guest checkout or a signed-in account. */
export function customerKindText(customer: AdminOrder['customer']): string {
  return customer.kind === 'guest' ? 'Guest checkout' : `Customer account ${customer.id.slice(0, 8)}`;
}

/** Where the order goes, as an address block: the pickup store (its name only while the locations load), or the shipping address. */
export function fulfilmentAddress(fulfilment: Fulfilment, locations: readonly Location[] | undefined): { title: string; lines: string[] } {
  if (fulfilment.type === 'pickup') {
    const store = locations?.find((l) => l.id === fulfilment.locationId);
    if (!store) return { title: 'Pickup at', lines: [fulfilment.locationId] };
    return { title: 'Pickup at', lines: [store.name, store.address, `${store.city}, ${store.state} ${store.zipCode}`] };
  }
  const a = fulfilment.address;
  return { title: 'Ship to', lines: [a.name, a.line1, ...(a.line2 ? [a.line2] : []), `${a.city}, ${a.state} ${a.zipCode}`] };
}

/** A line's return for the desk: asked for, or received, with the customer's reason. */
export function lineReturnText(lineReturn: Pick<OrderLineReturn, 'status' | 'reason'>): string {
  return `${lineReturn.status === 'requested' ? 'Return requested' : 'Returned'}: ${RETURN_REASON_LABELS[lineReturn.reason]}`;
}
