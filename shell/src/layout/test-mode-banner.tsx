// Every page says so while the shop takes no real payments (decision 042): the cart's payment
// provider is the test-card one, or Stripe with a test key. The cart answers it (contracts
// PaymentMode), from the same provider its payment intents name, so the banner and the checkout
// never disagree. It is asked once per page load; the gateway preloads it with every page
// (contracts LayoutReads) and the first render waits for it briefly (bootstrap.tsx), so the
// banner is in the first paint instead of pushing the page down after it.
import { useEffect, useState } from 'react';
import { ApiPaths, TEST_MODE_BANNER_TEXT } from '@pl/contracts';

let asked: Promise<boolean> | undefined;
let known: boolean | undefined;

/**
 * Whether payments are in test mode. Checked by hand, not with the contract's schema (zod stays out
 * of the first view, decision 025). No answer (the cart is down) shows no banner: nobody can pay then.
 */
export function paymentsInTestMode(): Promise<boolean> {
  // With credentials, as the gateway's preload of it is made (a preload serves only a request like it).
  asked ??= fetch(ApiPaths.cart.paymentMode, { credentials: 'include' })
    .then((res) => (res.ok ? res.json() : null))
    .then(
      (mode: unknown) => (mode as { testMode?: unknown } | null)?.testMode === true,
      () => false,
    )
    .then((on) => (known = on));
  return asked;
}

/** What a render on the server takes the payment mode to be (its answer is asked by the gateway; undefined: not known). */
export function assumePaymentMode(on: boolean | undefined): void {
  known = on;
}

export function TestModeBanner() {
  const [testMode, setTestMode] = useState(() => known ?? false);
  useEffect(() => {
    let mounted = true;
    void paymentsInTestMode().then((on) => mounted && setTestMode(on));
    return () => {
      mounted = false;
    };
  }, []);
  if (!testMode) return null;
  return (
    <div role="status" className="shell-test-mode" data-test-mode-banner>
      {TEST_MODE_BANNER_TEXT}
    </div>
  );
}
