import { coalescedRefresh } from './team-cache';

describe('coalescedRefresh', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A refresh whose calls the test finishes by hand, as a refetch finishes when the server answers. */
  function controllableRefresh() {
    const finishers: Array<() => void> = [];
    const refresh = jest.fn(() => new Promise<void>((resolve) => finishers.push(resolve)));
    const finish = async () => {
      finishers.shift()?.();
      await Promise.resolve();
      await Promise.resolve();
    };
    return { refresh, finish };
  }

  it('turns a burst of signals into one run after the delay', async () => {
    const { refresh, finish } = controllableRefresh();
    const c = coalescedRefresh(refresh, 200);
    for (let i = 0; i < 1000; i++) c.signal();
    expect(refresh).toHaveBeenCalledTimes(0);
    jest.advanceTimersByTime(200);
    expect(refresh).toHaveBeenCalledTimes(1);
    await finish();
    jest.advanceTimersByTime(1000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('never starts a second run while one is going, and follows signals that came meanwhile with exactly one more', async () => {
    const { refresh, finish } = controllableRefresh();
    const c = coalescedRefresh(refresh, 200);
    c.signal();
    jest.advanceTimersByTime(200);
    for (let i = 0; i < 500; i++) c.signal();
    jest.advanceTimersByTime(5000);
    expect(refresh).toHaveBeenCalledTimes(1);

    await finish();
    jest.advanceTimersByTime(200);
    expect(refresh).toHaveBeenCalledTimes(2);
    await finish();
    jest.advanceTimersByTime(5000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('keeps going after a failed run', async () => {
    const refresh = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const c = coalescedRefresh(refresh, 50);
    c.signal();
    jest.advanceTimersByTime(50);
    await Promise.resolve();
    await Promise.resolve();
    c.signal();
    jest.advanceTimersByTime(50);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('cancel drops a scheduled run', () => {
    const refresh = jest.fn(async () => undefined);
    const c = coalescedRefresh(refresh, 50);
    c.signal();
    c.cancel();
    jest.advanceTimersByTime(1000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
