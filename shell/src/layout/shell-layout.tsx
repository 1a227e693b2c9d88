import { useEffect, useRef } from 'react';
import { remotePageOf, ShellRegions } from '@pl/contracts';
import { markFirstViewShown, Outlet, RemoteSlot, useLocation } from '@pl/ui';
import { PageTitle } from './page-title.js';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';
import { TestModeBanner } from './test-mode-banner.js';

export function ShellLayout() {
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    // A page of the shell's own is its first view: the layout's parts need not wait (remote pages say so themselves).
    if (!remotePageOf(pathname)) markFirstViewShown();
  }, [pathname]);
  useEffect(() => {
    // A block body: newer browsers return a promise from scrollTo, and an effect must return nothing.
    window.scrollTo(0, 0);
    // A navigation that took the focused element away (a form that navigated on success, a
    // payment) leaves keyboard focus on <body>: the new page's main region takes it instead. Not on
    // the first page, where the skip link must stay the first stop.
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    if (document.activeElement === document.body || document.activeElement === null) document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <div className="shell-app">
      <a className="shell-skip-link" href="#main">
        Skip to content
      </a>
      <PageTitle />
      <TestModeBanner />
      <SiteHeader />
      {/* Remotes' page-wide notices (contracts ShellRegions): in the flow, so a header of any height never covers them. */}
      <div id={ShellRegions.notices} className="shell-notices" />
      <main id="main" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      {/* Mounted once, after the page's first view; it opens on the cart team's `cart:panel` event. */}
      <RemoteSlot id="mf_cart_checkout/CartPanel" afterFirstView compact hideWhenUnavailable loading={null} />
    </div>
  );
}
