import { z } from 'zod';

/** Module Federation names of the four remotes and the modules each one exposes. */
export const Remotes = {
  catalog: {
    name: 'mf_catalog',
    exposes: ['HomePage', 'ProductsPage', 'ProductPage', 'CategoriesPage', 'LocationsPage', 'ProductCard', 'FooterLocations'],
  },
  cartCheckout: {
    name: 'mf_cart_checkout',
    exposes: ['CartButton', 'CartPanel', 'AddToCartButton', 'CheckoutPage'],
  },
  account: {
    name: 'mf_account',
    exposes: ['AccountArea', 'AccountPage', 'ForgotPasswordPage', 'ResetPasswordPage', 'OrderHistoryPage', 'OrderPage', 'OrderLookupPage'],
  },
  admin: { name: 'mf_admin', exposes: ['AdminDashboard', 'OrderDeskPage', 'AdminOrderPage'] },
} as const;

export type RemoteName = (typeof Remotes)[keyof typeof Remotes]['name'];
export const RemoteNames = Object.values(Remotes).map((r) => r.name) as RemoteName[];

/** Served by the gateway at REMOTES_CONFIG_PATH: where each remote's manifest lives right now. */
export const RemotesConfig = z.object({
  remotes: z.array(z.object({ name: z.string(), entry: z.url() })),
});
export type RemotesConfig = z.infer<typeof RemotesConfig>;
export const REMOTES_CONFIG_PATH = '/runtime/remotes.json';
/**
 * The same configuration inlined in the page the gateway serves, as a JSON data block
 * (`<script type="application/json" id=…>`, never executed), so the shell need not ask for it
 * before loading any remote. REMOTES_CONFIG_PATH stays for a retry (a remote that moved).
 */
export const REMOTES_CONFIG_ELEMENT_ID = 'pl-remotes-config';
