// What a page's first HTML says of the thing it shows, written by the team that owns it (decision
// 073): for a product page and a category's list page, the catalog's PageHead (title, description,
// canonical address, link preview, schema.org JSON-LD). Asked of the catalog when a page is first served, kept a short
// while, and never waited for long: a page is served without it rather than late.
import { createHash } from 'node:crypto';
import { ApiPaths, CatalogInternalPaths, FIRST_VIEW_ELEMENT_ID, pageInfoOf, SHOP_DESCRIPTION, firstViewDataOf, InternalHeaders, PageHead, type FirstViewAnswer, type RemoteModuleId, type RemotePageId } from '@pl/contracts';
import { callWithFailover, neverReachedService, upstreamSetOf, type Logger, type Upstream } from '@pl/service-kit';
import type { FirstViews } from './first-views.js';
import { inScriptElement } from './page-head.js';

/** A page's head as its team wrote it, and the key its page is kept under (one per version of it). */
export interface PageFragment extends PageHead {
  key: string;
  /**
   * The page's first screen, rendered on the server (decision 076): the markup of its main
   * element, and the JSON data block of the answers it was rendered from (for the page's head).
   */
  firstView?: { markup: string; data: string; stylesFrom?: string };
}

export interface PageFragments {
  /** The kept fragment of the page at `pathname` and `query` (without '?'): null when it has none, undefined when it is not known now. */
  kept(page: RemoteModuleId | undefined, pathname: string, query: string): PageFragment | null | undefined;
  /** The fragment of that page, asked for if not kept (null when it has none, or the catalog did not answer in time). */
  load(page: RemoteModuleId | undefined, pathname: string, query: string, requestId: string): Promise<PageFragment | null>;
}

export interface PageFragmentsOptions {
  catalog: Upstream;
  internalApiToken: string;
  /** The shop's origin, which the catalog writes its absolute URLs with. */
  publicOrigin: string;
  logger: Logger;
  /** How long a page waits for its fragment (default 400 ms); a slower answer is still kept for the next. */
  waitMs?: number;
  /** How long a fragment is kept (default 30 s: a price or stock change shows within the minute). */
  keepMs?: number;
  /** Most fragments kept (default 2,000, oldest dropped first). */
  max?: number;
  now?: () => number;
  /** The renderers of server-rendered pages' first screens; without them no page has one. */
  firstViews?: FirstViews;
  /**
   * The catalogue's changes as this gateway hears of them (edge-cache.ts `changes`): a page whose
   * first screen was rendered before the latest is made again, so no page shows stock or a price
   * older than the last change. Without it, such a page is kept as long as any fragment.
   */
  changes?: () => number;
}

/** How long a page goes without its fragment after the catalog failed to give it. */
const FAILED_KEEP_MS = 5_000;
const PRODUCT_PAGE = /^\/products\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const CATEGORY = /^[a-z-]{1,40}$/;

/**
 * What a page shows that has a fragment, its key and where the catalog answers its head: a
 * product, or a category's list with nothing else asked. The home page and the unfiltered list
 * have a fragment only for their first screen (their head is their contract's, page-head.ts).
 */
function targetOf(page: RemoteModuleId | undefined, pathname: string, query: string, renders: (page: RemotePageId) => boolean): Target | undefined {
  // A first screen is rendered for the address as asked: the browser's page compares it with its own.
  const asked = (canonical: string) => (pathname === canonical ? '' : `:${pathname}`);
  if (page === 'mf_catalog/ProductPage') {
    const id = PRODUCT_PAGE.exec(pathname)?.[1]?.toLowerCase();
    return id ? { key: `product:${id}${asked(`/products/${id}`)}`, path: CatalogInternalPaths.productPageHead(id), page, location: pathname, read: firstViewDataOf(page, pathname, '') } : undefined;
  }
  // Whatever its query (a campaign's tag), the home page is the same.
  if (page === 'mf_catalog/HomePage' && renders(page)) return { key: `home${asked('/')}`, page, location: pathname, read: ApiPaths.catalog.products };
  if (page === 'mf_catalog/ProductsPage' && query === '') return renders(page) ? { key: `products${asked('/products')}`, page, location: pathname, read: ApiPaths.catalog.products } : undefined;
  if (page === 'mf_catalog/ProductsPage') {
    const params = new URLSearchParams(query);
    const category = params.get('category');
    if ([...params.keys()].length !== 1 || !category || !CATEGORY.test(category)) return undefined;
    const search = `category=${category}`;
    return {
      key: `category:${category}${asked('/products')}`,
      path: CatalogInternalPaths.categoryPageHead(category),
      page,
      location: `${pathname}?${search}`,
      read: `${ApiPaths.catalog.products}?${search}`,
    };
  }
  return undefined;
}

interface Target {
  key: string;
  /** Where the catalog answers the page's head (none: the contract's, as page-head.ts wrote it). */
  path?: string;
  /** For a page whose first screen may be rendered here: the page, where it is (path only) and the catalogue read it shows. */
  page?: RemotePageId;
  location?: string;
  read?: string;
}

