import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { Remotes } from '@pl/contracts';
import { remoteFederationOptions } from '@pl/ui/federation';

// The cart and checkout team's modules and the file of each. What each module is and the props it takes are
// declared once, in packages/contracts/src/remotes/cart-checkout.ts; this list must name
// exactly those modules (the typecheck and packages/ui/build/exposes.test.ts hold it to that). Shared
// singletons and build flags are common to every remote (packages/ui/build/federation.ts).
export default createModuleFederationConfig(
  remoteFederationOptions(Remotes.cartCheckout, {
    './CartButton': './src/exposes/cart-button.tsx',
    './CartPanel': './src/exposes/cart-panel.tsx',
    './AddToCartButton': './src/exposes/add-to-cart-button.tsx',
    './CheckoutPage': './src/exposes/checkout-page.tsx',
  }),
);
