import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { clearCustomerData } from './session-cache';

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
