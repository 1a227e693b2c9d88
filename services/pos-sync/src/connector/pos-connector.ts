// How pos-sync talks to a point-of-sale system. The shop ships one implementation (HTTP API v1,
// http-pos-connector.ts, spoken by the reference POS); a vendor's own API would be another.
import type { Adjustment, AdjustmentRequest, CreateItemsRequest, PosMerchant, PosPriceResult, PosProduct, PriceBatchRequest, ProductPage } from './pos-wire.js';

export interface ListProductsQuery {
  /** The previous page's nextCursor; absent for the first page. */
  cursor?: string | null;
  /** Only products changed at or after this ISO time. */
  updatedSince?: string | null;
  limit?: number;
}

export interface PosConnector {
  /** Who the POS is; the connection test. */
  merchant(): Promise<PosMerchant>;
  /** `total`: how many products all the pages hold, when the POS tells. */
  listProducts(query: ListProductsQuery): Promise<{ products: ProductPage['products']; nextCursor: string | null; total?: number }>;
  /** undefined when the POS has no such product. */
  getProduct(id: string): Promise<PosProduct | undefined>;
  /** Applies all changes or none; the same key and body again is answered without applying twice. */
  adjustInventory(idempotencyKey: string, body: AdjustmentRequest): Promise<Adjustment>;
  /**
   * Creates items, all or none (an sku the POS already has refuses them all); the same key and body
   * again is answered without creating twice. Answers the products in the order of the items.
   */
  createItems(idempotencyKey: string, body: CreateItemsRequest): Promise<PosProduct[]>;
  /**
   * Sets prices by sku; each item stands alone (an sku the POS does not have is answered in its
   * place). The same key and body again is answered without changing anything. Answers one result
   * per price, in order.
   */
  updatePrices(idempotencyKey: string, body: PriceBatchRequest): Promise<PosPriceResult[]>;
  /** Registers (idempotently) where the POS sends webhooks; answers the key that signs them. */
  subscribeWebhook(url: string): Promise<{ url: string; signatureKey: string }>;
}

export type PosErrorKind =
  /**
   * No POS answered: refused, unknown host, timeout, an address the policy refuses, or something
   * that does not speak the POS API. One kind and one message for all (decision 046). Worth retrying.
   */
  | 'unreachable'
  /** The POS refused the API key. */
  | 'unauthorized'
  /** The POS said it is down (503) or failed (5xx). Worth retrying. */
  | 'unavailable'
  /** Still 429 after waiting as told. Worth retrying later. */
  | 'rate-limited'
  /** The POS refused this request (400, 404, 409): repeating it will not help. */
  | 'rejected';

/** A failed POS call; `message` is written for the admin (status, test-connection, sync errors). */
export class PosError extends Error {
  constructor(
    readonly kind: PosErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PosError';
  }

  /** Whether the same call may succeed later without anyone changing anything. */
  get transient(): boolean {
    return this.kind === 'unreachable' || this.kind === 'unavailable' || this.kind === 'rate-limited';
  }
}
