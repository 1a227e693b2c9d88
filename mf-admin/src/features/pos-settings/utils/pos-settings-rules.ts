import type { PosConfig, SyncStatus } from '@pl/contracts';

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
