// Whether the shop takes real payments, as the cart answers it (decision 042), for the pages the
// gateway renders (decision 076): the layout's test-mode banner is drawn on the server only when
// the browser's first render would draw it too. Asked at start and every REFRESH_MS after (it
// changes only when the cart restarts with another payment provider; a page rendered before that
// is kept at most half a minute, page-fragments.ts).
import { ApiPaths } from '@pl/contracts';
import { createPeerCaller, type Logger, type Upstream } from '@pl/service-kit';

const REFRESH_MS = 60_000;
const TIMEOUT_MS = 3_000;

export interface PaymentMode {
  /** True in test mode, false with real payments, undefined while the cart has not answered (no banner, as in the browser). */
  testMode(): boolean | undefined;
  ready: Promise<void>;
  close(): void;
}

export function createPaymentMode(options: { cart: Upstream; internalApiToken: string; logger: Logger; refreshMs?: number }): PaymentMode {
  const call = createPeerCaller({ baseUrl: options.cart, token: options.internalApiToken, timeoutMs: TIMEOUT_MS });
  let known: boolean | undefined;

  const ask = async () => {
    try {
      // A public read: no token. Read by hand as the shell reads it (test-mode-banner.tsx): anything but `testMode: true` is no banner.
      const answer = await call('GET', ApiPaths.cart.paymentMode, { internal: false });
      known = answer.ok ? (answer.json as { testMode?: unknown } | undefined)?.testMode === true : undefined;
    } catch (err) {
      options.logger.debug({ err: String(err) }, 'payment mode not known: the cart did not answer');
      known = undefined;
    }
  };
  const ready = ask();
  const timer = setInterval(() => void ask(), options.refreshMs ?? REFRESH_MS);
  timer.unref();
  return {
    testMode: () => known,
    ready,
    close: () => clearInterval(timer),
  };
}
