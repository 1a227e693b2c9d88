import { CustomerSignedInData, DomainStream, IdentitySubjects } from '@pl/contracts';
import { consumeDurable, type BackgroundWorker, type NatsConn } from '@pl/service-kit';
import type { CartContext } from '../domain/cart-context.js';
import { mergeGuestCart } from '../domain/merge-carts.js';

/**
 * Merges a guest's cart into the customer's on every customer.signed-in (durable: none is missed
 * while the cart is down). The gateway has usually merged already (internal API); this is the backstop.
 */
export function startSignedInConsumer(ctx: CartContext, nats: NatsConn, options: { stream?: string; subject?: string; durable?: string } = {}): Promise<BackgroundWorker> {
  return consumeDurable(nats, {
    stream: options.stream ?? DomainStream.name,
    durable: options.durable ?? 'cart-merge-on-sign-in',
    subject: options.subject ?? IdentitySubjects.signedIn,
    logger: ctx.logger,
    handler: async (envelope) => {
      const { customerId, previousSubject } = CustomerSignedInData.parse(envelope.data);
      if (previousSubject) await mergeGuestCart(ctx, { guestSubject: previousSubject, customerId });
    },
  });
}
