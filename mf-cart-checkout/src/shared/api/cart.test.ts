import { DomEvents, type Cart, type CartLine, type DomEventDetails } from '@pl/contracts';
import { INVENTORY_REFRESH_DELAY_MS, keepTeamFresh, QueryClient, QueryObserver } from '@pl/ui';
import { cartCache } from '../team-cache';
import { cartQueryKey, liveCart } from './cart';

// The cart team's rules on the page's one QueryClient, the shell's signals on window; the cart
// query answers from a counter instead of the network.
const page = globalThis as unknown as { window?: EventTarget };
const send = <N extends keyof DomEventDetails>(name: N, detail: DomEventDetails[N]) => page.window!.dispatchEvent(new CustomEvent(name, { detail }));
const settle = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));
const updated = (productId: string, what: 'price' | 'photos' | 'inspection' | 'published' = 'price', id = `e-${productId}-${Math.random()}`) =>
  ({ type: 'product.updated' as const, id, timestamp: '2026-11-28T10:00:00.000Z', productIds: [productId], what });

const line = (id: string, productId?: string): CartLine => ({
  id,
  qty: 1,
  subtotal: '40.00',
  variant: { sku: `SKU-${id}`, title: `Item ${id}`, image: null, conditionGrade: 'OPEN_BOX', oneOfAKind: false, conditionNotes: null, price: '40.00', ...(productId ? { productId } : {}) },
});
const cartOf = (lines: CartLine[]): Cart => ({ lines, checkout: null, subtotal: '40.00', tax: '3.20', total: '43.20' });

let client: QueryClient;
let stop: () => void;
const unsubscribes: Array<() => void> = [];
function observeCart(cart: Cart) {
  let fetches = 0;
  const observer = new QueryObserver(client, { queryKey: cartQueryKey, queryFn: async () => (fetches++, cart), staleTime: Infinity, retry: false });
  unsubscribes.push(observer.subscribe(() => {}));
  return () => fetches;
}

beforeEach(() => {
  page.window = new EventTarget();
  client = new QueryClient();
  stop = keepTeamFresh(client, cartCache, liveCart);
});
afterEach(() => {
  unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe());
  stop();
  client.clear();
  delete page.window;
});

describe("a listing's new price (product:updated, what 'price')", () => {
  it('refetches a cart with a line of that listing, once for a burst (a markdown run)', async () => {
    const fetches = observeCart(cartOf([line('a', 'p-in-cart')]));
    await settle();
    expect(fetches()).toBe(1);

    for (let i = 0; i < 50; i++) send(DomEvents.productUpdated, updated(i % 2 ? 'p-in-cart' : `p-other-${i}`));
    await settle(INVENTORY_REFRESH_DELAY_MS + 50);

    expect(fetches()).toBe(2);
  });

  it("leaves the cart alone for another listing's price, and for photos or an inspection of its own", async () => {
    const fetches = observeCart(cartOf([line('a', 'p-in-cart')]));
    await settle();

    send(DomEvents.productUpdated, updated('p-elsewhere'));
    send(DomEvents.productUpdated, updated('p-in-cart', 'photos'));
    send(DomEvents.productUpdated, updated('p-in-cart', 'inspection'));
    await settle(INVENTORY_REFRESH_DELAY_MS + 50);

    expect(fetches()).toBe(1);
  });

  it('refetches a cart with a line that does not say its listing (the catalog could not be asked at the last read)', async () => {
    const fetches = observeCart(cartOf([line('a', 'p-in-cart'), line('b')]));
    await settle();

    send(DomEvents.productUpdated, updated('p-elsewhere'));
    await settle(INVENTORY_REFRESH_DELAY_MS + 50);

    expect(fetches()).toBe(2);
  });
});
