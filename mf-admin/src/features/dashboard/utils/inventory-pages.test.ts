import { buildEntry } from './inventory-entry.fixture';
import {
  emptyInventoryText,
  INVENTORY_SEARCH_MAX_LENGTH,
  inventorySearchOf,
  loadedEntries,
  matchingTotal,
  nextInventoryOffset,
  parseTotalCount,
  showingText,
  type AdminInventoryPage,
} from './inventory-pages';

const entryWithId = (id: string) => buildEntry(`Product ${id}`, [], id);

/** A page of `size` products named `<prefix>-0`, `<prefix>-1`, ... */
const buildPage = (prefix: string, size: number, total: number | undefined): AdminInventoryPage => ({
  entries: Array.from({ length: size }, (_, i) => entryWithId(`${prefix}-${i}`)),
  total,
});

describe('the total-count header', () => {
  it('reads a whole number', () => {
    expect(parseTotalCount('10234')).toBe(10234);
    expect(parseTotalCount(' 0 ')).toBe(0);
  });

  it('is unknown when missing or not a whole number', () => {
    expect(parseTotalCount(null)).toBeUndefined();
    expect(parseTotalCount(undefined)).toBeUndefined();
    expect(parseTotalCount('')).toBeUndefined();
    expect(parseTotalCount('-3')).toBeUndefined();
    expect(parseTotalCount('12.5')).toBeUndefined();
    expect(parseTotalCount('many')).toBeUndefined();
    expect(parseTotalCount('99999999999999999999')).toBeUndefined();
  });
});

describe('the next page offset', () => {
  it('starts after the products loaded while fewer than the total are loaded', () => {
    expect(nextInventoryOffset([buildPage('a', 100, 250)], 100)).toBe(100);
    expect(nextInventoryOffset([buildPage('a', 100, 250), buildPage('b', 100, 250)], 100)).toBe(200);
  });

  it('ends once every matching product is loaded', () => {
    expect(nextInventoryOffset([buildPage('a', 100, 250), buildPage('b', 100, 250), buildPage('c', 50, 250)], 100)).toBeUndefined();
    expect(nextInventoryOffset([buildPage('a', 100, 100)], 100)).toBeUndefined();
    expect(nextInventoryOffset([buildPage('a', 3, 3)], 100)).toBeUndefined();
  });

  it('follows the newest page when the total changed between pages', () => {
    expect(nextInventoryOffset([buildPage('a', 100, 150), buildPage('b', 100, 320)], 100)).toBe(200);
    expect(nextInventoryOffset([buildPage('a', 100, 320), buildPage('b', 80, 180)], 100)).toBeUndefined();
  });

  it('ends on an empty page even if the total still promises more', () => {
    expect(nextInventoryOffset([buildPage('a', 100, 300), buildPage('b', 0, 300)], 100)).toBeUndefined();
    expect(nextInventoryOffset([buildPage('a', 0, 0)], 100)).toBeUndefined();
    expect(nextInventoryOffset([], 100)).toBeUndefined();
  });

  it('without a total, asks for more only after a full page', () => {
    expect(nextInventoryOffset([buildPage('a', 100, undefined)], 100)).toBe(100);
    expect(nextInventoryOffset([buildPage('a', 100, undefined), buildPage('b', 99, undefined)], 100)).toBeUndefined();
  });
});

describe('the loaded products', () => {
  it('lists every page in order, each product once', () => {
    const first = buildPage('a', 2, 4);
    // A product added meanwhile shifted the offsets: a-1 comes again on the second page.
    const second: AdminInventoryPage = { entries: [entryWithId('a-1'), entryWithId('b-0')], total: 5 };

    expect(loadedEntries([first, second]).map((e) => e.product.id)).toEqual(['a-0', 'a-1', 'b-0']);
    expect(loadedEntries([])).toEqual([]);
  });

  it('counts as matching the newest total, and never fewer than are shown', () => {
    expect(matchingTotal([buildPage('a', 100, 10234)], 100)).toBe(10234);
    expect(matchingTotal([buildPage('a', 100, 10234), buildPage('b', 100, 10300)], 200)).toBe(10300);
    expect(matchingTotal([buildPage('a', 5, 3)], 5)).toBe(5);
    expect(matchingTotal([buildPage('a', 7, undefined)], 7)).toBe(7);
    expect(matchingTotal([], 0)).toBe(0);
  });
});

describe('the texts', () => {
  it("says how many of the matching products are shown: 'Showing N of M products'", () => {
    expect(showingText(100, 10234)).toBe('Showing 100 of 10,234 products');
    expect(showingText(200, 200)).toBe('Showing 200 of 200 products');
    expect(showingText(1, 1)).toBe('Showing 1 of 1 product');
  });

  it('names the search when nothing matches it, else says there are no products yet', () => {
    expect(emptyInventoryText('PL-404')).toBe('No products match "PL-404".');
    expect(emptyInventoryText('')).toBe('No products yet. Sync from the POS to import them.');
  });

  it('asks the server for the typed text without surrounding spaces, within the contract ceiling', () => {
    expect(inventorySearchOf('  PL-100 ')).toBe('PL-100');
    expect(inventorySearchOf('   ')).toBe('');
    expect(inventorySearchOf('x'.repeat(INVENTORY_SEARCH_MAX_LENGTH + 20))).toHaveLength(INVENTORY_SEARCH_MAX_LENGTH);
  });
});
