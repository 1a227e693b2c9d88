import Stripe from 'stripe';
import { badRequest } from '@pl/service-kit';
import { CHARGE_CURRENCY, RefundRefusedError, type PaymentProvider, type ProviderEvent, type ProviderRefund } from './payment-provider.js';
import { CartErrorCodes } from '../domain/error-codes.js';
import { isStripeTestKey } from './stripe-keys.js';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the API is (tests point it at a local server speaking Stripe's HTTP API); unset: api.stripe.com. */
  api?: { host?: string; port?: number; protocol?: 'http' | 'https' };
}

/** Stripe behind the provider interface: PaymentIntents for Stripe Elements, refunds, signed webhooks. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.api?.host ? { host: options.api.host } : {}),
    ...(options.api?.port ? { port: options.api.port } : {}),
    ...(options.api?.protocol ? { protocol: options.api.protocol } : {}),
    // Retries of a POST reuse its idempotency key, so a retry never charges twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
  });

  return {
    name: 'stripe',
    testMode: isStripeTestKey(options.secretKey),
    publishableKey: options.publishableKey,
    async createIntent({ amountCents, idempotencyKey, metadata }) {
      // The same key (derived from the cart's content) gives back the same intent, even after a crash.
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency: CHARGE_CURRENCY, automatic_payment_methods: { enabled: true }, metadata },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
      return { providerPaymentId: intent.id, clientSecret: intent.client_secret };
    },
    async refund({ providerPaymentId, amountCents, idempotencyKey, metadata }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: providerPaymentId, ...(amountCents === undefined ? {} : { amount: amountCents }), ...(metadata ? { metadata } : {}) },
          { idempotencyKey },
        );
        return { providerRefundId: refund.id, status: refundStatusOf(refund.status) };
      } catch (err) {
        // Stripe's 4xx (other than rate limits and idempotency clashes) mean this refund will never pass.
        if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) throw new RefundRefusedError(err.message);
        throw err;
      }
    },
    verifyWebhook(rawBody, signatureHeader) {
      let event: Stripe.Event;
      try {
        if (!Buffer.isBuffer(rawBody) || !signatureHeader) throw new Error('unsigned');
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret);
      } catch {
        throw badRequest('Invalid webhook signature', CartErrorCodes.invalidSignature);
      }
      return providerEventOf(event);
    },
  };
}

/** Stripe's refund states: succeeded; failed or canceled gave nothing back; pending and requires_action wait for a webhook. */
function refundStatusOf(status: string | null): ProviderRefund['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

function providerEventOf(event: Stripe.Event): ProviderEvent {
  if (event.type === 'refund.created' || event.type === 'refund.updated' || event.type === 'refund.failed' || event.type === 'charge.refund.updated') {
    const refund = event.data.object;
    return { id: event.id, kind: 'refund', providerRefundId: refund.id, refundId: refund.metadata?.refundId ?? null, status: refundStatusOf(refund.status) };
  }
  if (event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    return { id: event.id, kind: 'succeeded', providerPaymentId: intent.id, amountCents: intent.amount_received, currency: intent.currency };
  }
  if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    return { id: event.id, kind: 'failed', providerPaymentId: intent.id, message: intent.last_payment_error?.message ?? null };
  }
  return { id: event.id, kind: 'ignored', type: event.type };
}
