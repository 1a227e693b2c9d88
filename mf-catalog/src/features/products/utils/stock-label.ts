import type { BadgeTone } from '@pl/ui';

/** Spec §9: at most this many available counts as low stock. */
export const LOW_STOCK_THRESHOLD = 5;

/** Spec §4: 0 'Sold Out'; 1 'One left!'; 2 to 5 'Low stock'; more than 5 'In Stock (n)'. */
export function stockLabel(available: number): { label: string; tone: BadgeTone } {
  if (available <= 0) return { label: 'Sold Out', tone: 'red' };
  if (available === 1) return { label: 'One left!', tone: 'orange' };
  if (available <= LOW_STOCK_THRESHOLD) return { label: 'Low stock', tone: 'yellow' };
  return { label: `In Stock (${available})`, tone: 'green' };
}
