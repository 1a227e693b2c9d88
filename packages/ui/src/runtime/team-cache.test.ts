import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { DomEvents, type DomEventDetails, type InventoryUpdatedMessage } from '@pl/contracts';
import { INVENTORY_REFRESH_DELAY_MS, keepTeamFresh, teamCache } from './team-cache';

// Two teams share the page's one QueryClient, as in the shop. Each team's rules act on its own
// queries only, whatever its predicates say, and the signals arrive on window as the shell sends them.
const page = globalThis as unknown as { window?: EventTarget };
const send = <N extends keyof DomEventDetails>(name: N, detail: DomEventDetails[N]) => page.window!.dispatchEvent(new CustomEvent(name, { detail }));
const settle = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));

const catalog = teamCache('mf_catalog');
const admin = teamCache('mf_admin');
const stock: InventoryUpdatedMessage = { type: 'inventory.updated', id: 'e1', timestamp: '2026-11-27T10:00:00.000Z', productId: 'p1', variantId: 'v1', sku: 'SKU-1', onHand: 1, reserved: 0, available: 1 };

let client: QueryClient;
let stops: Array<() => void>;
const fetches: Record<string, number> = {};
function observe(key: readonly unknown[]) {
  const name = JSON.stringify(key);
  fetches[name] = 0;
  const observer = new QueryObserver(client, { queryKey: key, queryFn: async () => ++fetches[name]!, staleTime: Infinity, retry: false });
  const unsubscribe = observer.subscribe(() => {});
  return { observer, unsubscribe, fetches: () => fetches[name] };
}

beforeEach(() => {
  page.window = new EventTarget();
  client = new QueryClient();
  stops = [];
});
afterEach(() => {
  stops.forEach((stop) => stop());
  client.clear();
  delete page.window;
});

describe('keepTeamFresh', () => {
  it("refetches the team's own matching queries after a burst of inventory events, once, and never another team's", async () => {
    const products = observe(catalog.key('/api/products'));
    const theirs = observe(admin.key('/api/products'));
    await settle();
    const patched: string[] = [];
    stops.push(keepTeamFresh(client, catalog, { onInventoryUpdated: (_c, m) => patched.push(m.sku), refetchAfterInventory: () => true }));

    for (let i = 0; i < 5; i++) send(DomEvents.inventoryUpdated, stock);
    expect(patched).toHaveLength(5); // each message at once
    await settle(INVENTORY_REFRESH_DELAY_MS + 50);

    expect([products.fetches(), theirs.fetches()]).toEqual([2, 1]);
    products.unsubscribe();
    theirs.unsubscribe();
  });

  it("refetches what may have missed events when the websocket reconnects, and resets the team's queries when the shopper changes", async () => {
    const cart = observe(catalog.key('/api/cart'));
    const other = observe(catalog.key('/api/categories'));
    const theirs = observe(admin.key('/api/cart'));
    await settle();
    stops.push(keepTeamFresh(client, catalog, { refetchOnResync: (q) => q.queryKey[1] === '/api/cart' }));

    send(DomEvents.realtimeResync, { attempt: 1 });
    await settle();
    expect([cart.fetches(), other.fetches(), theirs.fetches()]).toEqual([2, 1, 1]);

    send(DomEvents.sessionChanged, { signedIn: true });
    await settle();
    expect([cart.fetches(), other.fetches(), theirs.fetches()]).toEqual([3, 2, 1]);
    [cart, other, theirs].forEach((o) => o.unsubscribe());
  });

  it("never cancels a page the shopper asked for ('Load more'): the refetch a signal asks for comes after it, with every page", async () => {
    // An infinite list of one page; each page answers after 50 ms, and says which fetch made it.
    let made = 0;
    const observer = new InfiniteQueryObserver(client, {
      queryKey: catalog.key('/api/products'),
      queryFn: async ({ pageParam }: { pageParam: number }) => {
        const n = ++made;
        await settle(50);
        return { page: pageParam, fetch: n };
      },
      initialPageParam: 0,
      getNextPageParam: (last: { page: number; fetch: number }) => last.page + 1,
      staleTime: Infinity,
      retry: false,
    });
    const unsubscribe = observer.subscribe(() => {});
    await settle(80);
    stops.push(keepTeamFresh(client, catalog, { refetchOnResync: () => true, refetchAfterInventory: () => true }));

    const more = observer.fetchNextPage();
    await settle(10);
    // The socket (re)connects while the second page is on its way (a page's first connect, late on a slow machine).
    send(DomEvents.realtimeResync, { attempt: 0 });
    await more;
    await settle(200);
    const pages = observer.getCurrentResult().data?.pages ?? [];
    // Both pages stay, and both were fetched again after the signal (fetches 3 and 4 refetch them).
    expect(pages.map((p) => p.page)).toEqual([0, 1]);
    expect(Math.min(...pages.map((p) => p.fetch))).toBeGreaterThan(2);
    unsubscribe();
  });

  it('passes other signals to the rules that asked for them, and registers a team once per client', async () => {
    const placed: Array<string | null> = [];
    const rules = { on: { [DomEvents.orderPlaced]: (_c: QueryClient, detail: { orderId: string | null }) => placed.push(detail.orderId) } };
    stops.push(keepTeamFresh(client, catalog, rules));
    stops.push(keepTeamFresh(client, catalog, rules));

    send(DomEvents.orderPlaced, { orderId: 'o1' });
    expect(placed).toEqual(['o1']);
  });

  it('refuses a rule given twice for one signal', () => {
    expect(() => keepTeamFresh(client, admin, { onInventoryUpdated: () => {}, on: { [DomEvents.inventoryUpdated]: () => {} } })).toThrow(/has its own rule/);
  });
});
