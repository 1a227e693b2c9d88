import type { CheckoutDetailsPayload } from '@pl/contracts';
import { AppError, badRequest } from '@pl/service-kit';
import { saveCheckoutOf } from '../db/carts.repo.js';
import type { CartContext } from './cart-context.js';
import { CartErrorCodes } from './error-codes.js';

/** PUT /api/cart/checkout: a pickup location must exist; a guest must give an e-mail (a customer's order goes to the account). */
export async function saveCheckoutDetails(ctx: CartContext, subject: string, kind: 'guest' | 'customer', details: CheckoutDetailsPayload): Promise<void> {
  if (kind === 'guest' && !details.email) throw badRequest('Please enter your e-mail address', CartErrorCodes.emailRequired);
  if (details.fulfilment.type === 'pickup' && !(await ctx.catalog.isLocation(details.fulfilment.locationId))) {
    throw new AppError(422, CartErrorCodes.unknownLocation, 'Please choose one of our pickup locations');
  }
  await saveCheckoutOf(ctx.pool, subject, details);
}
