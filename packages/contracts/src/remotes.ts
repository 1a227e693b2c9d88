// Which remote answers which page and what each exposes: plain values, no schema, so the shell's
// first view imports them without zod (decision 025). The schema of the runtime configuration is in
// remotes-config.ts.
import { ApiPaths } from './http.js';

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

/** Every route of spec §2 that a remote's page answers, and that page (ARCHITECTURE.md §2); the shell routes by it. */
export const RemotePages: ReadonlyArray<{ path: string; id: string }> = [
  { path: '/', id: 'mf_catalog/HomePage' },
  { path: '/products', id: 'mf_catalog/ProductsPage' },
  { path: '/products/:id', id: 'mf_catalog/ProductPage' },
  { path: '/categories', id: 'mf_catalog/CategoriesPage' },
  { path: '/locations', id: 'mf_catalog/LocationsPage' },
  { path: '/account', id: 'mf_account/AccountPage' },
  { path: '/account/orders', id: 'mf_account/OrderHistoryPage' },
  // Before /orders/:id, so a reader sees 'lookup' is no order id (the router ranks the static path first anyway).
  { path: '/orders/lookup', id: 'mf_account/OrderLookupPage' },
  { path: '/orders/:id', id: 'mf_account/OrderPage' },
  { path: '/forgot-password', id: 'mf_account/ForgotPasswordPage' },
  { path: '/reset-password', id: 'mf_account/ResetPasswordPage' },
  { path: '/admin', id: 'mf_admin/AdminDashboard' },
  { path: '/admin/orders', id: 'mf_admin/OrderDeskPage' },
  { path: '/admin/orders/:id', id: 'mf_admin/AdminOrderPage' },
  { path: '/checkout', id: 'mf_cart_checkout/CheckoutPage' },
];

/**
 * The remote modules the shell's layout shows on every page (header, cart panel, footer). On a
 * remote page they load after the page's first view is shown (RemoteSlot `afterFirstView`), so
 * they are that page's first view only on the shell's own pages.
 */
export const LayoutRemoteModules = ['mf_cart_checkout/CartButton', 'mf_account/AccountArea', 'mf_cart_checkout/CartPanel', 'mf_catalog/FooterLocations'] as const;

/** Modules a page's first view also loads at once: its cards' add-to-cart buttons. */
export const FirstViewCompanions: Readonly<Record<string, readonly string[]>> = {
  'mf_catalog/HomePage': ['mf_cart_checkout/AddToCartButton'],
  'mf_catalog/ProductsPage': ['mf_cart_checkout/AddToCartButton'],
  'mf_catalog/ProductPage': ['mf_cart_checkout/AddToCartButton'],
};

/**
 * The catalogue read a page's first view starts with, when the page's address alone says which
 * (the catalog team's pages ask exactly these: the bare list, one product). The gateway names it
 * in the page's answer so the browser fetches it while the JavaScript that asks for it arrives.
 * `page`: remotePageOf(pathname), which the caller has already worked out.
 */
export function firstViewDataOf(page: string | undefined, pathname: string, query: string): string | undefined {
  if ((page === 'mf_catalog/HomePage' || page === 'mf_catalog/ProductsPage') && query === '') return ApiPaths.catalog.products;
  if (page === 'mf_catalog/ProductPage') {
    try {
      const id = decodeURIComponent(pathname.replace(/\/+$/, '').split('/').at(-1)!);
      return `${ApiPaths.catalog.products}/${encodeURIComponent(id)}`;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The remote page answering `pathname` (':param' matches one segment), if a remote's page does. */
export function remotePageOf(pathname: string): string | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/');
  return RemotePages.find(({ path }) => {
    const pattern = path.replace(/\/+$/, '').split('/');
    return pattern.length === segments.length && pattern.every((part, i) => part.startsWith(':') ? segments[i] !== '' : part === segments[i]);
  })?.id;
}
export const RemoteNames = Object.values(Remotes).map((r) => r.name) as RemoteName[];

export const REMOTES_CONFIG_PATH = '/runtime/remotes.json';
/**
 * The same configuration inlined in the page the gateway serves, as a JSON data block
 * (`<script type="application/json" id=…>`, never executed), so the shell need not ask for it
 * before loading any remote. REMOTES_CONFIG_PATH stays for a retry (a remote that moved).
 */
export const REMOTES_CONFIG_ELEMENT_ID = 'pl-remotes-config';
