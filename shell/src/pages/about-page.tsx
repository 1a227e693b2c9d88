import { buttonClass, Card, CardContent, Link } from '@pl/ui';
import { StaticPage, InfoSection } from './static-page.js';
import { SUPPORT_HOURS } from './store-policies.js';

const features = [
  {
    title: 'Inspected and tested',
    text: 'Every item is checked by our technicians before it is listed, so you know it works as described.',
  },
  {
    title: 'Honest condition grades',
    text: 'Five clear grades, from New in Box to For Parts, with notes on anything you should know.',
  },
  {
    title: 'Real-time inventory',
    text: 'Stock updates live as items sell in store and online, and one-of-a-kind items are held while you check out.',
  },
  {
    title: 'Pickup or delivery',
    text: 'Collect your order for free at one of our stores or have it shipped to your door.',
  },
];

const steps = [
  {
    title: 'We source',
    text: 'We buy customer returns, overstock and shelf pulls from major retailers and brands.',
  },
  {
    title: 'We inspect and grade',
    text: 'Each item is tested, cleaned and given a condition grade with notes on any wear or missing parts.',
  },
  {
    title: 'You save',
    text: 'Browse, reserve and buy at liquidation prices, then pick up in store or get it shipped.',
  },
];

export function AboutPage() {
  return (
    <StaticPage
      title="About Professional Liquidation"
      lead="Our mission is to give quality returned and overstock goods a second life: every item is inspected, tested and honestly graded, so you can buy with confidence and pay far less than retail."
    >
      <InfoSection title="Why shop with us">
        <div className="shell-feature-grid">
          {features.map((f) => (
            <Card key={f.title}>
              <CardContent className="shell-feature">
                <h3 className="shell-feature__title">{f.title}</h3>
                <p className="pl-muted">{f.text}</p>
              </CardContent>
            </Card>
          ))}
        </div>
      </InfoSection>

      <InfoSection title="How it works">
        <ol className="shell-steps">
          {steps.map((s, i) => (
            <li key={s.title} className="shell-steps__item">
              <span className="shell-steps__number" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3 className="shell-feature__title">{s.title}</h3>
                <p className="pl-muted">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </InfoSection>

      <InfoSection title="Get in touch">
        <Card>
          <CardContent className="shell-contact-block">
            <div>
              <p>Questions about an item, an order or a pickup? Our support team is here to help.</p>
              <p className="pl-muted">
                Support hours: {SUPPORT_HOURS.weekdays}, {SUPPORT_HOURS.saturday}.
              </p>
            </div>
            <div className="shell-contact-block__actions">
              <Link to="/contact" className={buttonClass()}>
                Contact Us
              </Link>
              <Link to="/locations" className={buttonClass({ variant: 'outline' })}>
                Store Locations
              </Link>
            </div>
          </CardContent>
        </Card>
      </InfoSection>
    </StaticPage>
  );
}
