import { buildCounts, buildEntry, buildList } from './intake.fixture';
import {
  codeLookupQuery,
  deskClear,
  deskPathOf,
  deskQueryOf,
  deskSearchOf,
  emptyQueueText,
  intakeListQuery,
  intakeSearchOf,
  isScannableCode,
  isStale,
  loadedEntries,
  matchingTotal,
  nextIntakeOffset,
  photoCountText,
  queueCountText,
  queueLabel,
  queueTabText,
  scanOutcome,
  showingText,
} from './intake-queue';

describe('the desk address', () => {
  it('reads the queue and the search from the query, an unknown queue as the whole list', () => {
    expect(deskSearchOf(new URLSearchParams('queue=no_photos&q=%20lamp%20'))).toEqual({ queue: 'no_photos', q: 'lamp' });
    expect(deskSearchOf(new URLSearchParams('queue=everything&q='))).toEqual({ queue: 'all' });
    expect(deskSearchOf(new URLSearchParams(''))).toEqual({ queue: 'all' });
  });

  it('writes the defaults as nothing, so the plain desk is /admin/intake', () => {
    expect(deskQueryOf({ queue: 'all' })).toBe('');
    expect(deskQueryOf({ queue: 'stale', q: 'desk lamp' })).toBe('?queue=stale&q=desk+lamp');
  });

  it('cuts a search to the contract’s 200 characters and drops an empty one', () => {
    expect(intakeSearchOf('  ')).toBeUndefined();
    expect(intakeSearchOf('x'.repeat(250))).toHaveLength(200);
  });

  it('asks the API for one page of the queue', () => {
    expect(intakeListQuery({ queue: 'not_inspected', q: 'lamp' }, 25)).toBe('queue=not_inspected&q=lamp&limit=25&offset=25');
    expect(intakeListQuery({ queue: 'all' }, 0)).toBe('queue=all&limit=25&offset=0');
  });
});

describe('a scanned barcode', () => {
  it('is looked up as an exact sku only when it is shaped like one', () => {
    expect(isScannableCode('PL-EL-001')).toBe(true);
    expect(isScannableCode(' 0123456789012 ')).toBe(true);
    expect(isScannableCode('desk lamp')).toBe(false);
    expect(isScannableCode('')).toBe(false);
  });

  it('asks for the code, and two answers at most', () => {
    expect(codeLookupQuery(' PL-EL-001 ')).toBe('queue=all&code=PL-EL-001&limit=2');
  });

  it('opens the listing when exactly one has the code, else searches', () => {
    expect(scanOutcome({ entries: [buildEntry({ productId: 'p-9' })], total: 1 })).toEqual({ open: 'p-9' });
    expect(scanOutcome({ entries: [], total: 0 })).toEqual({ search: true });
    expect(scanOutcome(buildList('p', 2, 2))).toEqual({ search: true });
  });
});

