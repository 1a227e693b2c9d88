// Liveness says the process answers; readiness says it can do its job: NATS reachable (for the
// realtime fan-out), signing keys loaded, and every service behind it ready by its own /readyz
// (which checks that service's database; while NATS is away events wait in its outbox). A gateway whose services cannot serve is taken
// out of a balancer's rotation rather than sent traffic it can only answer with 503s; each
// service's state is in the answer for operators ('ready', 'not-ready', 'down').
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
    const ready = nats && keys && Object.values(upstreams).every((state) => state === 'ready');
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

type UpstreamState = 'ready' | 'not-ready' | 'down';

/** Each service's own readiness: 'not-ready' when it answers 503 (its database is away), 'down' when it does not answer in time. */
async function probeUpstreams(upstreams: Record<ServiceName, string>): Promise<Record<string, UpstreamState>> {
  const entries = await Promise.all(
    Object.entries(upstreams).map(async ([service, base]) => {
      const state: UpstreamState = await fetch(new URL(HealthPaths.ready, base), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
        .then(async (r) => {
          await r.body?.cancel();
          return r.ok ? 'ready' : 'not-ready';
        })
        .catch(() => 'down');
      return [service, state] as const;
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
