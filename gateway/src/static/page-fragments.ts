// What a page's first HTML says of the thing it shows, written by the team that owns it (decision
// 073): for a product page and a category's list page, the catalog's PageHead (title, description,
// canonical address, link preview, schema.org JSON-LD). Asked of the catalog when a page is first served, kept a short
// while, and never waited for long: a page is served without it rather than late.
import { CatalogInternalPaths, InternalHeaders, PageHead, type RemoteModuleId } from '@pl/contracts';
import { callWithFailover, neverReachedService, upstreamSetOf, type Logger, type Upstream } from '@pl/service-kit';

/** A page's head as its team wrote it, and the key its page is kept under (one per version of it). */
export interface PageFragment extends PageHead {
  key: string;
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
}

/** How long a page goes without its fragment after the catalog failed to give it. */
const FAILED_KEEP_MS = 5_000;
const PRODUCT_PAGE = /^\/products\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const CATEGORY = /^[a-z-]{1,40}$/;

/** What a page shows that has a fragment: a product, or a category's list with nothing else asked; its key and where the catalog answers it. */
function targetOf(page: RemoteModuleId | undefined, pathname: string, query: string): { key: string; path: string } | undefined {
  if (page === 'mf_catalog/ProductPage') {
    const id = PRODUCT_PAGE.exec(pathname)?.[1]?.toLowerCase();
    return id ? { key: `product:${id}`, path: CatalogInternalPaths.productPageHead(id) } : undefined;
  }
  if (page === 'mf_catalog/ProductsPage' && query !== '') {
    const params = new URLSearchParams(query);
    const category = params.get('category');
    if ([...params.keys()].length !== 1 || !category || !CATEGORY.test(category)) return undefined;
    return { key: `category:${category}`, path: CatalogInternalPaths.categoryPageHead(category) };
  }
  return undefined;
}

export function createPageFragments(options: PageFragmentsOptions): PageFragments {
  const catalog = upstreamSetOf(options.catalog);
  const now = options.now ?? Date.now;
  const keepMs = options.keepMs ?? 30_000;
  const max = options.max ?? 2_000;
  const origin = new URL(options.publicOrigin);
  const kept = new Map<string, { fragment: PageFragment | null; until: number }>();
  const asking = new Map<string, Promise<PageFragment | null>>();

  const keep = (id: string, fragment: PageFragment | null, forMs = keepMs) => {
    kept.delete(id);
    kept.set(id, { fragment, until: now() + forMs });
    if (kept.size > max) kept.delete(kept.keys().next().value!);
  };

  async function ask(target: { key: string; path: string }, requestId: string): Promise<PageFragment | null> {
    const res = await callWithFailover(
      catalog,
      (base) =>
        fetch(new URL(target.path, base), {
          headers: {
            authorization: `Bearer ${options.internalApiToken}`,
            [InternalHeaders.requestId]: requestId,
            'x-forwarded-proto': origin.protocol.slice(0, -1),
            'x-forwarded-host': origin.host,
          },
          signal: AbortSignal.timeout(5_000),
        }),
      (err) => neverReachedService((err as { cause?: { code?: string } }).cause),
    );
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`the catalog answered ${res.status}`);
    const head = PageHead.parse(await res.json());
    return { ...head, key: `${target.key}:${head.title}:${head.description}:${head.head}` };
  }

  return {
    kept(page, pathname, query) {
      const target = targetOf(page, pathname, query);
      if (!target) return null;
      const entry = kept.get(target.key);
      return entry && entry.until > now() ? entry.fragment : undefined;
    },
    async load(page, pathname, query, requestId) {
      const target = targetOf(page, pathname, query);
      if (!target) return null;
      const id = target.key;
      let pending = asking.get(id);
      if (!pending) {
        pending = ask(target, requestId)
          .then((fragment) => {
            keep(id, fragment);
            return fragment;
          })
          .catch((err: unknown) => {
            options.logger.warn({ reqId: requestId, page: id, err: String(err) }, 'page head not written: the catalog did not answer');
            // Pages are served without it for a few seconds, not each one waiting for a catalog that is down.
            keep(id, null, FAILED_KEEP_MS);
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