export function createPageFragments(options: PageFragmentsOptions): PageFragments {
  const catalog = upstreamSetOf(options.catalog);
  const now = options.now ?? Date.now;
  const keepMs = options.keepMs ?? 30_000;
  const max = options.max ?? 2_000;
  const origin = new URL(options.publicOrigin);
  /** Each page's fragment, until when it is kept, and the catalogue's changes when it was asked for. */
  const kept = new Map<string, { fragment: PageFragment | null; until: number; changes: number }>();
  const changes = options.changes ?? (() => 0);
  const renders = (page: RemotePageId) => options.firstViews?.renders(page) ?? false;
  const asking = new Map<string, Promise<PageFragment | null>>();

  const keep = (id: string, fragment: PageFragment | null, asked: number, forMs = keepMs) => {
    kept.delete(id);
    kept.set(id, { fragment, until: now() + forMs, changes: asked });
    if (kept.size > max) kept.delete(kept.keys().next().value!);
  };

  /** A GET of the catalog at `path`, as the shop's public origin: an internal one (the token), or a public read (as a visitor without a session). */
  const get = (path: string, requestId: string, internal = true) =>
    callWithFailover(
      catalog,
      (base) =>
        fetch(new URL(path, base), {
          headers: {
            ...(internal ? { authorization: `Bearer ${options.internalApiToken}` } : {}),
            [InternalHeaders.requestId]: requestId,
            'x-forwarded-proto': origin.protocol.slice(0, -1),
            'x-forwarded-host': origin.host,
          },
          signal: AbortSignal.timeout(5_000),
        }),
      (err) => neverReachedService((err as { cause?: { code?: string } }).cause),
    );

  async function ask(target: Target, requestId: string): Promise<PageFragment | null> {
    const firstViews = options.firstViews;
    const rendered = target.page !== undefined && target.read !== undefined && firstViews?.renders(target.page);
    const [res, answer] = await Promise.all([target.path === undefined ? undefined : get(target.path, requestId), rendered ? readAnswer(target.read!, requestId) : undefined]);
    if (res?.status === 404) return null;
    if (res && !res.ok) throw new Error(`the catalog answered ${res.status}`);
    const head = res ? PageHead.parse(await res.json()) : contractHeadOf(target.page);
    const firstView = answer && firstViews && target.location ? await firstViewOf(firstViews, target as Required<Target>, answer) : undefined;
    // The page's bytes are kept by key: a new answer, or the same drawn anew (a renderer deployed, the payment mode), is a new page.
    const version = firstView ? createHash('sha256').update(firstView.data).update(firstView.markup).digest('base64url').slice(0, 16) : '';
    return { ...head, firstView, key: `${target.key}:${head.title}:${head.description}:${head.head}:${version}` };
  }

  /** A page's head as its team's contract declares it, for a page the catalog writes none for. */
  function contractHeadOf(page: RemoteModuleId | undefined): PageHead {
    const info = page && pageInfoOf(page);
    return { title: info?.title ?? '', description: info?.description ?? SHOP_DESCRIPTION, head: '' };
  }

  /** The catalog's public answer to `read`, when it gives one (a page is still served without it). */
  async function readAnswer(read: string, requestId: string): Promise<FirstViewAnswer | undefined> {
    try {
      const res = await get(read, requestId, false);
      if (!res.ok) return undefined;
      return { read, body: (await res.json()) as unknown, at: now() };
    } catch (err) {
      options.logger.warn({ reqId: requestId, read, err: String(err) }, 'first view not rendered: the catalog did not answer its read');
      return undefined;
    }
  }

  /** The page's first screen from `answer`, and the data block that carries the answer to the browser. */
  async function firstViewOf(firstViews: FirstViews, target: Required<Target>, answer: FirstViewAnswer): Promise<PageFragment['firstView']> {
    const markup = await firstViews.render(target.page, target.location, [answer]);
    if (markup === null) return undefined;
    const data = `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">${inScriptElement({ location: target.location, answers: [answer] })}</script>`;
    return { markup, data, stylesFrom: firstViews.originOf(target.page) };
  }

  return {
    kept(page, pathname, query) {
      const target = targetOf(page, pathname, query, renders);
      if (!target) return null;
      const entry = kept.get(target.key);
      if (!entry || entry.until <= now()) return undefined;
      // A first screen shows stock and prices: one rendered before the latest change is made again.
      if (entry.fragment?.firstView && entry.changes !== changes()) return undefined;
      return entry.fragment;
    },
    async load(page, pathname, query, requestId) {
      const target = targetOf(page, pathname, query, renders);
      if (!target) return null;
      const id = target.key;
      let pending = asking.get(id);
      if (!pending) {
        const asked = changes();
        pending = ask(target, requestId)
          .then((fragment) => {
            // A first screen wanted but not rendered (its renderer not loaded yet, the catalog slow) is tried again soon.
            const wanted = target.page !== undefined && target.read !== undefined && renders(target.page);
            keep(id, fragment, asked, fragment && wanted && !fragment.firstView ? FAILED_KEEP_MS : keepMs);
            return fragment;
          })
          .catch((err: unknown) => {
            options.logger.warn({ reqId: requestId, page: id, err: String(err) }, 'page head not written: the catalog did not answer');
            // Pages are served without it for a few seconds, not each one waiting for a catalog that is down.
            keep(id, null, asked, FAILED_KEEP_MS);
            return null;
          })
          .finally(() => asking.delete(id));
        asking.set(id, pending);
      }
      const waitMs = options.waitMs ?? 400;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMs);
      });
      try {
        return await Promise.race([pending, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
