import { Link, NavLink, RemoteSlot } from '@pl/ui';
import { BrandMark } from './brand-mark.js';
import { SearchBox } from './search-box.js';

const navLinks = [
  { to: '/products', label: 'Products' },
  { to: '/categories', label: 'Categories' },
  { to: '/locations', label: 'Locations' },
  { to: '/about', label: 'About' },
];

export function SiteHeader() {
  return (
    <header className="shell-header">
      <div className="pl-container shell-header__inner">
        {/* Named by its visible text (brand and tagline): a label that hid it failed WCAG 2.5.3, Label in Name. */}
        <Link to="/" className="shell-logo">
          <BrandMark />
          <span className="shell-logo__text">
            <span className="shell-logo__brand">Professional Liquidation</span>
            <span className="shell-logo__tagline">Inspected. Graded. Priced to move.</span>
          </span>
        </Link>
        <nav className="shell-nav" aria-label="Main">
          {navLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className="shell-nav__link">
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="shell-header__actions">
          <SearchBox />
          <RemoteSlot id="mf_cart_checkout/CartButton" afterFirstView compact label="the cart" loading={<span className="pl-skeleton shell-slot-placeholder" />} />
          <RemoteSlot id="mf_account/AccountArea" afterFirstView compact label="sign-in" loading={<span className="pl-skeleton shell-slot-placeholder shell-slot-placeholder--wide" />} />
        </div>
      </div>
    </header>
  );
}
