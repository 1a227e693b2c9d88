import type { AdminOrderList, AdminOrderSummary } from '@pl/contracts';

/**
 * Paging of GET /api/admin/orders: newest first, one page per offset, each page with the total that
 * matches. New orders arrive at the top while pages are loaded or refetched, shifting later pages by
 * as many rows; an order can then come twice (kept once) but none is skipped.
 */

/** The offset of the page after `pages`, or undefined once every matching order is loaded (or a page came back empty). */
export function nextOrdersOffset(pages: readonly AdminOrderList[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.data.length === 0) return undefined;
  const loaded = pages.reduce((n, page) => n + page.data.length, 0);
  return loaded < last.total ? loaded : undefined;
}

/** The orders of every loaded page, each once (the first time it came). */
export function loadedOrders(pages: readonly AdminOrderList[]): AdminOrderSummary[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.data)
    .filter((order) => {
      if (seen.has(order.id)) return false;
      seen.add(order.id);
      return true;
    });
}

/** How many orders match: the newest page's total, never fewer than are shown. */
export function matchingTotal(pages: readonly AdminOrderList[], shown: number): number {
  return Math.max(pages.at(-1)?.total ?? 0, shown);
}

const count = new Intl.NumberFormat('en-US');

/** The line above the table: 'Showing 50 of 1,234 orders'. */
export function showingText(shown: number, total: number): string {
  return `Showing ${count.format(shown)} of ${count.format(total)} ${total === 1 ? 'order' : 'orders'}`;
}

/** The empty table: nothing matches the filters, or there are no orders at all. */
export function emptyOrdersText(filtered: boolean): string {
  return filtered ? 'No orders match these filters.' : 'No orders yet.';
}
