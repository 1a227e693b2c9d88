import { Router } from 'express';
import { HealthPaths } from '@pl/contracts';

export type HealthCheck = () => Promise<void>;

export interface HealthOptions {
  /** Dependencies that must answer for the instance to take traffic, e.g. `{ database: () => pool.query('select 1') }`. */
  checks: Record<string, HealthCheck>;
  /** Per-check limit (default 2000 ms): a hung dependency must not hang the probe. */
  timeoutMs?: number;
}

function runCheck(check: HealthCheck, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    Promise.resolve().then(check),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * `/healthz`: the process is alive (never touches a dependency, so a database outage does not
 * get every instance restarted). `/readyz`: every check passes, else 503 naming the failed ones.
 */
export function healthRouter(options: HealthOptions): Router {
  const timeoutMs = options.timeoutMs ?? 2000;
  const router = Router();
  router.get(HealthPaths.live, (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get(HealthPaths.ready, async (req, res) => {
    // Asked to stop (server.ts): out of rotation while it finishes, whatever its checks say.
    if (req.app.locals.draining === true) {
      res.set('cache-control', 'no-store').status(503).json({ status: 'draining' });
      return;
    }
    const names = Object.keys(options.checks);
    const results = await Promise.allSettled(names.map((name) => runCheck(options.checks[name] as HealthCheck, timeoutMs)));
    const checks: Record<string, 'ok' | 'failed'> = {};
    const failed: string[] = [];
    results.forEach((result, i) => {
      const name = names[i] as string;
      checks[name] = result.status === 'fulfilled' ? 'ok' : 'failed';
      if (result.status === 'rejected') {
        failed.push(name);
        req.log?.warn({ check: name, err: result.reason }, 'readiness check failed');
      }
    });
    res.set('cache-control', 'no-store');
    if (failed.length === 0) res.json({ status: 'ok', checks });
    else res.status(503).json({ status: 'unavailable', failed, checks });
  });
  return router;
}
