import { ABANDONED_RUN_ERROR, toSyncStatus, type SyncRunRecord } from './sync-status.js';

const buildRun = (overrides: Partial<SyncRunRecord> = {}): SyncRunRecord => ({
  status: 'succeeded',
  startedAt: new Date('2025-01-01T10:00:00Z'),
  finishedAt: new Date('2025-01-01T10:01:00Z'),
  heartbeatAt: new Date('2025-01-01T10:01:00Z'),
  totalProducts: 12,
  error: null,
  ...overrides,
});

describe('toSyncStatus', () => {
  it('is ready with nothing synced before the first run', () => {
    expect(toSyncStatus(undefined, undefined)).toEqual({ status: 'ready', lastSyncAt: null, totalProducts: 0, lastError: null });
  });

  it('reports the last success', () => {
    const run = buildRun();
    expect(toSyncStatus(run, run)).toEqual({ status: 'ready', lastSyncAt: '2025-01-01T10:01:00.000Z', totalProducts: 12, lastError: null });
  });

  it('is syncing while a run is in progress, keeping the last success', () => {
    const running = buildRun({ status: 'running', finishedAt: null, totalProducts: 0, heartbeatAt: new Date('2025-01-02T09:00:00Z') });
    const now = new Date('2025-01-02T09:00:30Z');
    expect(toSyncStatus(running, buildRun(), now)).toMatchObject({ status: 'syncing', lastSyncAt: '2025-01-01T10:01:00.000Z', totalProducts: 12, lastError: null });
  });

  it('shows a run whose instance stopped touching it as failed, not as syncing forever', () => {
    const running = buildRun({ status: 'running', finishedAt: null, heartbeatAt: new Date('2025-01-02T09:00:00Z') });
    const now = new Date('2025-01-02T09:01:01Z');
    expect(toSyncStatus(running, buildRun(), now)).toEqual({
      status: 'error',
      lastSyncAt: '2025-01-01T10:01:00.000Z',
      totalProducts: 12,
      lastError: ABANDONED_RUN_ERROR,
    });
  });

  it('stays ready after a run that succeeded with a warning, showing the warning as lastError', () => {
    const warned = buildRun({ error: '2 of 10000 POS products could not be saved; the first: Lamp: it has no variants' });
    expect(toSyncStatus(warned, warned)).toEqual({
      status: 'ready',
      lastSyncAt: '2025-01-01T10:01:00.000Z',
      totalProducts: 12,
      lastError: '2 of 10000 POS products could not be saved; the first: Lamp: it has no variants',
    });
  });

  it("shows no earlier run's warning while the next run is syncing", () => {
    const warned = buildRun({ error: '1 of 12 POS products could not be saved: Lamp: it has no variants' });
    const running = buildRun({ status: 'running', finishedAt: null, heartbeatAt: new Date('2025-01-02T09:00:00Z') });
    expect(toSyncStatus(running, warned, new Date('2025-01-02T09:00:10Z'))).toMatchObject({ status: 'syncing', lastError: null });
  });

  it('shows the error of a failed latest run', () => {
    const failed = buildRun({ status: 'failed', error: 'POS answered 401' });
    expect(toSyncStatus(failed, undefined)).toEqual({ status: 'error', lastSyncAt: null, totalProducts: 0, lastError: 'POS answered 401' });
  });
});
