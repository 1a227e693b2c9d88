import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RemoteSlot } from '@pl/ui';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';

export function ShellLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    // A block body: newer browsers return a promise from scrollTo, and an effect must return nothing.
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="shell-app">
      <a className="shell-skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      {/* Mounted once; it opens on the cart team's `cart:panel` event. */}
      <RemoteSlot id="mf_cart_checkout/CartPanel" compact hideWhenUnavailable loading={null} />
    </div>
  );
}
