import { ApiPaths, DomEvents, type DomEventDetails } from '@pl/contracts';
import { keepTeamFresh, QueryClient, QueryObserver } from '@pl/ui';
import { adminCache, adminFreshness } from './team-cache';

// The admin team's rules on the page's one QueryClient, the signals on window as the shell sends
// them; each query answers from a counter instead of the network.
const page = globalThis as unknown as { window?: EventTarget };
const send = <N extends keyof DomEventDetails>(name: N, detail: DomEventDetails[N]) => page.window!.dispatchEvent(new CustomEvent(name, { detail }));
const settle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

let client: QueryClient;
let stop: () => void;
const unsubscribes: Array<() => void> = [];
function observe(queryKey: readonly unknown[]) {
  let fetches = 0;
  const observer = new QueryObserver(client, { queryKey, queryFn: async () => ++fetches, staleTime: Infinity, retry: false });
  unsubscribes.push(observer.subscribe(() => {}));
  return () => fetches;
}

beforeEach(() => {
  page.window = new EventTarget();
  client = new QueryClient();
  stop = keepTeamFresh(client, adminCache, adminFreshness);
});
afterEach(() => {
  unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe());
  stop();
  client.clear();
  delete page.window;
});

describe('listings changed (product:updated) at the intake desk', () => {
  it("refetches each named listing's page and price history and the queues, and no other listing's", async () => {
    const named = ['p-1', 'p-2'].flatMap((id) => [observe(adminCache.key(ApiPaths.catalog.intakeDetail(id))), observe(adminCache.key(ApiPaths.catalog.priceHistory(id)))]);
    const others = [observe(adminCache.key(ApiPaths.catalog.intakeDetail('p-3'))), observe(adminCache.key(ApiPaths.catalog.priceHistory('p-3')))];
    const queues = [observe(adminCache.key(ApiPaths.catalog.intake)), observe(adminCache.key(ApiPaths.catalog.intakeCounts))];
    // Another team's query under the same path is not this team's to refresh.
    const foreign = observe(['mf_catalog', ApiPaths.catalog.intakeDetail('p-1')]);
    await settle();

    send(DomEvents.productUpdated, { type: 'product.updated', id: 'e1', timestamp: '2026-11-28T10:00:00.000Z', productIds: ['p-1', 'p-2'], what: 'price' });
    await settle();

    expect([...named, ...queues].map((fetches) => fetches())).toEqual([2, 2, 2, 2, 2, 2]);
    expect([...others, foreign].map((fetches) => fetches())).toEqual([1, 1, 1]);
  });
});
