import type { AdminInventoryEntry } from '@pl/contracts';

/**
 * Paging of GET /api/admin/inventory (a POS sync can bring tens of thousands of products): the
 * body is one page of products, newest first, and the TOTAL_COUNT_HEADER says how many match the
 * search in all. Pages are fetched by offset, so the next one starts after the products loaded.
 */
export interface AdminInventoryPage {
  entries: AdminInventoryEntry[];
  /** How many products match in all; undefined when the response did not say. */
  total: number | undefined;
}

/** Typing pauses this long before the search goes to the server. */
export const INVENTORY_SEARCH_DEBOUNCE_MS = 300;
/** AdminInventoryQuery's ceiling for `q` (packages/contracts/src/catalog.ts). */
export const INVENTORY_SEARCH_MAX_LENGTH = 200;

/** The search the server is asked for: the typed text without surrounding spaces, cut to the contract's ceiling. */
export function inventorySearchOf(text: string): string {
  return text.trim().slice(0, INVENTORY_SEARCH_MAX_LENGTH).trim();
}

/** The total-count header as a count, or undefined when it is missing or not a whole number. */
export function parseTotalCount(header: string | null | undefined): number | undefined {
  const value = header?.trim();
  if (!value || !/^\d+$/.test(value)) return undefined;
  const total = Number(value);
  return Number.isSafeInteger(total) ? total : undefined;
}

/**
 * The offset of the page after `pages`, or undefined when everything is loaded. Without a total
 * (an older catalog), a full page means there may be more. An empty page always ends the list, so a
 * total that went stale while products were deleted cannot make it ask for empty pages forever.
 */
export function nextInventoryOffset(pages: readonly AdminInventoryPage[], pageSize: number): number | undefined {
  const last = pages.at(-1);
  if (!last || last.entries.length === 0) return undefined;
  const loaded = pages.reduce((n, page) => n + page.entries.length, 0);
  if (last.total === undefined) return last.entries.length >= pageSize ? loaded : undefined;
  return loaded < last.total ? loaded : undefined;
}

/**
 * The products of every loaded page, each once. Offsets shift when products are added while the
 * pages are (re)fetched one after another, so a product can arrive on two pages: the first wins.
 */
export function loadedEntries(pages: readonly AdminInventoryPage[]): AdminInventoryEntry[] {
  const seen = new Set<string>();
  const entries: AdminInventoryEntry[] = [];
  for (const page of pages) {
    for (const entry of page.entries) {
      if (seen.has(entry.product.id)) continue;
      seen.add(entry.product.id);
      entries.push(entry);
    }
  }
  return entries;
}

/** How many products match in all: the newest page's total, else what is loaded. */
export function matchingTotal(pages: readonly AdminInventoryPage[], loaded: number): number {
  const total = pages.at(-1)?.total;
  return total === undefined ? loaded : Math.max(total, loaded);
}

const count = new Intl.NumberFormat('en-US');

/** The line above the table: 'Showing 100 of 10,000 products'. */
export function showingText(shown: number, total: number): string {
  return `Showing ${count.format(shown)} of ${count.format(total)} ${total === 1 ? 'product' : 'products'}`;
}

/** The empty list: nothing matches the search, or there are no products at all. */
export function emptyInventoryText(q: string): string {
  return q ? `No products match "${q}".` : 'No products yet. Sync from the POS to import them.';
}
