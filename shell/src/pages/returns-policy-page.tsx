import { Link } from '@pl/ui';
import { InfoSection, StaticPage } from './static-page.js';
import { RETURNS, SUPPORT_HOURS } from './store-policies.js';

export function ReturnsPolicyPage() {
  return (
    <StaticPage title="Returns Policy" lead="We want you to be happy with your purchase. If something isn't right, you can return it.">
      <InfoSection title="Return window">
        <p>Items can be returned within {RETURNS.window}.</p>
      </InfoSection>
      <InfoSection title="Final sale items">
        <p>
          {RETURNS.finalSale} and cannot be returned. Check the condition grade in the{' '}
          <Link to="/support/condition-guide">Condition Guide</Link> before you buy.
        </p>
      </InfoSection>
      <InfoSection title="Refunds">
        <p>Refunds are issued to your original payment method within {RETURNS.refundTime}.</p>
      </InfoSection>
      <InfoSection title="How to return an item">
        <ol className="shell-list">
          <li>Bring the item with your order confirmation to the store you bought it from, or contact support for a shipped order.</li>
          <li>We inspect the item to confirm it matches its condition grade at sale.</li>
          <li>Once the return is received, your refund is on its way.</li>
        </ol>
        <p className="pl-muted">
          Support hours: {SUPPORT_HOURS.weekdays}, {SUPPORT_HOURS.saturday}.
        </p>
      </InfoSection>
    </StaticPage>
  );
}
