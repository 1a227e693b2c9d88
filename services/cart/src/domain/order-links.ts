// The key in an order e-mail's link that opens the order without an account (a guest's order, on
// any device): HMAC-SHA256 of the order id under ORDER_LINK_SECRET, so nothing is stored and every
// event about the order can carry it. Whoever has the link sees that one order, as its owner would.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface OrderLinks {
  keyOf(orderId: string): string;
  /** True when `key` is this order's key (compared in constant time). */
  opens(orderId: string, key: string): boolean;
}

export function createOrderLinks(secret: string): OrderLinks {
  const keyOf = (orderId: string) => createHmac('sha256', secret).update(`order-link:${orderId}`).digest('base64url');
  return {
    keyOf,
    opens(orderId, key) {
      const expected = Buffer.from(keyOf(orderId));
      const given = Buffer.from(key);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
