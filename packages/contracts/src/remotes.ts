// Which remote answers which page and what each exposes: plain values, no schema, so the shell's
// first view imports them without zod (decision 025). The schema of the runtime configuration is in
// remotes-config.ts.
import { ApiPaths } from './http.js';
import type { Exposed, ModuleIdsOf, NoProps } from './remote-contract.js';
import { accountRemote } from './remotes/account.js';
import { adminRemote } from './remotes/admin.js';
import { cartCheckoutRemote } from './remotes/cart-checkout.js';
import { catalogRemote } from './remotes/catalog.js';

export type { AddToCartButtonProps } from './remotes/cart-checkout.js';
// Each team's own contract alone too: a remote naming only its own imports none of the others.
export { accountRemote, adminRemote, cartCheckoutRemote, catalogRemote };
export type { OrderPlacedProps } from './remotes/account.js';

/**
 * The four remotes' public contracts, each declared by its team in remotes/<team>.ts: the
 * federation name and every exposed module with its props (decision 036).
 */
export const Remotes = {
  catalog: catalogRemote,
  cartCheckout: cartCheckoutRemote,
  account: accountRemote,
  admin: adminRemote,
} as const;

type AnyRemote = (typeof Remotes)[keyof typeof Remotes];
export type RemoteName = AnyRemote['name'];

/** Every module a remote exposes, by id: "<remote name>/<exposed name>". */
export type RemoteModuleId = ModuleIdsOf<AnyRemote>;

/** The props the component of module `Id` takes, as its team declared them. */
export type RemotePropsOf<Id extends RemoteModuleId> = Id extends `${infer N}/${infer M}`
  ? Extract<AnyRemote, { name: N }>['exposes'] extends infer E
    ? M extends keyof E
      ? E[M] extends Exposed<infer P>
        ? P
        : never
      : never
    : never
  : never;

/** A module that can answer a route: one that takes no props (a page reads its address). */
export type RemotePageId = { [Id in RemoteModuleId]: RemotePropsOf<Id> extends NoProps ? Id : never }[RemoteModuleId];

/** Every route of spec §2 that a remote's page answers, and that page (ARCHITECTURE.md §2); the shell routes by it. */
export const RemotePages: ReadonlyArray<{ path: string; id: RemotePageId }> = [
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
  { path: '/admin/intake', id: 'mf_admin/IntakeDeskPage' },
  { path: '/admin/intake/:productId', id: 'mf_admin/IntakeListingPage' },
  { path: '/admin/manifests', id: 'mf_admin/ManifestsPage' },
  { path: '/admin/manifests/:manifestId', id: 'mf_admin/ManifestPage' },
  { path: '/admin/markdowns', id: 'mf_admin/MarkdownsPage' },
  { path: '/admin/audit', id: 'mf_admin/AuditLogPage' },
  { path: '/admin/reports', id: 'mf_admin/ReportsPage' },
  { path: '/checkout', id: 'mf_cart_checkout/CheckoutPage' },
];

/**
 * The remote modules the shell's layout shows on every page (header, cart panel, footer). On a
 * remote page they load after the page's first view is shown (RemoteSlot `afterFirstView`), so
 * they are that page's first view only on the shell's own pages.
 */
export const LayoutRemoteModules = ['mf_cart_checkout/CartButton', 'mf_account/AccountArea', 'mf_cart_checkout/CartPanel', 'mf_catalog/FooterLocations'] as const satisfies readonly RemoteModuleId[];

/** Modules a page's first view also loads at once: its cards' add-to-cart buttons. */
export const FirstViewCompanions: Readonly<Partial<Record<RemoteModuleId, readonly RemoteModuleId[]>>> = {
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

/**
 * The reads a module starts on its first render whatever the address says, beyond the catalogue
 * read (firstViewDataOf): a product page's stock per store names the stores; the cart team's button
 * asks whether this shopper already holds the item. The gateway names them in the answer of a page
 * that shows the module at once (the page's module and its FirstViewCompanions), so the browser
 * fetches them with the page's JavaScript, not after it has run.
 */
const FirstRenderReads: Readonly<Partial<Record<RemoteModuleId, readonly string[]>>> = {
  'mf_catalog/ProductPage': [ApiPaths.catalog.locations],
  'mf_cart_checkout/AddToCartButton': [ApiPaths.cart.cart],
};

/**
 * What the shell's layout reads on every page, whatever it shows: whether payments are real (its
 * test-mode banner, decision 042). The first render waits for it briefly, so the banner is in the
 * first paint rather than pushing the page down after it.
 */
export const LayoutReads: readonly string[] = [ApiPaths.cart.paymentMode];

/** The reads of the first view of the page showing `page` (none: a page of the shell's own) that its address does not decide (see FirstRenderReads), and the layout's. */
export function firstViewReadsOf(page: RemoteModuleId | undefined): string[] {
  const modules = page ? [page, ...(FirstViewCompanions[page] ?? [])] : [];
  return [...new Set([...modules.flatMap((id) => FirstRenderReads[id] ?? []), ...LayoutReads])];
}

/** The remote page answering `pathname` (':param' matches one segment), if a remote's page does. */
export function remotePageOf(pathname: string): RemotePageId | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/');
  return RemotePages.find(({ path }) => {
    const pattern = path.replace(/\/+$/, '').split('/');
    return pattern.length === segments.length && pattern.every((part, i) => part.startsWith(':') ? segments[i] !== '' : part === segments[i]);
  })?.id;
}

