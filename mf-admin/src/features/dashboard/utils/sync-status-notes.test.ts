import type { SyncStatus } from '@pl/contracts';
import { syncStatusNotes } from './sync-status-notes';

const buildStatus = (overrides: Partial<SyncStatus> = {}): SyncStatus => ({
  status: 'ready',
  lastSyncAt: '2025-01-01T10:00:00.000Z',
  totalProducts: 12,
  lastError: null,
  writebacks: { pending: 0, failed: 0 },
  ...overrides,
});

describe('syncStatusNotes', () => {
  it('adds nothing when all is well', () => {
    expect(syncStatusNotes(buildStatus())).toEqual([]);
  });

  it('adds nothing for a pos-sync that does not send the write-back counts', () => {
    const { writebacks: _omitted, ...old } = buildStatus();
    expect(syncStatusNotes(old)).toEqual([]);
  });

  it('shows the sales waiting for the POS', () => {
    expect(syncStatusNotes(buildStatus({ writebacks: { pending: 3, failed: 0 } }))).toEqual([
      { id: 'writebacks-pending', label: 'Sales waiting for the POS', value: '3', alert: false },
    ]);
  });

  it('shows the sales the POS refused, saying what to do', () => {
    expect(syncStatusNotes(buildStatus({ writebacks: { pending: 1, failed: 2 } }))).toEqual([
      { id: 'writebacks-pending', label: 'Sales waiting for the POS', value: '1', alert: false },
      { id: 'writebacks-failed', label: 'Sales the POS refused', value: '2', hint: 'Check these sales in the POS and adjust its counts by hand.', alert: true },
    ]);
  });

  it('shows the manifest batches waiting for the POS and those it refused, with its latest answer', () => {
    const lastFailure = 'The POS rejected the request: The POS already has sku PL-EL-001; nothing was created';
    expect(syncStatusNotes(buildStatus({ manifests: { pending: 2, failed: 1, lastFailure } }))).toEqual([
      { id: 'manifests-pending', label: 'Manifest batches waiting for the POS', value: '2', alert: false },
      {
        id: 'manifests-failed',
        label: 'Manifest batches the POS refused',
        value: '1',
        hint: `Latest: ${lastFailure}. Create these items or receive these units in the POS by hand.`,
        alert: true,
      },
    ]);
    expect(syncStatusNotes(buildStatus({ manifests: { pending: 0, failed: 0, lastFailure: null } }))).toEqual([]);
  });

  it('shows the prices waiting for the POS and those it refused, with its latest answer', () => {
    const lastFailure = 'Not confirmed by the POS within 23 hours; check the POS and adjust by hand';
    expect(syncStatusNotes(buildStatus({ prices: { pending: 250, failed: 3, lastFailure } }))).toEqual([
      { id: 'prices-pending', label: 'Prices waiting for the POS', value: '250', alert: false },
      {
        id: 'prices-failed',
        label: 'Prices the POS refused',
        value: '3',
        hint: `Latest: ${lastFailure}. Set these prices in the POS by hand, or the till charges its old price.`,
        alert: true,
      },
    ]);
    expect(syncStatusNotes(buildStatus({ prices: { pending: 0, failed: 0, lastFailure: null } }))).toEqual([]);
  });

  it("shows a successful sync's warning, but not an error twice (the panel shows a failed sync's error already)", () => {
    const warning = '2 of 10000 POS products could not be saved; the first: Lamp: it has no variants';
    expect(syncStatusNotes(buildStatus({ lastError: warning }))).toEqual([{ id: 'warning', label: 'Warning', value: warning, alert: false }]);
    expect(syncStatusNotes(buildStatus({ status: 'error', lastError: 'The POS refused the API key' }))).toEqual([]);
  });
});
