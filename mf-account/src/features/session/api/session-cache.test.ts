import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { clearCustomerData, refreshCurrentUser } from './session-cache';

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

function observe(client: QueryClient, key: string, queryFn: () => Promise<unknown>) {
  const observer = new QueryObserver(client, { queryKey: [key], queryFn, staleTime: Infinity, retry: false });
  const unsubscribe = observer.subscribe(() => {});
  return { observer, unsubscribe };
}

describe('clearCustomerData (sign-out)', () => {
  it('makes the current user a guest, refetches what is on screen and drops everything else', async () => {
    const client = new QueryClient();
    let signedIn = true;
    let cartVersion = 0;
    const me = observe(client, '/api/auth/me', async () => (signedIn ? { username: 'dana' } : null));
    const cart = observe(client, '/api/cart', async () => ({ version: ++cartVersion }));
    const orders = observe(client, '/api/orders', async () => [{ id: 'o1' }]);
    await settle();
    orders.unsubscribe(); // the order page was left earlier: its data sits unused in the cache
    expect(me.observer.getCurrentResult().data).toEqual({ username: 'dana' });

    signedIn = false;
    await clearCustomerData(client);
    await settle();

    expect(me.observer.getCurrentResult().data).toBeNull();
    expect(cart.observer.getCurrentResult().data).toEqual({ version: 2 });
    expect(client.getQueryData(['/api/orders'])).toBeUndefined();
  });
});

describe('refreshCurrentUser', () => {
  it('does not keep the answer of a first fetch that was already on its way when the change happened', async () => {
    const client = new QueryClient();
    let verified = false;
    let release: () => void = () => {};
    let calls = 0;
    const me = observe(client, '/api/auth/me', async () => {
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
