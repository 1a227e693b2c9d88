import { ApiPaths, DomEvents, type DomEventDetails, type ProductList } from '@pl/contracts';
import { INVENTORY_REFRESH_DELAY_MS, keepTeamFresh, QueryClient, QueryObserver } from '@pl/ui';
import { catalogCache } from '../../../shared/team-cache';
import { buildProduct } from '../testing/build-product';
import { productPagesQueryOptions, productsQueryOptions } from './get-products';
import { productQueryOptions } from './get-product';
import { liveProducts } from './use-live-products';

// The catalog team's rules on the page's one QueryClient, the signals on window as the shell sends
// them; each query answers from a counter instead of the network.
const page = globalThis as unknown as { window?: EventTarget };
const send = <N extends keyof DomEventDetails>(name: N, detail: DomEventDetails[N]) => page.window!.dispatchEvent(new CustomEvent(name, { detail }));
const settle = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));
const photosChanged = (productId: string, id = `e-${productId}`) => ({ type: 'product.updated' as const, id, timestamp: '2026-11-27T10:00:00.000Z', productIds: [productId], what: 'photos' as const });

let client: QueryClient;
let stop: () => void;
const unsubscribes: Array<() => void> = [];
function observe<T>(queryKey: readonly unknown[], answer: T) {
  let fetches = 0;
  const observer = new QueryObserver(client, { queryKey, queryFn: async () => (fetches++, answer), staleTime: Infinity, retry: false });
  unsubscribes.push(observer.subscribe(() => {}));
  return () => fetches;
}

beforeEach(() => {
  page.window = new EventTarget();
  client = new QueryClient();
  stop = keepTeamFresh(client, catalogCache, liveProducts);
});
afterEach(() => {
  unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe());
  stop();
  client.clear();
  delete page.window;
});

describe("a listing's new photos or inspection (product:updated)", () => {
  const shown = buildProduct({ id: 'p-shown' });
  const other = buildProduct({ id: 'p-other' });

  it('refetches its page and the lists it is on, once for a burst, and no other product query', async () => {
    const productPage = observe(productQueryOptions('p-shown').queryKey, shown);
    const otherPage = observe(productQueryOptions('p-other').queryKey, other);
    const featured = observe<ProductList>(productsQueryOptions().queryKey, { data: [other, shown], nextCursor: null });
    const otherList = observe(productPagesQueryOptions('category=tools').queryKey, { pages: [{ data: [other] }], pageParams: [undefined] });
    await settle();
    expect([productPage(), otherPage(), featured(), otherList()]).toEqual([1, 1, 1, 1]);

    for (let i = 0; i < 4; i++) send(DomEvents.productUpdated, photosChanged('p-shown', `e${i}`));
    await settle(INVENTORY_REFRESH_DELAY_MS + 50);

    expect([productPage(), otherPage(), featured(), otherList()]).toEqual([2, 1, 2, 1]);
  });

  it('refetches every listing named in a burst', async () => {
    const shownPage = observe(productQueryOptions('p-shown').queryKey, shown);
    const otherPage = observe(productQueryOptions('p-other').queryKey, other);
    await settle();

    send(DomEvents.productUpdated, photosChanged('p-shown'));
    send(DomEvents.productUpdated, photosChanged('p-other'));
    await settle(INVENTORY_REFRESH_DELAY_MS + 50);

    expect([shownPage(), otherPage()]).toEqual([2, 2]);
  });

  it('refetches every list and the category counts when a draft is published (no list shows it yet)', async () => {
    const featured = observe<ProductList>(productsQueryOptions().queryKey, { data: [other], nextCursor: null });
    const otherList = observe(productPagesQueryOptions('category=tools').queryKey, { pages: [{ data: [other] }], pageParams: [undefined] });
    const counts = observe(catalogCache.key(ApiPaths.catalog.categoryCounts), [{ category: 'tools', count: 1 }]);
    const otherPage = observe(productQueryOptions('p-other').queryKey, other);
    await settle();

    send(DomEvents.productUpdated, { ...photosChanged('p-new'), what: 'published' });
    await settle(INVENTORY_REFRESH_DELAY_MS + 50);

    expect([featured(), otherList(), counts(), otherPage()]).toEqual([2, 2, 2, 1]);
  });
});
