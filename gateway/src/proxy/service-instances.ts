// The instances behind each service (IDENTITY_URL, CATALOG_URL, … may each list several, decision
// 039). Requests take turns between them; every second each instance's own /readyz is asked, so one
// that is draining for a restart (its /readyz answers 503 while it still finishes what it has) or
// that went away stops getting requests before it closes, and is taken again once it answers ready.
import { HealthPaths, type ServiceName } from '@pl/contracts';
import { createUpstreamSet, type InstanceState, type UpstreamSet } from '@pl/service-kit';

const PROBE_TIMEOUT_MS = 500;

export interface ServiceInstances {
  /** The instances of `service`: the proxy and the gateway's own clients take turns on this one set. */
  of(service: ServiceName): UpstreamSet;
  /** Asks every instance's /readyz now; each service's state is its best instance's. */
  probe(): Promise<{ services: Record<ServiceName, InstanceState>; instances: Record<ServiceName, Record<string, InstanceState>> }>;
  /** Probes every `intervalMs` until stopped. */
  watch(intervalMs: number): () => void;
}

const RANK: Record<InstanceState, number> = { ready: 2, 'not-ready': 1, down: 0 };

export function createServiceInstances(upstreams: Record<ServiceName, readonly string[]>): ServiceInstances {
  const sets = Object.fromEntries(Object.entries(upstreams).map(([service, urls]) => [service, createUpstreamSet(urls)])) as Record<ServiceName, UpstreamSet>;
  const services = Object.keys(sets) as ServiceName[];

  async function probe() {
    const seen = await Promise.all(
      services.map(async (service) => {
        const set = sets[service];
        const states = await Promise.all(
          set.urls.map(async (url) => {
            const state = await readinessOf(url);
            set.report(url, state);
            return [url, state] as const;
          }),
        );
        const best = states.reduce<InstanceState>((a, [, s]) => (RANK[s] > RANK[a] ? s : a), 'down');
        return { service, best, states: Object.fromEntries(states) };
      }),
    );
    return {
      services: Object.fromEntries(seen.map((s) => [s.service, s.best])) as Record<ServiceName, InstanceState>,
      instances: Object.fromEntries(seen.map((s) => [s.service, s.states])) as Record<ServiceName, Record<string, InstanceState>>,
    };
  }

  return {
    of: (service) => sets[service],
    probe,
    watch(intervalMs) {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        void probe().finally(() => (running = false));
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

/** An instance's own readiness: 'not-ready' when it answers 503 (its database is away, or it is draining), 'down' when it does not answer in time. */
function readinessOf(base: string): Promise<InstanceState> {
  return fetch(new URL(HealthPaths.ready, base), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
    async (r) => {
      await r.body?.cancel();
      return r.ok ? 'ready' : 'not-ready';
    },
    () => 'down',
  );
}
