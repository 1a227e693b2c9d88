import type { ManifestField, ManifestStatus, ManifestSummary } from '@pl/contracts';

/** Each field a manifest's column can be, as the mapping names it, in the order it is shown. */
export const FIELD_LABELS: ReadonlyArray<{ field: ManifestField; label: string; required?: true }> = [
  { field: 'sku', label: 'SKU / UPC / item number', required: true },
  { field: 'title', label: 'Title / description', required: true },
  { field: 'brand', label: 'Brand' },
  { field: 'category', label: 'Category' },
  { field: 'quantity', label: 'Quantity' },
  { field: 'retail', label: 'Retail (MSRP)' },
  { field: 'unitCost', label: 'Unit cost' },
  { field: 'condition', label: 'Condition' },
  { field: 'notes', label: 'Notes' },
  { field: 'location', label: 'Location' },
];

export const STATUS_TEXT: Record<ManifestStatus, string> = {
  uploaded: 'Not imported',
  importing: 'Importing',
  cancelled: 'Stopped',
  imported: 'Imported',
  failed: 'Failed',
};

/** How far an import is, in whole percent (0 before the first batch, 100 when every row has its outcome). */
export function progressPercent(m: Pick<ManifestSummary, 'rowsDone' | 'totalRows'>): number {
  if (m.totalRows === 0) return 100;
  return Math.min(100, Math.floor((m.rowsDone * 100) / m.totalRows));
}

/** 'about 2 minutes left', 'about 40 seconds left', 'less than 5 seconds left'; null before there is a pace. */
export function timeLeftText(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 5) return 'less than 5 seconds left';
  if (seconds < 60) return `about ${Math.round(seconds / 5) * 5} seconds left`;
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} minute${minutes === 1 ? '' : 's'} left`;
}

/** '1 row', '2,000 rows' */
export const countText = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What the rows done come to: 'Created 180 drafts, added units to 12 listings, refused 3 rows'. */
export function outcomeText(m: Pick<ManifestSummary, 'created' | 'added' | 'refused'>): string {
  return `Created ${countText(m.created, 'draft listing')}, added units to ${countText(m.added, 'listing')}, refused ${countText(m.refused, 'row')}`;
}

/** A file's size for people: '820 B', '14.2 KB', '4.9 MB'. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A decimal amount typed by an admin ('1,200', '$950.5') as the wire's "1200.00", or null when it is none. */
export function moneyInput(text: string): string | null | undefined {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (cleaned === '') return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole, cents = ''] = cleaned.split('.');
  return `${Number(whole)}.${cents.padEnd(2, '0')}`;
}
