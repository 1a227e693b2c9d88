/** The shop charges in US dollars only (prices are USD decimals). */
export const CHARGE_CURRENCY = 'usd';

/**
 * A card payment provider (ARCHITECTURE.md §6). The server decides the amount; a provider only
 * creates the intent the page confirms, and reports (webhook or test-card form) that it succeeded.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test-card';
  /**
   * Takes no real money (the test-card provider, or Stripe with a test key): every page says so and
   * the orders it confirms are test orders (decision 042).
   */
  readonly testMode: boolean;
  /** What the page needs to load the provider's card form (null for the test-card form). */
  readonly publishableKey: string | null;
  /** Creates (or, with the same key, finds again) an intent to charge `amountCents`. */
  createIntent(request: { amountCents: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<{ providerPaymentId: string; clientSecret: string }>;
  /**
   * Gives money back: `amountCents` of it, or all when unset. Repeating it with the same key is
   * harmless (the provider answers the first refund again). The answer may still be pending; the
   * provider's webhook settles it then. A refusal that no retry changes throws RefundRefusedError.
   */
  refund(request: { providerPaymentId: string; amountCents?: number; idempotencyKey: string; metadata?: Record<string, string> }): Promise<ProviderRefund>;
  /**
   * For providers that report by webhook: checks the signature over the exact bytes received and
   * says what happened; throws a 400 AppError when the delivery is not the provider's.
   */
  verifyWebhook?(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}

export interface ProviderRefund {
  providerRefundId: string;
  status: 'pending' | 'succeeded' | 'failed';
}

/** The provider refused a refund for good (already refunded, amount too large, payment unknown): retrying will not help. */
export class RefundRefusedError extends Error {}

/** A provider's webhook event, reduced to what the cart acts on. */
export type ProviderEvent =
  | { id: string; kind: 'succeeded'; providerPaymentId: string; amountCents: number; currency: string }
  | { id: string; kind: 'failed'; providerPaymentId: string; message: string | null }
  | { id: string; kind: 'refund'; providerRefundId: string; refundId: string | null; status: ProviderRefund['status'] }
  | { id: string; kind: 'ignored'; type: string };
