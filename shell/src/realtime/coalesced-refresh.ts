/**
 * Runs `refresh` after a burst of signals instead of once per signal: the first signal schedules a
 * run `delayMs` later; signals while a run is waiting or going only mark it dirty, and a dirty run
 * is followed by one more. So a POS sync announcing thousands of stock changes costs a handful of
 * refetches, never one refetch per change or a refetch cancelled by the next one, and the last
 * signal is always followed by a run that started after it.
 */
export function coalescedRefresh(refresh: () => Promise<unknown>, delayMs: number) {
  let scheduled = false;
  let running = false;
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async () => {
    timer = undefined;
    scheduled = false;
    running = true;
    dirty = false;
    try {
      await refresh();
    } catch {
      // A failed refetch is the query's own error state; the next signal tries again.
    } finally {
      running = false;
    }
    if (dirty) schedule();
  };

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    timer = setTimeout(() => void run(), delayMs);
  }

  return {
    signal() {
      if (running) dirty = true;
      else schedule();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      scheduled = false;
      dirty = false;
    },
  };
}
