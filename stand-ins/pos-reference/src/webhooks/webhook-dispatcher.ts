// Sends every event to every subscribed URL, after the API has answered. A delivery that gets no
// 2xx within the timeout is tried again after each of the retry delays (same event id, fresh
// timestamp and signature), then dropped. Timers are unref'd and cancelled on stop().
import { randomBytes } from 'node:crypto';
import type { EventType, WebhookSubscriptions } from '../store/webhook-subscriptions.js';
import { signatureHeader } from './signature.js';

export interface Delivery {
  eventId: string;
  type: EventType;
  url: string;
  attempt: number;
  status: number | 'error';
}

export interface WebhookEvent {
  id: string;
  type: EventType;
  created_at: string;
  data: unknown;
}

export interface WebhookDispatcherOptions {
  subscriptions: WebhookSubscriptions;
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  /** Every attempt is appended here. */
  deliveries: Delivery[];
  log: (line: string) => void;
}

export class WebhookDispatcher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stopping = new AbortController();

  constructor(private readonly options: WebhookDispatcherOptions) {}

  /** Queues the event for every current subscriber; returns at once. */
  publish(type: EventType, data: unknown): WebhookEvent {
    const event: WebhookEvent = { id: `evt_${randomBytes(12).toString('hex')}`, type, created_at: new Date().toISOString(), data };
    const body = JSON.stringify(event);
    for (const url of this.options.subscriptions.urls()) this.schedule(0, () => this.attempt(event, body, url, 1));
    return event;
  }

  stop(): void {
    this.stopping.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(delayMs: number, run: () => Promise<void>): void {
    if (this.stopping.signal.aborted) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(event: WebhookEvent, body: string, url: string, attempt: number): Promise<void> {
    const key = this.options.subscriptions.keyFor(url);
    if (!key) return; // unsubscribed meanwhile
    const status = await this.post(url, body, event.id, key);
    if (this.stopping.signal.aborted) return;
    this.options.deliveries.push({ eventId: event.id, type: event.type, url, attempt, status });
    if (typeof status === 'number' && status >= 200 && status < 300) return;
    const delay = this.options.retryDelaysMs[attempt - 1];
    if (delay === undefined) {
      this.options.log(`webhook ${event.id} (${event.type}) to ${url} dropped after ${attempt} attempts (last: ${status})`);
      return;
    }
    this.options.log(`webhook ${event.id} (${event.type}) to ${url} got ${status}; retry ${attempt + 1} in ${delay} ms`);
    this.schedule(delay, () => this.attempt(event, body, url, attempt + 1));
  }

  private async post(url: string, body: string, eventId: string, key: string): Promise<number | 'error'> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'POS-Event-Id': eventId,
          'POS-Signature': signatureHeader(key, body, Math.floor(Date.now() / 1000)),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(this.options.timeoutMs)]),
      });
      await response.body?.cancel();
      return response.status;
    } catch {
      return 'error';
    }
  }
}
