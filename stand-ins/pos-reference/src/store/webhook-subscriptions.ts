// Webhook subscriptions. One server has one API key, so a subscription is known by its URL. The
// signature key of a URL is made once and kept even after an unsubscribe: the same API key and URL
// always get the same key.
import { randomBytes } from 'node:crypto';

export const EVENT_TYPES = ['inventory.count.updated', 'catalog.product.created', 'catalog.product.updated'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface Subscription {
  url: string;
  signature_key: string;
  event_types: EventType[];
}

export class WebhookSubscriptions {
  private readonly keys = new Map<string, string>();
  private readonly active = new Set<string>();

  subscribe(url: string): Subscription {
    let key = this.keys.get(url);
    if (!key) {
      key = randomBytes(32).toString('hex');
      this.keys.set(url, key);
    }
    this.active.add(url);
    return { url, signature_key: key, event_types: [...EVENT_TYPES] };
  }

  unsubscribe(url: string): void {
    this.active.delete(url);
  }

  /** The signature key of an active subscription, or undefined once it is gone. */
  keyFor(url: string): string | undefined {
    return this.active.has(url) ? this.keys.get(url) : undefined;
  }

  urls(): string[] {
    return [...this.active];
  }
}
