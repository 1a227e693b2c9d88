import type { PriceHistoryEntry, PriceSource } from '@pl/contracts';

export const PRICE_SOURCE_TEXT: Record<PriceSource, string> = { pos: 'POS', markdown: 'Markdown', admin: 'Admin', manifest: 'Manifest' };

/**
 * Who made a change, as the catalog recorded it: a markdown names its rule, an admin's change the
 * admin; the POS and a manifest import name nobody (their source says it all).
 */
export function priceChangedByText(entry: Pick<PriceHistoryEntry, 'source' | 'actor'>): string | null {
  if (!entry.actor) return null;
  return entry.source === 'markdown' ? `rule “${entry.actor}”` : entry.actor;
}
