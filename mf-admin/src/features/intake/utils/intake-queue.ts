import { IntakeQueues, SKU_PATTERN, type IntakeCounts, type IntakeEntry, type IntakeList, type IntakeQueue } from '@pl/contracts';

/**
 * The desk's work queue: which list is shown and what it was searched for live in the page's
 * address (/admin/intake?queue=no_photos&q=lamp), so Back, a reload and a shared link keep them.
 */
export interface DeskSearch {
  queue: IntakeQueue;
  /** Title, brand or sku text; absent: the whole queue. */
  q?: string;
}

/**
 * What a link between the desk and a listing carries: the desk's query to go back to, and whether
 * the scan field should take the keyboard on the way back (the next unit is scanned at once).
 */
export interface DeskLinkState {
  deskSearch: string;
  focusScan?: boolean;
}

/** The desk's address with the query a link carried, else the plain desk. */
export function deskPathOf(state: Partial<DeskLinkState> | null | undefined): string {
  const search = state?.deskSearch;
  return typeof search === 'string' && search.startsWith('?') ? `/admin/intake${search}` : '/admin/intake';
}

/** IntakeListQuery's ceiling for `q` (packages/contracts/src/intake.ts). */
export const INTAKE_SEARCH_MAX_LENGTH = 200;
/** One page of the queue ('Show more' asks for the next). */
export const INTAKE_PAGE_SIZE = 25;

const isQueue = (value: string | null): value is IntakeQueue => (IntakeQueues as readonly string[]).includes(value ?? '');

/** The search as typed: without surrounding spaces, cut to the contract's ceiling; undefined when empty. */
export function intakeSearchOf(text: string): string | undefined {
  const q = text.trim().slice(0, INTAKE_SEARCH_MAX_LENGTH).trim();
  return q === '' ? undefined : q;
}

/** The address's query read back (an unknown queue is the whole list). */
export function deskSearchOf(params: URLSearchParams): DeskSearch {
  const queue = params.get('queue');
  const q = intakeSearchOf(params.get('q') ?? '');
  return { queue: isQueue(queue) ? queue : 'all', ...(q ? { q } : {}) };
}

