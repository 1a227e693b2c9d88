import type { Logger } from './logger.js';
import type { BackgroundWorker } from './run-service.js';

export interface PeriodicWorkerOptions {
  /** Names the worker in log lines, e.g. 'hold-expiry'. */
  name: string;
  intervalMs: number;
  logger: Logger;
  /** One pass; the next starts intervalMs after it ended, so passes never overlap. */
  run: () => Promise<unknown>;
}

/**
 * Runs `run` every intervalMs until stopped. A failing pass (database restarting) is logged once
 * per streak and retried on the next tick; the process never dies of it.
 */
export function startPeriodicWorker(options: PeriodicWorkerOptions): BackgroundWorker {
  const { name, intervalMs, logger } = options;
  let stopped = false;
  let failing = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const tick = () => {
    timer = undefined;
    running = options.run().then(
      () => {
        if (failing) logger.info({ worker: name }, 'worker recovered');
        failing = false;
      },
      (err: unknown) => {
        if (!failing) logger.warn({ err, worker: name }, 'worker pass failed; retrying');
        failing = true;
      },
    );
    void running.then(schedule);
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