/** The shop's name, last in every document title. */
export const SHOP_NAME = 'Professional Liquidation';
/** The shop's meta description, on every page that declares none of its own. */
export const SHOP_DESCRIPTION = 'Inspected, condition-graded returns and overstock at liquidation prices.';

/** A document's title for a page titled `title` ('Checkout | Professional Liquidation'); the shop's name alone without one. */
export const documentTitleOf = (title: string | undefined): string => (title ? `${title} | ${SHOP_NAME}` : SHOP_NAME);

export const RemoteNames = Object.values(Remotes).map((r) => r.name) as RemoteName[];

export const REMOTES_CONFIG_PATH = '/runtime/remotes.json';
/**
 * The same configuration inlined in the page the gateway serves, as a JSON data block
 * (`<script type="application/json" id=…>`, never executed), so the shell need not ask for it
 * before loading any remote. REMOTES_CONFIG_PATH stays for a retry (a remote that moved).
 */
export const REMOTES_CONFIG_ELEMENT_ID = 'pl-remotes-config';

/**
 * The first screen of some pages comes rendered in the page's first HTML (decision 076): the team
 * whose page it is builds a renderer for Node beside its remote (FIRST_VIEW_RENDERER_FILE, next to
 * its manifest), and the gateway loads it from there, so a remote deployed anew renders anew. The
 * gateway writes the markup into the page's main element and, as a JSON data block
 * (FIRST_VIEW_ELEMENT_ID), the catalogue answers it was rendered from, which the page's first
 * render in the browser reads instead of asking again (so it draws the same thing).
 */
export const FIRST_VIEW_ELEMENT_ID = 'pl-first-view';
export const FIRST_VIEW_RENDERER_FILE = 'server/first-view.mjs';

/** One read's answer a first view was rendered from: its API path, its JSON body and when it was read (epoch ms). */
export interface FirstViewAnswer {
  read: string;
  body: unknown;
  at: number;
}

/** What the gateway asks a team's first-view renderer: the page, where it was opened (path and search) and the answers. */
export interface FirstViewRequest {
  page: RemotePageId;
  location: string;
  answers: readonly FirstViewAnswer[];
}

/** The module at FIRST_VIEW_RENDERER_FILE: the page's first screen as HTML, or null when it renders none for this request. */
export interface FirstViewRenderer {
  renderFirstView(request: FirstViewRequest): string | null;
}

/** What the gateway asks the shell's layout renderer (at FIRST_VIEW_RENDERER_FILE in the shell's build): the layout around a page's first screen. */
export interface FirstViewLayoutRequest {
  location: string;
  page: RemotePageId;
  /** The page's first screen as its team rendered it. */
  pageMarkup: string;
  /** Whether payments are in test mode (the cart's answer), or undefined when it is not known: no banner then, as in the browser. */
  testMode: boolean | undefined;
}

/** The shell's module at FIRST_VIEW_RENDERER_FILE: the inside of a page's #root, the layout with the page's first screen in its main element. */
export interface FirstViewLayoutRenderer {
  renderLayout(request: FirstViewLayoutRequest): string;
}

/** The pages whose first screen is rendered on the server (their remote publishes a renderer). */
export const ServerRenderedPages: readonly RemotePageId[] = ['mf_catalog/HomePage', 'mf_catalog/ProductsPage', 'mf_catalog/ProductPage'];

/** What the shop reads of a remote's Module Federation manifest (mf-manifest.json). */
export interface RemoteManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ name?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

/** A file named in the manifest at `manifestUrl`, as an absolute URL (publicPath 'auto': beside the manifest). */
export function manifestAssetUrl(manifest: RemoteManifest, manifestUrl: string, file: string): string {
  const publicPath = manifest.metaData?.publicPath;
  return new URL(file, publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl) : new URL('.', manifestUrl)).href;
}

/** The script URL of the remote's entry (remoteEntry.js) named by its manifest, or undefined if it names none. */
export function remoteEntryUrlOf(manifest: RemoteManifest, manifestUrl: string): string | undefined {
  const entry = manifest.metaData?.remoteEntry;
  return entry?.name ? manifestAssetUrl(manifest, manifestUrl, `${entry.path ? `${entry.path.replace(/\/+$/, '')}/` : ''}${entry.name}`) : undefined;
}

/** True when a configured entry is a manifest to read, not the entry script itself. */
export const isManifestEntry = (entry: string): boolean => new URL(entry).pathname.endsWith('.json');
