// The cart's only way to the catalog: its internal API (variants, holds) and the public locations
// list. Catalog refusals (409 with a shopper-facing message, 404 unknown sku) become AppErrors
// with the catalog's own message and code, so the shopper reads exactly what the catalog decided.
import { ApiPaths, CatalogInternalPaths, CommittedHold, ErrorCodes, Hold, type CreateHoldRequest, Location, LookupHoldsResult, MAX_PRICE_SKUS, OrderAllocations, VariantInfo, type VariantInfoQuery, VariantPrices } from '@pl/contracts';
import { AppError, createPeerCaller, PeerUnreachableError } from '@pl/service-kit';
import { z } from 'zod';

export interface CatalogClient {
  /** With `ask`: also whether `qty` units could be held for `holder` now (VariantInfo.refusal). */
  variant(sku: string, ask?: VariantInfoQuery): Promise<VariantInfo>;
  /** What the variants with these skus cost now (those on sale; others left out), asked in chunks the catalog takes. */
  prices(skus: readonly string[]): Promise<VariantPrices['variants']>;
  createHold(request: CreateHoldRequest): Promise<Hold>;
  extendHold(id: string, ttlSeconds: number): Promise<Hold>;
  releaseHold(id: string): Promise<Hold>;
  /** Takes the units as the order's; answers where they were taken from. */
  commitHold(id: string, orderId: string): Promise<CommittedHold>;
  /** The holds with these ids as the catalog has them now (unknown ids left out). */
  lookupHolds(ids: readonly string[]): Promise<Hold[]>;
  /** Which units of which location the order took (its committed holds). */
  orderAllocations(orderId: string): Promise<OrderAllocations['lines']>;
  /** The stores' ids, as kept here for LOCATIONS_KEPT_MS. */
  locationIds(): Promise<string[]>;
  /** Whether `id` is one of the stores: the kept list, asked again when it does not have the id. */
  isLocation(id: string): Promise<boolean>;
}

/**
 * The stores are seeded when the catalog starts and change with a deploy, not with traffic; every
 * checkout's details named one, and asking the catalog each time was a request and a statement of
 * its own. A store added since is found by asking again; one removed is accepted for this long.
 */
const LOCATIONS_KEPT_MS = 60_000;

const TIMEOUT_MS = 5000;

export function createCatalogClient(options: { baseUrl: string | readonly string[]; token: string }): CatalogClient {
  const request = createPeerCaller({ ...options, timeoutMs: TIMEOUT_MS });
  async function call<T>(method: string, path: string, parse: (v: unknown) => T, body?: unknown, internal = true): Promise<T> {
    let answer;
    try {
      answer = await request(method, path, { body, internal });
    } catch (err) {
      if (!(err instanceof PeerUnreachableError)) throw err;
      throw new AppError(503, ErrorCodes.upstreamUnavailable, 'The catalog is not reachable right now. Please try again.');
    }
    if (answer.ok) return parse(answer.json);
    if ((answer.status === 404 || answer.status === 409) && answer.error) {
      throw new AppError(answer.status, answer.error.code ?? ErrorCodes.conflict, answer.error.message);
    }
    throw new Error(`catalog ${method} ${path} answered ${answer.status}`);
  }
  const askLocations = () => call('GET', ApiPaths.catalog.locations, (v) => z.array(Location.pick({ id: true })).parse(v).map((l) => l.id), undefined, false); // public: a bearer here would be read as a session
  let kept: { ids: Promise<string[]>; until: number } | undefined;
  const locationIds = (fresh = false) => {
    if (fresh || !kept || kept.until <= Date.now()) {
      const ids = askLocations();
      kept = { ids, until: Date.now() + LOCATIONS_KEPT_MS };
      // A failed answer is not kept.
      ids.catch(() => {
        if (kept?.ids === ids) kept = undefined;
      });
    }
    return kept.ids;
  };
  return {
    variant: (sku, ask) => {
      const query = new URLSearchParams(Object.entries(ask ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
      return call('GET', `${CatalogInternalPaths.variant(encodeURIComponent(sku))}${query.size > 0 ? `?${query}` : ''}`, (v) => VariantInfo.parse(v));
    },
    prices: async (skus) => {
      const unique = [...new Set(skus)];
      const chunks = Array.from({ length: Math.ceil(unique.length / MAX_PRICE_SKUS) }, (_, i) => unique.slice(i * MAX_PRICE_SKUS, (i + 1) * MAX_PRICE_SKUS));
      const answers = await Promise.all(chunks.map((chunk) => call('GET', `${CatalogInternalPaths.variantPrices}?skus=${chunk.map(encodeURIComponent).join(',')}`, (v) => VariantPrices.parse(v).variants)));
      return answers.flat();
    },
    createHold: (request) => call('POST', CatalogInternalPaths.holds, (v) => Hold.parse(v), request),
    extendHold: (id, ttlSeconds) => call('POST', CatalogInternalPaths.extendHold(id), (v) => Hold.parse(v), { ttlSeconds }),
    releaseHold: (id) => call('POST', CatalogInternalPaths.releaseHold(id), (v) => Hold.parse(v), {}),
    commitHold: (id, orderId) => call('POST', CatalogInternalPaths.commitHold(id), (v) => CommittedHold.parse(v), { orderId }),
    orderAllocations: (orderId) => call('GET', CatalogInternalPaths.orderAllocations(orderId), (v) => OrderAllocations.parse(v).lines),
    lookupHolds: (ids) => call('POST', CatalogInternalPaths.holdsLookup, (v) => LookupHoldsResult.parse(v).holds, { ids }),
    locationIds: () => locationIds(),
    isLocation: async (id) => (await locationIds()).includes(id) || (await locationIds(true)).includes(id),
  };
}
