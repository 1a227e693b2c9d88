import { ABANDONED_RUN_ERROR, toSyncRun, toSyncStatus, type SyncRunRecord } from './sync-status.js';

const buildRun = (overrides: Partial<SyncRunRecord> = {}): SyncRunRecord => ({
  id: '7c1e1a4e-0000-4000-8000-000000000001',
  kind: 'full',
  status: 'succeeded',
  startedAt: new Date('2025-01-01T10:00:00Z'),
  finishedAt: new Date('2025-01-01T10:01:00Z'),
  heartbeatAt: new Date('2025-01-01T10:01:00Z'),
  totalProducts: 12,
  error: null,
  processed: 12,
  expected: 12,
  productsCreated: 2,
  productsUpdated: 10,
  cancelRequested: false,
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

  it('stays ready after a cancelled run, saying it was cancelled', () => {
    const cancelled = buildRun({ status: 'cancelled', error: 'Cancelled by an admin; the products written before stay' });
    expect(toSyncStatus(cancelled, buildRun())).toMatchObject({ status: 'ready', lastError: 'Cancelled by an admin; the products written before stay' });
  });
});

describe('toSyncRun', () => {
  it('estimates the end of a running run from its pace and the total the POS gave', () => {
    const running = buildRun({ status: 'running', finishedAt: null, processed: 2_500, expected: 10_000, heartbeatAt: new Date('2025-01-01T10:00:09Z') });
    expect(toSyncRun(running, new Date('2025-01-01T10:00:10Z'))).toMatchObject({
      status: 'running',
      processed: 2_500,
      total: 10_000,
      startedAt: '2025-01-01T10:00:00.000Z',
      estimatedEndAt: '2025-01-01T10:00:40.000Z',
      finishedAt: null,
    });
  });

  it('gives no estimate without a total from the POS, or before 2 % of the products or 10 s (the first batch carries the fixed costs)', () => {
    const at = new Date('2025-01-01T10:00:05Z');
    const running = { status: 'running' as const, finishedAt: null, heartbeatAt: at, expected: 100_000 };
    expect(toSyncRun(buildRun({ ...running, expected: null }), at).estimatedEndAt).toBeNull();
    expect(toSyncRun(buildRun({ ...running, processed: 0 }), at).estimatedEndAt).toBeNull();
    expect(toSyncRun(buildRun({ ...running, processed: 100 }), at).estimatedEndAt).toBeNull();
    expect(toSyncRun(buildRun({ ...running, processed: 2_000 }), at).estimatedEndAt).toBe('2025-01-01T10:04:10.000Z');
    expect(toSyncRun(buildRun({ ...running, processed: 100 }), new Date('2025-01-01T10:00:10Z')).estimatedEndAt).not.toBeNull();
  });

  it('reads a run whose instance stopped touching it as failed, with why', () => {
    const running = buildRun({ status: 'running', finishedAt: null, heartbeatAt: new Date('2025-01-02T09:00:00Z') });
    expect(toSyncRun(running, new Date('2025-01-02T09:01:01Z'))).toMatchObject({ status: 'failed', error: ABANDONED_RUN_ERROR, estimatedEndAt: null });
  });
});
