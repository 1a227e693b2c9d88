// The gateway's one call to the cart service: merge a guest's cart into the customer's before a
// sign-in is answered, so the browser's first cart read after it already shows the guest's lines.
// A failure never fails the sign-in: identity's customer.signed-in event merges later (backstop).
import { CartInternalPaths, type MergeGuestCartRequest } from '@pl/contracts';
import { createPeerCaller, PeerUnreachableError, type Logger, type Upstream } from '@pl/service-kit';

export type CartMerger = (request: MergeGuestCartRequest, log: Logger) => Promise<void>;

export function createCartMerger(options: { baseUrl: Upstream; internalApiToken: string; timeoutMs: number }): CartMerger {
  const call = createPeerCaller({ baseUrl: options.baseUrl, token: options.internalApiToken, timeoutMs: options.timeoutMs });
  return async (request, log) => {
    try {
      const answer = await call('POST', CartInternalPaths.merges, { body: request });
      if (!answer.ok) log.warn({ status: answer.status, code: answer.error?.code, customerId: request.customerId }, 'cart merge at sign-in refused; the signed-in event will merge');
    } catch (err) {
      const reason = err instanceof PeerUnreachableError ? 'cart unreachable' : String(err);
      log.warn({ reason, customerId: request.customerId }, 'cart merge at sign-in failed; the signed-in event will merge');
    }
  };
}
