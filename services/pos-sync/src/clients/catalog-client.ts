// pos-sync's only way to the catalog: its internal API (product and stock writes, which units an
// order took, a manifest batch's items) behind INTERNAL_API_TOKEN, and the public list of the shop's locations.
import {
  ApiPaths,
  CatalogInternalPaths,
  Location,
  MANIFEST_RECEIVED_PAGE,
  ManifestReceivedItems,
  OrderAllocations,
  SetStockResult,
  UpsertProductBatchResult,
  type ManifestReceivedItem,
  type ManifestReceivedQuery,
  type SetStockRequest,
  type UpsertProductRequest,
} from '@pl/contracts';
import { createPeerCaller, PeerUnreachableError } from '@pl/service-kit';
import { z } from 'zod';

/** A failed catalog call. `status` is the catalog's answer (undefined: no answer); `code` its error code. */
export class CatalogError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'CatalogError';
  }

  /** Whether repeating the same call later may succeed (the catalog down or failing, not refusing). */
  get transient(): boolean {
    return this.status === undefined || this.status >= 500 || this.status === 429;
  }
}

export type UpsertOutcome = UpsertProductBatchResult['results'][number];

export interface CatalogClient {
  locationIds(): Promise<Set<string>>;
  setStock(request: SetStockRequest): Promise<SetStockResult>;
  /** One result per product, in order (each product is its own transaction in the catalog). */
  upsertProducts(products: UpsertProductRequest[]): Promise<UpsertOutcome[]>;
  /** undefined when the order committed nothing. */
  orderAllocations(orderId: string): Promise<OrderAllocations | undefined>;
  /** The items of a manifest's batch at a location (manifest.received version 2), asked a page at a time. */
  manifestReceived(manifestId: string, query: Omit<ManifestReceivedQuery, 'limit'>): Promise<ManifestReceivedItem[]>;
}

export function createCatalogClient(options: { baseUrl: string | readonly string[]; token: string; timeoutMs?: number }): CatalogClient {
  const request = createPeerCaller({ ...options, timeoutMs: options.timeoutMs ?? 30_000 });

  async function call<T>(method: string, path: string, parse: (v: unknown) => T, body?: unknown, internal = true): Promise<T | undefined> {
    let answer;
    try {
      answer = await request(method, path, { body, internal });
    } catch (err) {
      if (!(err instanceof PeerUnreachableError)) throw err;
      throw new CatalogError('The catalog is not reachable right now');
    }
    if (answer.ok) {
      try {
        return parse(answer.json);
      } catch {
        throw new CatalogError(`The catalog answered ${method} ${path} with something unexpected`, 502);
      }
    }
    if (answer.status === 404 && method === 'GET' && internal) return undefined;
    throw new CatalogError(answer.error?.message ?? `The catalog answered ${answer.status}`, answer.status, answer.error?.code);
  }
  const required = async <T>(...args: Parameters<typeof call<T>>): Promise<T> => {
    const result = await call(...args);
    if (result === undefined) throw new CatalogError('The catalog answered 404', 404);
    return result;
  };

  return {
    async locationIds() {
      return new Set(await required('GET', ApiPaths.catalog.locations, (v) => z.array(Location.pick({ id: true })).parse(v).map((l) => l.id), undefined, false));
    },
    setStock: (request) => required('PUT', CatalogInternalPaths.stock, (v) => SetStockResult.parse(v), request),
    async upsertProducts(products) {
      const { results } = await required('PUT', CatalogInternalPaths.productsBatch, (v) => UpsertProductBatchResult.parse(v), { products });
      if (results.length !== products.length) throw new CatalogError(`The catalog answered ${results.length} results for ${products.length} products`);
      return results;
    },
    orderAllocations: (orderId) => call('GET', CatalogInternalPaths.orderAllocations(orderId), (v) => OrderAllocations.parse(v)),
    async manifestReceived(manifestId, query) {
      const items: ManifestReceivedItem[] = [];
      let after: number | null = query.after;
      while (after !== null) {
        const search = new URLSearchParams({ locationId: query.locationId, after: String(after), upTo: String(query.upTo), limit: String(MANIFEST_RECEIVED_PAGE) });
        const page: ManifestReceivedItems = await required('GET', `${CatalogInternalPaths.manifestReceived(manifestId)}?${search}`, (v) => ManifestReceivedItems.parse(v));
        items.push(...page.items);
        after = page.next;
      }
      return items;
    },
  };
}
