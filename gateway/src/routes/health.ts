// Liveness says the process answers; readiness says it can do its job: NATS reachable (for the
// realtime fan-out), signing keys loaded, and every service behind it ready by its own /readyz
// (which checks that service's database; while NATS is away events wait in its outbox). A gateway whose services cannot serve is taken
// out of a balancer's rotation rather than sent traffic it can only answer with 503s; each
// service's state is in the answer for operators ('ready', 'not-ready', 'down').
import { Router } from 'express';
import type { NatsConnection } from 'nats';
import { HealthPaths } from '@pl/contracts';
import type { SigningKeys } from '../auth/keys.js';
import type { ServiceInstances } from '../proxy/service-instances.js';

const PROBE_TIMEOUT_MS = 500;

export interface HealthDeps {
  nats: NatsConnection;
  keys: SigningKeys;
  instances: ServiceInstances;
  /** True once the gateway was asked to stop: it is not ready, whatever its services say (decision 039). */
  draining?: () => boolean;
}

export function healthRoutes(deps: HealthDeps): Router {
  const router = Router();
  router.get(HealthPaths.live, (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get(HealthPaths.ready, async (_req, res) => {
    const [nats, { services, instances }] = await Promise.all([natsReachable(deps.nats), deps.instances.probe()]);
    // createGateway cannot be built without a loaded, matching key pair; report it for operators.
    const keys = deps.keys.publicJwk.kid !== undefined;
    const draining = deps.draining?.() ?? false;
    // A service is ready when one of its instances is: the others are passed over.
    const ready = !draining && nats && keys && Object.values(services).every((state) => state === 'ready');
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : draining ? 'draining' : 'not-ready', checks: { nats, keys }, upstreams: services, instances });
  });
  return router;
}

/** A round trip to the NATS server, bounded: while reconnecting it does not come back in time. */
async function natsReachable(nats: NatsConnection): Promise<boolean> {
  if (nats.isClosed()) return false;
  return withTimeout(nats.flush().then(() => true), false);
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
