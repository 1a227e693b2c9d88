import { createOrderLinks } from './order-links';

describe('order links', () => {
  it("opens an order with its own key only, and the key depends on the secret", () => {
    const links = createOrderLinks('s'.repeat(32));
    const key = links.keyOf('order-1');
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.opens('order-1', key)).toBe(true);
    expect(links.opens('order-2', key)).toBe(false);
    expect(links.opens('order-1', key.slice(0, -1))).toBe(false);
    expect(links.opens('order-1', '')).toBe(false);
    expect(createOrderLinks('t'.repeat(32)).keyOf('order-1')).not.toBe(key);
  });
});
