/**
 * A card payment provider (ARCHITECTURE.md §6). The server decides the amount; a provider only
 * creates the intent the page confirms, and reports (webhook or test-card form) that it succeeded.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test-card';
  /** What the page needs to load the provider's card form (null for the test-card form). */
  readonly publishableKey: string | null;
  /** Creates (or, with the same key, finds again) an intent to charge `amountCents`. */
  createIntent(request: { amountCents: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<{ providerPaymentId: string; clientSecret: string }>;
  /** Gives the money back (or voids an uncaptured payment); repeating it with the same key is harmless. */
  refund(request: { providerPaymentId: string; idempotencyKey: string }): Promise<void>;
}
