import { Link, RemoteSlot } from '@pl/ui';
import { SUPPORT_HOURS } from '../pages/store-policies.js';

const categoryLinks = [
  { to: '/products?category=electronics', label: 'Electronics' },
  { to: '/products?category=computers', label: 'Computers' },
  { to: '/products?category=mobile-devices', label: 'Mobile Devices' },
  { to: '/products?category=accessories', label: 'Accessories' },
];
const supportLinks = [
  { to: '/support/condition-guide', label: 'Condition Guide' },
  { to: '/support/returns', label: 'Returns Policy' },
  { to: '/support/shipping', label: 'Shipping Info' },
  { to: '/contact', label: 'Contact Us' },
];

export function SiteFooter() {
  return (
    <footer className="shell-footer">
      <div className="pl-container shell-footer__grid">
        <section>
          <h2 className="shell-footer__brand">Professional Liquidation</h2>
          <p className="shell-footer__text">
            Inspected, condition-graded returns and overstock at liquidation prices, with honest grades on every item.
          </p>
          <p className="shell-footer__text">
            Support: {SUPPORT_HOURS.weekdays}; {SUPPORT_HOURS.saturday}
          </p>
        </section>
        <FooterLinks title="Categories" links={categoryLinks} />
        <FooterLinks title="Support" links={supportLinks} />
        <section aria-labelledby="footer-locations">
          <h2 id="footer-locations" className="shell-footer__heading">
            Store Locations
          </h2>
          <RemoteSlot id="mf_catalog/FooterLocations" afterFirstView whenVisible compact />
        </section>
      </div>
      <div className="pl-container shell-footer__bottom">
        © {new Date().getFullYear()} Professional Liquidation. All rights reserved.
      </div>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: Array<{ to: string; label: string }> }) {
  return (
    <nav aria-label={title}>
      <h2 className="shell-footer__heading">{title}</h2>
      <ul className="shell-footer__links">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
