import { RemoteSlot, Route, Routes } from '@pl/ui';
import { ShellLayout } from './layout/shell-layout.js';
import { AboutPage } from './pages/about-page.js';
import { ConditionGuidePage } from './pages/condition-guide-page.js';
import { ContactPage } from './pages/contact-page.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { ReturnsPolicyPage } from './pages/returns-policy-page.js';
import { ShippingInfoPage } from './pages/shipping-info-page.js';

/** Every route of spec §2 and who owns its page (ARCHITECTURE.md §2). */
const remotePages: Array<{ path: string; id: string }> = [
  { path: '/', id: 'mf_catalog/HomePage' },
  { path: '/products', id: 'mf_catalog/ProductsPage' },
  { path: '/products/:id', id: 'mf_catalog/ProductPage' },
  { path: '/categories', id: 'mf_catalog/CategoriesPage' },
  { path: '/locations', id: 'mf_catalog/LocationsPage' },
  { path: '/account', id: 'mf_account/AccountPage' },
  { path: '/account/orders', id: 'mf_account/OrderHistoryPage' },
  // Before /orders/:id, so a reader sees 'lookup' is no order id (the router ranks the static path first anyway).
  { path: '/orders/lookup', id: 'mf_account/OrderLookupPage' },
  { path: '/orders/:id', id: 'mf_account/OrderPage' },
  { path: '/forgot-password', id: 'mf_account/ForgotPasswordPage' },
  { path: '/reset-password', id: 'mf_account/ResetPasswordPage' },
  { path: '/admin', id: 'mf_admin/AdminDashboard' },
  { path: '/admin/orders', id: 'mf_admin/OrderDeskPage' },
  { path: '/admin/orders/:id', id: 'mf_admin/AdminOrderPage' },
  { path: '/checkout', id: 'mf_cart_checkout/CheckoutPage' },
];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<ShellLayout />}>
        {remotePages.map(({ path, id }) => (
          <Route key={path} path={path} element={<RemotePage id={id} />} />
        ))}
        <Route path="/about" element={<AboutPage />} />
        <Route path="/support/condition-guide" element={<ConditionGuidePage />} />
        <Route path="/support/returns" element={<ReturnsPolicyPage />} />
        <Route path="/support/shipping" element={<ShippingInfoPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

function RemotePage({ id }: { id: string }) {
  return (
    <div className="shell-remote-page" data-remote-page={id}>
      <RemoteSlot id={id} loading={<PageSkeleton />} />
    </div>
  );
}

function PageSkeleton() {
  return (
    <div className="pl-container pl-page" aria-busy="true" role="status" aria-label="Loading">
      <div className="pl-skeleton" style={{ height: '2.25rem', width: '40%', marginBottom: '1.5rem' }} />
      <div className="pl-skeleton" style={{ height: '16rem' }} />
    </div>
  );
}
