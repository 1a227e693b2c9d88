// Liveness says the process answers; readiness says it can do its job: NATS reachable (for the
// realtime fan-out) and signing keys loaded. Upstream reachability is reported for operators but
// does not make the gateway unready: it still serves the shell and clear 503s for a missing service.
import { Router } from 'express';
import type { NatsConnection } from 'nats';
import { HealthPaths, type ServiceName } from '@pl/contracts';
import type { SigningKeys } from '../auth/keys.js';

const PROBE_TIMEOUT_MS = 500;

export interface HealthDeps {
  nats: NatsConnection;
  keys: SigningKeys;
  upstreams: Record<ServiceName, string>;
}

export function healthRoutes(deps: HealthDeps): Router {
  const router = Router();
  router.get(HealthPaths.live, (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get(HealthPaths.ready, async (_req, res) => {
    const [nats, upstreams] = await Promise.all([natsReachable(deps.nats), probeUpstreams(deps.upstreams)]);
    // createGateway cannot be built without a loaded, matching key pair; report it for operators.
    const keys = deps.keys.publicJwk.kid !== undefined;
    const ready = nats && keys;
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not-ready', checks: { nats, keys }, upstreams });
  });
  return router;
}

/** A round trip to the NATS server, bounded: while reconnecting it does not come back in time. */
async function natsReachable(nats: NatsConnection): Promise<boolean> {
  if (nats.isClosed()) return false;
  return withTimeout(nats.flush().then(() => true), false);
}

async function probeUpstreams(upstreams: Record<ServiceName, string>): Promise<Record<string, 'up' | 'down'>> {
  const entries = await Promise.all(
    Object.entries(upstreams).map(async ([service, base]) => {
      const ok = await fetch(new URL(HealthPaths.live, base), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
        .then((r) => r.ok)
        .catch(() => false);
      return [service, ok ? 'up' : 'down'] as const;
    }),
  );
  return Object.fromEntries(entries);
}

function withTimeout<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), PROBE_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}
