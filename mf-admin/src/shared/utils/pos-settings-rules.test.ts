import type { SyncRun } from '@pl/contracts';
import { canSave, canSync, runEndToast, sameUrl, savePayload, syncCompletedText, syncProgressText, testAvailability, timeLeftText } from './pos-settings-rules';

const saved = { configured: true, posUrl: 'http://127.0.0.1:5300' };
const nothingSaved = { configured: false, posUrl: null };

describe('Save', () => {
  it('is enabled once both the POS URL and the API key are filled in', () => {
    expect(canSave({ posUrl: 'http://127.0.0.1:5300', apiKey: 'secret' })).toBe(true);
  });

  it('stays disabled while either field is empty or only spaces', () => {
    expect(canSave({ posUrl: '', apiKey: 'secret' })).toBe(false);
    expect(canSave({ posUrl: 'http://127.0.0.1:5300', apiKey: '' })).toBe(false);
    expect(canSave({ posUrl: '   ', apiKey: 'secret' })).toBe(false);
    expect(canSave({ posUrl: 'http://127.0.0.1:5300', apiKey: ' \t' })).toBe(false);
  });

  it('stays disabled while a save is on its way', () => {
    expect(canSave({ posUrl: 'http://127.0.0.1:5300', apiKey: 'secret' }, true)).toBe(false);
  });

  it('sends what was typed without the spaces around it', () => {
    expect(savePayload({ posUrl: ' http://127.0.0.1:5300 ', apiKey: ' secret\n' })).toEqual({ posUrl: 'http://127.0.0.1:5300', apiKey: 'secret' });
  });
});

describe('Test', () => {
  it('needs a POS URL', () => {
    expect(testAvailability({ posUrl: ' ', apiKey: '' }, saved)).toEqual({ enabled: false, hint: 'Enter a POS URL to test the connection.' });
  });

  it('asks to save first when nothing is saved, since it tests the saved settings', () => {
    expect(testAvailability({ posUrl: 'http://127.0.0.1:5300', apiKey: 'secret' }, nothingSaved)).toEqual({
      enabled: false,
      hint: 'Save the settings first to test them.',
    });
    expect(testAvailability({ posUrl: 'http://127.0.0.1:5300', apiKey: '' }, undefined).enabled).toBe(false);
  });

  it('refuses to test a typed URL that differs from the saved one', () => {
    expect(testAvailability({ posUrl: 'http://pos.example.com', apiKey: '' }, saved)).toEqual({
      enabled: false,
      hint: 'The POS URL has unsaved changes. Save the settings first to test them.',
    });
  });

  it('tests the saved settings when the field shows the saved URL', () => {
    expect(testAvailability({ posUrl: 'http://127.0.0.1:5300', apiKey: '' }, saved)).toEqual({ enabled: true });
    expect(testAvailability({ posUrl: ' http://127.0.0.1:5300/ ', apiKey: '' }, saved)).toEqual({ enabled: true });
  });

  it('refuses to test while a new key is typed but not saved, since the saved key would be tested', () => {
    expect(testAvailability({ posUrl: 'http://127.0.0.1:5300', apiKey: 'new-key' }, saved)).toEqual({
      enabled: false,
      hint: 'The API key you entered is not saved yet. Save the settings first to test them.',
    });
  });

  it('is disabled while a test or a save is on its way', () => {
    expect(testAvailability({ posUrl: 'http://127.0.0.1:5300', apiKey: '' }, saved, true)).toEqual({ enabled: false });
  });

  it('treats trailing slashes and surrounding spaces as the same URL, and nothing else', () => {
    expect(sameUrl('http://a.test/', ' http://a.test')).toBe(true);
    expect(sameUrl('http://a.test/pos', 'http://a.test')).toBe(false);
    expect(sameUrl('https://a.test', 'http://a.test')).toBe(false);
  });
});

describe('Sync from POS', () => {
  it('is enabled when the POS is ready or the last sync failed', () => {
    expect(canSync('ready', false)).toBe(true);
    expect(canSync('error', false)).toBe(true);
    expect(canSync(undefined, false)).toBe(true);
  });

  it('is disabled while a sync runs or while its own request is pending', () => {
    expect(canSync('syncing', false)).toBe(false);
    expect(canSync('ready', true)).toBe(false);
  });

  it("reports 'Created N products, updated M products' from the run's stats", () => {
    expect(syncCompletedText({ productsCreated: 12, productsUpdated: 3 })).toBe('Created 12 products, updated 3 products');
    expect(syncCompletedText({ productsCreated: 0, productsUpdated: 0 })).toBe('Created 0 products, updated 0 products');
  });
});

describe('a followed sync run', () => {
  const run = (overrides: Partial<SyncRun> = {}): SyncRun => ({
    id: 'run-1',
    kind: 'full',
    status: 'running',
    startedAt: '2026-11-27T10:00:00.000Z',
    finishedAt: null,
    processed: 2300,
    total: 10_000,
    productsCreated: 300,
    productsUpdated: 2000,
    estimatedEndAt: '2026-11-27T10:00:40.000Z',
    cancelRequested: false,
    error: null,
    ...overrides,
  });

  it('tells its progress against the total the POS gave, or what it has done so far without one', () => {
    expect(syncProgressText(run())).toBe('2,300 of 10,000 products');
    expect(syncProgressText(run({ total: null }))).toBe('2,300 products so far');
    // The POS's total is a hint: a product changed while paging is read twice.
    expect(syncProgressText(run({ processed: 10_002 }))).toBe('10,000 of 10,000 products');
  });

  it('tells the time left by its estimate, in seconds, then minutes', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(timeLeftText(null)).toBeUndefined();
    expect(timeLeftText('2026-11-27T10:00:40.000Z', at('2026-11-27T10:00:38.000Z'))).toBe('almost done');
    expect(timeLeftText('2026-11-27T10:00:40.000Z', at('2026-11-27T10:00:03.000Z'))).toBe('about 40 s left');
    expect(timeLeftText('2026-11-27T10:03:10.000Z', at('2026-11-27T10:00:00.000Z'))).toBe('about 3 min left');
  });

  it("announces its end with the spec's texts", () => {
    expect(runEndToast(run())).toBeUndefined();
    expect(runEndToast(run({ status: 'succeeded' }))).toEqual({ title: 'Sync Completed', description: 'Created 300 products, updated 2000 products' });
    expect(runEndToast(run({ status: 'failed', error: 'The POS at http://pos is unavailable right now; try again later' }))).toEqual({
      variant: 'destructive',
      title: 'Sync Failed',
      description: 'The POS at http://pos is unavailable right now; try again later',
    });
    expect(runEndToast(run({ status: 'failed' }))).toMatchObject({ description: 'Failed to sync with POS' });
    expect(runEndToast(run({ status: 'cancelled' }))).toEqual({ title: 'Sync Cancelled', description: 'Created 300 products, updated 2000 products before it stopped' });
  });
});
