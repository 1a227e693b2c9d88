// The cart-checkout team's pages as they present themselves (decision 071), beside its contract (cart-checkout.ts) and
// apart from it: every remote's bundle holds the contract, these texts only the shell's navigation
// and the gateway.
import type { PagesOf } from '../remote-contract.js';
import type { cartCheckoutRemote } from './cart-checkout.js';

/** What each of these pages says of itself before its data (decision 071): the shell's and the gateway's to show. */
export const cartCheckoutPages: PagesOf<typeof cartCheckoutRemote> = {
  CheckoutPage: { title: 'Checkout' },
};
