import { InfoSection, StaticPage } from './static-page.js';
import { SHIPPING, SUPPORT_HOURS } from './store-policies.js';

export function ShippingInfoPage() {
  return (
    <StaticPage title="Shipping Info" lead="Get your order delivered or pick it up at one of our stores.">
      <InfoSection title="Standard shipping">
        <p>Standard shipping takes {SHIPPING.standard}.</p>
        <p>Shipping rates are {SHIPPING.rates}.</p>
      </InfoSection>
      <InfoSection title="Order processing">
        <p>
          Orders are processed in {SHIPPING.processing}, usually the {SHIPPING.sameDayCutoff}.
        </p>
      </InfoSection>
      <InfoSection title="Store pickup">
        <p>Pickup is free, and your order is ready {SHIPPING.pickupReady}.</p>
        <p>Please bring a {SHIPPING.pickupNeeds} when you collect it.</p>
      </InfoSection>
      <InfoSection title="Questions?">
        <p>
          Our support team is available {SUPPORT_HOURS.weekdays} and {SUPPORT_HOURS.saturday}.
        </p>
      </InfoSection>
    </StaticPage>
  );
}
