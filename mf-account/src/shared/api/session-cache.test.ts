import { keepTeamFresh, teamCache, QueryClient, QueryObserver } from '@pl/ui';
import { accountCache, accountFreshness, currentUserQueryKey, ordersKeyPrefix } from '../team-cache';
import { refreshCurrentUser, sessionChanged } from './session-cache';

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

function observe(client: QueryClient, queryKey: readonly unknown[], queryFn: () => Promise<unknown>) {
  const observer = new QueryObserver(client, { queryKey, queryFn, staleTime: Infinity, retry: false });
  const unsubscribe = observer.subscribe(() => {});
  return { observer, unsubscribe };
}

// The teams' rules listen on window for the shell's and each other's signals.
const page = globalThis as unknown as { window?: EventTarget };
beforeEach(() => (page.window = new EventTarget()));
afterEach(() => delete page.window);

describe('sessionChanged (sign-out)', () => {
  it("makes the current user a guest; every team refetches what is on screen and drops the rest, each in its own cache", async () => {
    const client = new QueryClient();
    const cartCache = teamCache('mf_cart_checkout');
    const stops = [keepTeamFresh(client, accountCache, accountFreshness), keepTeamFresh(client, cartCache, {})];
    let signedIn = true;
    let cartVersion = 0;
    let profileVersion = 0;
    const me = observe(client, currentUserQueryKey, async () => (signedIn ? { username: 'dana' } : null));
    const profile = observe(client, accountCache.key('/api/profile'), async () => ({ version: ++profileVersion }));
    const cart = observe(client, cartCache.key('/api/cart'), async () => ({ version: ++cartVersion }));
    const orders = observe(client, ordersKeyPrefix, async () => [{ id: 'o1' }]);
    await settle();
    orders.unsubscribe(); // the order page was left earlier: its data sits unused in the cache
    expect(me.observer.getCurrentResult().data).toEqual({ username: 'dana' });

    signedIn = false;
    await sessionChanged(client, false);
    await settle();

    expect(me.observer.getCurrentResult().data).toBeNull();
    expect(profile.observer.getCurrentResult().data).toEqual({ version: 2 });
    expect(cart.observer.getCurrentResult().data).toEqual({ version: 2 });
    expect(client.getQueryData(ordersKeyPrefix)).toBeUndefined();
    [me, profile, cart].forEach((o) => o.unsubscribe());
    stops.forEach((stop) => stop());
  });
});

describe('refreshCurrentUser', () => {
  it('does not keep the answer of a first fetch that was already on its way when the change happened', async () => {
    const client = new QueryClient();
    let verified = false;
    let release: () => void = () => {};
    let calls = 0;
    const me = observe(client, currentUserQueryKey, async () => {
      calls += 1;
      const answer = { emailVerified: verified }; // read before the change: the server answered early
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
      return answer;
    });
    await settle(); // the first fetch is in flight, with no data yet

    verified = true; // e.g. the verification link was just confirmed
    const refreshed = refreshCurrentUser(client);
    release();
    await refreshed;
    await settle();

    expect(me.observer.getCurrentResult().data).toEqual({ emailVerified: true });
    me.unsubscribe();
  });
});
