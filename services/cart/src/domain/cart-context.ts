import type { KickablePass, Logger, Pool } from '@pl/service-kit';
import type { CatalogClient } from '../clients/catalog-client.js';
import type { PaymentProvider } from '../payments/payment-provider.js';
import type { OrderLinks } from './order-links.js';
import type { RefusalMemo } from './refusal-memo.js';
import type { UniqueItemGate } from './unique-item-gate.js';

/** What the cart's use cases work with; main.ts builds it from config, tests inject their own (e.g. a 1-second hold). */
export interface CartContext {
  pool: Pool;
  logger: Logger;
  catalog: CatalogClient;
  payments: PaymentProvider;
  orderLinks: OrderLinks;
  /** Sends due refunds to the payment provider; kicked after every action that owes one. */
  refunds: KickablePass;
  /** This instance's attempts to hold one-of-a-kind units, so a drop's losers are answered by a read. */
  uniqueItems: UniqueItemGate;
  /** The catalog's refusals of one-of-a-kind units this instance may repeat (heard by main.ts's inventory watch). */
  refusals: RefusalMemo;
  settings: {
    maxUniqueHoldsPerCart: number;
    uniqueItemHoldSeconds: number;
    paymentHoldSeconds: number;
    /** A pickup ready this many days and not collected shows as overdue on the order desk. */
    pickupOverdueDays: number;
  };
}

/** Releases holds no line needs any more; a failure only means the hold lapses on its own a little later. */
export async function releaseQuietly(ctx: CartContext, holdIds: readonly string[]): Promise<void> {
  await Promise.all(
    holdIds.map((id) => ctx.catalog.releaseHold(id).catch((err: unknown) => ctx.logger.warn({ err, holdId: id }, 'could not release a hold; it will expire'))),
  );
}
