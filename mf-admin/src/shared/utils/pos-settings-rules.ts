import { type UseMutationResult } from '@pl/ui';
import type { PosConfig, SyncRun, SyncStatus, TestConnectionResult } from '@pl/contracts';

/** The 'Test connection' call, shared by the POS Settings card and the quick actions. */
export type TestConnection = UseMutationResult<TestConnectionResult, Error, void>;

/** What the admin has typed into the POS Settings card. */
export interface PosSettingsFields {
  posUrl: string;
  apiKey: string;
}

/** Spec §8 texts. */
export const SAVE_FAILED_FALLBACK = 'Failed to save POS configuration';
export const SYNC_FAILED_FALLBACK = 'Failed to sync with POS';
export const TEST_FAILED_FALLBACK = 'Failed to test the POS connection';
export const KEY_SAVED_HINT = 'A key is saved; enter it again to change the settings';

/** Spec §5: both fields are required, so Save stays disabled while either is blank. */
export function canSave(fields: PosSettingsFields, pending = false): boolean {
  return !pending && fields.posUrl.trim() !== '' && fields.apiKey.trim() !== '';
}

/** The body of POST /api/admin/pos-config: what was typed, without stray whitespace around it. */
export function savePayload(fields: PosSettingsFields): PosSettingsFields {
  return { posUrl: fields.posUrl.trim(), apiKey: fields.apiKey.trim() };
}

/** Same URL for the purpose of "is this what is saved?": surrounding spaces and trailing slashes do not count. */
export function sameUrl(a: string, b: string): boolean {
  const norm = (url: string) => url.trim().replace(/\/+$/, '');
  return norm(a) === norm(b);
}

export interface TestAvailability {
  enabled: boolean;
  /** Why Test is disabled, or what it will test; shown under the buttons. */
  hint?: string;
}

/**
 * GET /api/admin/sync/test-connection tests the SAVED settings, never what is typed. So Test
 * needs a URL (spec §5), and is only offered while the form shows exactly what is saved: the
 * saved URL and no new key. Testing anything else would report on settings the admin is not
 * looking at. `busy`: a test or a save is on its way (a save changes what a test would try).
 */
export function testAvailability(fields: PosSettingsFields, config: PosConfig | undefined, busy = false): TestAvailability {
  if (fields.posUrl.trim() === '') return { enabled: false, hint: 'Enter a POS URL to test the connection.' };
  if (!config?.configured || config.posUrl === null) return { enabled: false, hint: 'Save the settings first to test them.' };
  if (!sameUrl(fields.posUrl, config.posUrl)) {
    return { enabled: false, hint: 'The POS URL has unsaved changes. Save the settings first to test them.' };
  }
  if (fields.apiKey.trim() !== '') {
    return { enabled: false, hint: 'The API key you entered is not saved yet. Save the settings first to test them.' };
  }
  return { enabled: !busy };
}

/** Spec §4: 'Sync from POS' is disabled while a sync runs or while its own request is pending. */
export function canSync(status: SyncStatus['status'] | undefined, pending: boolean): boolean {
  return !pending && status !== 'syncing';
}

/** Spec §8: the 'Sync Completed' toast text. */
export function syncCompletedText(stats: { productsCreated: number; productsUpdated: number }): string {
  return `Created ${stats.productsCreated} products, updated ${stats.productsUpdated} products`;
}

/** Spec §8's texts for the end of a run the dashboard followed (started here or elsewhere, before a reload or after). */
export function runEndToast(run: SyncRun): { variant?: 'destructive'; title: string; description: string } | undefined {
  switch (run.status) {
    case 'succeeded':
      return { title: 'Sync Completed', description: syncCompletedText(run) };
    case 'failed':
      return { variant: 'destructive', title: 'Sync Failed', description: run.error ?? SYNC_FAILED_FALLBACK };
    case 'cancelled':
      return { title: 'Sync Cancelled', description: `${syncCompletedText(run)} before it stopped` };
    default:
      return undefined;
  }
}

const count = (n: number) => n.toLocaleString('en-US');

/** How far a running run is: "2,300 of 10,000 products", or "2,300 products so far" when the POS gives no total. */
export function syncProgressText(run: Pick<SyncRun, 'processed' | 'total'>): string {
  return run.total === null ? `${count(run.processed)} products so far` : `${count(Math.min(run.processed, run.total))} of ${count(run.total)} products`;
}

/** What is left by the run's own estimate: "about 40 s left", "about 3 min left"; undefined without an estimate. */
export function timeLeftText(estimatedEndAt: string | null, now: number = Date.now()): string | undefined {
  if (estimatedEndAt === null) return undefined;
  const seconds = Math.max(0, Math.round((Date.parse(estimatedEndAt) - now) / 1000));
  if (seconds < 5) return 'almost done';
  if (seconds < 90) return `about ${Math.ceil(seconds / 5) * 5} s left`;
  return `about ${Math.round(seconds / 60)} min left`;
}
