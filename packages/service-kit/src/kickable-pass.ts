import type { Logger } from './logger.js';

/**
 * One in-process runner for a draining pass (apply due events, send due write-backs): kicking it
 * while a pass runs queues exactly one more pass, so work recorded during a pass is never left
 * waiting for the next timer. Passes never overlap within a process; across instances the rows'
 * leases keep them apart.
 */
export interface KickablePass {
  /** Starts a pass now, or one more after the running one; resolves when the work so far is drained. */
  kick(): Promise<void>;
  /** Refuses new passes and waits for the running one. */
  stop(): Promise<void>;
}

export function createKickablePass(name: string, logger: Logger, run: () => Promise<unknown>): KickablePass {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const loop = async () => {
    do {
      again = false;
      try {
        await run();
      } catch (err) {
        logger.warn({ err, worker: name }, 'pass failed; the next one retries');
      }
    } while (again && !stopped);
  };
  return {
    kick() {
      if (stopped) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = loop().finally(() => {
        running = undefined;
      });
      return running;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
