/**
 * The line above the grid: how many products are shown and, when the list has more pages, how many
 * match in all ('Showing 24 of 200 products'; it used to say 'Showing 24 products' when 200 matched).
 * `total` is the server's count for the query, unknown while the list is narrowed in the browser.
 */
export function resultCountText(shown: number, total: number | undefined, totalIsAtLeast = false): string {
  const noun = (n: number) => (n === 1 ? 'product' : 'products');
  if (total === undefined || total <= shown) return `Showing ${shown} ${noun(shown)}`;
  // Past the server's count limit it knows only that there are more ('Showing 24 of 1,000+ products').
  if (totalIsAtLeast) return `Showing ${shown} of ${total.toLocaleString('en-US')}+ products`;
  return `Showing ${shown} of ${total} ${noun(total)}`;
}
