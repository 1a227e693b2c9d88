import { CartInternalPaths, InternalOrderLookupResult } from '@pl/contracts';
import { createPeerCaller } from '@pl/service-kit';

/** Identity's way to the cart: which order has a number (the order lookup's mail). */
export interface CartClient {
  orderByNumber(number: string): Promise<InternalOrderLookupResult['order']>;
}

export function createCartClient(options: { baseUrl: string | readonly string[]; token: string }): CartClient {
  const call = createPeerCaller({ ...options, timeoutMs: 5000 });
  return {
    async orderByNumber(number) {
      const answer = await call('POST', CartInternalPaths.orderLookup, { body: { number } });
      if (!answer.ok) throw new Error(`cart order lookup answered ${answer.status}`);
      return InternalOrderLookupResult.parse(answer.json).order;
    },
  };
}
