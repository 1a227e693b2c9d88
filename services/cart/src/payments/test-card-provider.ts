import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { PaymentProvider } from './payment-provider.js';

/** The documented test numbers of the built-in provider (contracts TestCardConfirmPayload). */
export const TestCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const;

export type TestCardDecision = { ok: true } | { ok: false; message: string };

/** Decides like a card network would for the documented numbers; every other number is invalid. */
export function decideTestCard(card: { cardNumber: string; expiry: string }, now = new Date()): TestCardDecision {
  const digits = card.cardNumber.replace(/ /g, '');
  const [month, year] = card.expiry.split('/').map(Number) as [number, number];
  // A card is valid through the last day of its expiry month.
  if (new Date(Date.UTC(2000 + year, month, 1)) <= now) return { ok: false, message: 'Your card has expired.' };
  if (digits === TestCards.succeeds) return { ok: true };
  if (digits === TestCards.declined) return { ok: false, message: 'Your card was declined.' };
  return { ok: false, message: 'Your card number is invalid.' };
}

/**
 * The provider used when no Stripe keys are set (a fresh machine, tests): the same lifecycle
 * offline. Its intents live in the cart's payments table; its confirmation is the test-card route.
 */
export function createTestCardProvider(): PaymentProvider {
  return {
    name: 'test-card',
    testMode: true,
    publishableKey: null,
    async createIntent() {
      return { providerPaymentId: `tc_pi_${randomUUID()}`, clientSecret: `tc_secret_${randomBytes(24).toString('hex')}` };
    },
    async refund({ idempotencyKey }) {
      // Nothing was charged anywhere: the cart's own rows record the refund. The id follows from
      // the key, so a repeated call answers the same refund, as a card network would.
      return { providerRefundId: `tc_re_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`, status: 'succeeded' };
    },
  };
}
