import type { Query } from '@tanstack/react-query';
import { isInventoryQuery, isLiveQuery } from './live-queries';

const query = (...queryKey: unknown[]) => ({ queryKey }) as unknown as Query;

describe('which queries the websocket refreshes', () => {
  it('refreshes products, product details and admin inventory on inventory.updated', () => {
    expect(isInventoryQuery(query('/api/products'))).toBe(true);
    expect(isInventoryQuery(query('/api/products', 'p1'))).toBe(true);
    expect(isInventoryQuery(query('/api/products/p1'))).toBe(true);
    expect(isInventoryQuery(query('/api/admin/inventory'))).toBe(true);
  });

  it('leaves unrelated data alone on inventory.updated', () => {
    expect(isInventoryQuery(query('/api/auth/me'))).toBe(false);
    expect(isInventoryQuery(query('/api/cart'))).toBe(false);
    expect(isInventoryQuery(query('/api/productsX'))).toBe(false);
    expect(isInventoryQuery(query(['not', 'a', 'path']))).toBe(false);
  });

  it('also refreshes the cart (reservations may have expired) after a reconnect', () => {
    expect(isLiveQuery(query('/api/cart'))).toBe(true);
    expect(isLiveQuery(query('/api/products'))).toBe(true);
    expect(isLiveQuery(query('/api/locations'))).toBe(false);
  });
});
