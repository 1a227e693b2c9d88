// The cart team's order desk behind the real gateway and identity, with the real cart service (and
// its catalog) behind it: /api/admin/orders reaches the cart, not pos-sync, and a guest gets 401, a
// customer 403, an admin the service's answer (refused by the gateway first, and by the service
// itself: services/cart/test/order-desk.test.ts).
import { randomUUID } from 'node:crypto';
import { AdminOrderCounts, AdminOrderList, AdminOrderPaths } from '@pl/contracts';
import { createTokenVerifier, type TokenVerifier } from '@pl/service-kit';
import { startCartWithCatalog, type CartTestApp } from '../../services/cart/test/cart-test-app';
import { adminMatrix } from './support/admin-matrix';
import { startAuthStack, type AuthStack } from './support/auth-stack';

describe('order desk routes through the gateway', () => {
  let cart: CartTestApp;
  let stack: AuthStack;

  beforeAll(async () => {
    // The cart must trust the gateway's signing key, which exists only once the gateway has started.
    let gatewayKeys: TokenVerifier | undefined;
    cart = await startCartWithCatalog({}, { verifier: { verify: (token) => gatewayKeys!.verify(token) } });
    stack = await startAuthStack({ gatewayEnv: { CART_URL: cart.cart.url } });
    gatewayKeys = createTokenVerifier({ keySet: { keys: [stack.keys.publicJwk] } });
  });
  afterAll(async () => {
    await stack?.stop();
    await cart?.stop();
  });

  it('lists and counts orders for admins only', async () => {
    const list = await adminMatrix(stack.url, AdminOrderPaths.orders, 'GET');
    expect(AdminOrderList.parse(await list.admin.json())).toEqual({ data: [], total: 0 });
    const counts = await adminMatrix(stack.url, AdminOrderPaths.counts, 'GET');
    expect(AdminOrderCounts.parse(await counts.admin.json())).toEqual([]);
  });

  it('reaches the cart with every order route (an unknown order: the cart\'s 404), for admins only', async () => {
    const id = randomUUID();
    for (const [path, method, body] of [
      [AdminOrderPaths.order(id), 'GET', undefined],
      [AdminOrderPaths.ready(id), 'POST', {}],
      [AdminOrderPaths.pickedUp(id), 'POST', { idChecked: true }],
      [AdminOrderPaths.shipped(id), 'POST', { carrier: 'UPS', trackingNumber: 'ABC123' }],
      [AdminOrderPaths.delivered(id), 'POST', {}],
      [AdminOrderPaths.cancel(id), 'POST', { reason: 'Damaged' }],
      [AdminOrderPaths.receiveReturn(id), 'POST', { lines: [{ index: 0, units: [{ outcome: 'unsellable' }] }] }],
    ] as const) {
      const result = await adminMatrix(stack.url, path, method, { body, adminStatus: 404 });
      expect(await result.admin.json()).toEqual({ message: 'Order not found', code: 'NOT_FOUND' });
    }
  });
});