describe('the queues', () => {
  it('names each queue, the stale one by its limit', () => {
    expect(queueLabel('all', 90)).toBe('All listings');
    expect(queueLabel('drafts', 90)).toBe('Drafts');
    expect(queueLabel('no_photos', 90)).toBe('No photos');
    expect(queueLabel('not_inspected', 90)).toBe('Not inspected');
    expect(queueLabel('stale', 90)).toBe('Inspected over 90 days ago');
    expect(queueLabel('stale', undefined)).toBe('Inspected long ago');
  });

  it('puts the count on each tab once the counts are in', () => {
    const counts = buildCounts({ noPhotos: 1234 });
    expect(queueTabText('no_photos', counts)).toBe('No photos (1,234)');
    expect(queueTabText('stale', counts)).toBe('Inspected over 90 days ago (2)');
    expect(queueTabText('all', counts)).toBe('All listings');
    expect(queueTabText('drafts', buildCounts({ drafts: 3 }))).toBe('Drafts (3)');
    expect(queueTabText('not_inspected', undefined)).toBe('Not inspected');
  });

  it('says on the dashboard how many wait in each queue', () => {
    const counts = buildCounts({ noPhotos: 1, notInspected: 30, stale: 2 });
    expect(queueCountText('no_photos', counts)).toBe('1 listing without photos');
    expect(queueCountText('not_inspected', counts)).toBe('30 listings not inspected');
    expect(queueCountText('stale', counts)).toBe('2 listings inspected over 90 days ago');
    expect(queueCountText('drafts', buildCounts({ drafts: 1 }))).toBe('1 draft not shown to shoppers');
    expect(queueCountText('drafts', buildCounts({ drafts: 4 }))).toBe('4 drafts not shown to shoppers');
  });

  it('knows when nothing waits', () => {
    expect(deskClear(buildCounts({ noPhotos: 0, notInspected: 0, stale: 0 }))).toBe(true);
    expect(deskClear(buildCounts({ noPhotos: 0, notInspected: 0, stale: 1 }))).toBe(false);
    expect(deskClear(buildCounts({ drafts: 1, noPhotos: 0, notInspected: 0, stale: 0 }))).toBe(false);
  });

  it('tells an empty search from a queue that is done', () => {
    expect(emptyQueueText({ queue: 'all', q: 'lamp' }, 90)).toBe('No listings match “lamp”.');
    expect(emptyQueueText({ queue: 'no_photos', q: 'lamp' }, 90)).toBe('No listings match “lamp” in no photos.');
    expect(emptyQueueText({ queue: 'all' }, 90)).toBe('No listings yet.');
    expect(emptyQueueText({ queue: 'drafts' }, 90)).toBe('No listing is a draft: every listing started is on sale.');
    expect(emptyQueueText({ queue: 'no_photos' }, 90)).toBe('Every listing has photos.');
    expect(emptyQueueText({ queue: 'not_inspected' }, 90)).toBe('Every listing has been inspected.');
    expect(emptyQueueText({ queue: 'stale' }, 90)).toBe('No inspection is older than 90 days.');
  });
});

describe('a listing in the queue', () => {
  it('counts its photos in words', () => {
    expect(photoCountText(0)).toBe('No photos');
    expect(photoCountText(1)).toBe('1 photo');
    expect(photoCountText(12)).toBe('12 photos');
  });

  it('is due again once its inspection is older than the limit', () => {
    const now = Date.parse('2025-06-30T12:00:00.000Z');
    expect(isStale('2025-03-01T12:00:00.000Z', 90, now)).toBe(true);
    expect(isStale('2025-06-01T12:00:00.000Z', 90, now)).toBe(false);
    expect(isStale(null, 90, now)).toBe(false);
    expect(isStale('2025-03-01T12:00:00.000Z', undefined, now)).toBe(false);
  });
});

describe('paging', () => {
  it('asks for the next page while fewer than the total are loaded', () => {
    expect(nextIntakeOffset([buildList('a', 25, 60)])).toBe(25);
    expect(nextIntakeOffset([buildList('a', 25, 60), buildList('b', 25, 60), buildList('c', 10, 60)])).toBeUndefined();
    expect(nextIntakeOffset([buildList('a', 25, 80), buildList('b', 0, 80)])).toBeUndefined();
    expect(nextIntakeOffset([])).toBeUndefined();
  });

  it('shows each listing once, when one moved onto the next page', () => {
    const second = { entries: [buildEntry({ productId: 'a-1' }), buildEntry({ productId: 'b-0' })], total: 4 };
    expect(loadedEntries([buildList('a', 2, 4), second]).map((e) => e.productId)).toEqual(['a-0', 'a-1', 'b-0']);
    expect(matchingTotal([buildList('a', 5, 3)], 5)).toBe(5);
  });

  it("says how many are shown: 'Showing N of M listings'", () => {
    expect(showingText(25, 1300)).toBe('Showing 25 of 1,300 listings');
    expect(showingText(1, 1)).toBe('Showing 1 of 1 listing');
  });
});

describe('the way back to the desk', () => {
  it('returns to the desk as it was left, else to the plain desk', () => {
    expect(deskPathOf({ deskSearch: '?queue=stale' })).toBe('/admin/intake?queue=stale');
    expect(deskPathOf({ deskSearch: '' })).toBe('/admin/intake');
    expect(deskPathOf({ deskSearch: 'https://elsewhere.example' })).toBe('/admin/intake');
    expect(deskPathOf(null)).toBe('/admin/intake');
  });
});