/** The address's query for a search: defaults left out, so the plain desk is /admin/intake. */
export function deskQueryOf(search: DeskSearch): string {
  const params = new URLSearchParams();
  if (search.queue !== 'all') params.set('queue', search.queue);
  if (search.q) params.set('q', search.q);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** GET /api/admin/intake's query for one page of a search. */
export function intakeListQuery(search: DeskSearch, offset: number, limit = INTAKE_PAGE_SIZE): string {
  const params = new URLSearchParams({ queue: search.queue });
  if (search.q) params.set('q', search.q);
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  return params.toString();
}

/**
 * Whether typed text could be a scanned barcode: a barcode is the unit's sku, so only text shaped
 * like one (no spaces) is looked up as an exact code before it is searched for.
 */
export function isScannableCode(text: string): boolean {
  return SKU_PATTERN.test(text.trim());
}

/** GET /api/admin/intake's query for a scanned code: two answers are enough to know whether it is one. */
export function codeLookupQuery(code: string): string {
  return new URLSearchParams({ queue: 'all', code: code.trim(), limit: '2' }).toString();
}

/** What a scan leads to: the one listing with that sku, else a search for the text. */
export function scanOutcome(found: IntakeList): { open: string } | { search: true } {
  return found.entries.length === 1 && found.total === 1 ? { open: found.entries[0]!.productId } : { search: true };
}

/** The queue's name on its tab and on the dashboard. */
export function queueLabel(queue: IntakeQueue, staleAfterDays: number | undefined): string {
  switch (queue) {
    case 'all':
      return 'All listings';
    case 'drafts':
      return 'Drafts';
    case 'no_photos':
      return 'No photos';
    case 'not_inspected':
      return 'Not inspected';
    case 'stale':
      return staleAfterDays === undefined ? 'Inspected long ago' : `Inspected over ${staleAfterDays} days ago`;
  }
}

/** How many listings a queue holds (GET /api/admin/intake/counts); the whole list has no count. */
export function queueCount(counts: IntakeCounts | undefined, queue: IntakeQueue): number | undefined {
  if (!counts) return undefined;
  if (queue === 'drafts') return counts.drafts;
  if (queue === 'no_photos') return counts.noPhotos;
  if (queue === 'not_inspected') return counts.notInspected;
  if (queue === 'stale') return counts.stale;
  return undefined;
}

const number = new Intl.NumberFormat('en-US');

/** A queue's tab: 'No photos (12)', or its name alone while the counts load. */
export function queueTabText(queue: IntakeQueue, counts: IntakeCounts | undefined): string {
  const label = queueLabel(queue, counts?.staleAfterDays);
  const count = queueCount(counts, queue);
  return count === undefined ? label : `${label} (${number.format(count)})`;
}

const listings = (n: number) => `${number.format(n)} ${n === 1 ? 'listing' : 'listings'}`;

/** The dashboard's line for a queue: '12 listings without photos'. */
export function queueCountText(queue: Exclude<IntakeQueue, 'all'>, counts: IntakeCounts): string {
  const n = queueCount(counts, queue)!;
  if (queue === 'drafts') return `${number.format(n)} ${n === 1 ? 'draft' : 'drafts'} not shown to shoppers`;
  if (queue === 'no_photos') return `${listings(n)} without photos`;
  if (queue === 'not_inspected') return `${listings(n)} not inspected`;
  return `${listings(n)} inspected over ${counts.staleAfterDays} days ago`;
}

/** Nothing waits at the desk. */
export function deskClear(counts: IntakeCounts): boolean {
  return counts.drafts === 0 && counts.noPhotos === 0 && counts.notInspected === 0 && counts.stale === 0;
}

/** The line above the list: 'Showing 25 of 130 listings'. */
export function showingText(shown: number, total: number): string {
  return `Showing ${number.format(shown)} of ${listings(total)}`;
}

/** An empty list: nothing matches the search, or the queue is done. */
export function emptyQueueText(search: DeskSearch, staleAfterDays: number | undefined): string {
  if (search.q) return `No listings match “${search.q}”${search.queue === 'all' ? '' : ` in ${queueLabel(search.queue, staleAfterDays).toLowerCase()}`}.`;
  switch (search.queue) {
    case 'all':
      return 'No listings yet.';
    case 'drafts':
      return 'No listing is a draft: every listing started is on sale.';
    case 'no_photos':
      return 'Every listing has photos.';
    case 'not_inspected':
      return 'Every listing has been inspected.';
    case 'stale':
      return staleAfterDays === undefined ? 'No inspection is out of date.' : `No inspection is older than ${staleAfterDays} days.`;
  }
}

/** A listing's photos in a word: 'No photos', '1 photo', '5 photos'. */
export function photoCountText(count: number): string {
  if (count === 0) return 'No photos';
  return `${count} ${count === 1 ? 'photo' : 'photos'}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether an inspection is older than the desk's limit (the 'stale' queue's rule), at `now`. */
export function isStale(inspectedAt: string | null, staleAfterDays: number | undefined, now: number): boolean {
  if (inspectedAt === null || staleAfterDays === undefined) return false;
  const at = Date.parse(inspectedAt);
  return !Number.isNaN(at) && now - at > staleAfterDays * DAY_MS;
}

/** The offset of the page after `pages`, or undefined once every matching listing is loaded (or a page came back empty). */
export function nextIntakeOffset(pages: readonly IntakeList[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.entries.length === 0) return undefined;
  const loaded = pages.reduce((n, page) => n + page.entries.length, 0);
  return loaded < last.total ? loaded : undefined;
}

/** The listings of every loaded page, each once (a listing that left a queue between pages shifts the later ones). */
export function loadedEntries(pages: readonly IntakeList[]): IntakeEntry[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.entries)
    .filter((entry) => {
      if (seen.has(entry.productId)) return false;
      seen.add(entry.productId);
      return true;
    });
}

/** How many listings match: the newest page's total, never fewer than are shown. */
export function matchingTotal(pages: readonly IntakeList[], shown: number): number {
  return Math.max(pages.at(-1)?.total ?? 0, shown);
}
