import { RemotePages, type RemotePageId } from '@pl/contracts';
import { RemoteSlot, Route, Routes } from '@pl/ui';
import { ShellLayout } from './layout/shell-layout.js';
import { AboutPage } from './pages/about-page.js';
import { ConditionGuidePage } from './pages/condition-guide-page.js';
import { ContactPage } from './pages/contact-page.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { ReturnsPolicyPage } from './pages/returns-policy-page.js';
import { ShippingInfoPage } from './pages/shipping-info-page.js';

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<ShellLayout />}>
        {RemotePages.map(({ path, id }) => (
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

function RemotePage({ id }: { id: RemotePageId }) {
  return (
    <div className="shell-remote-page" data-remote-page={id}>
      <RemoteSlot id={id} page loading={<PageSkeleton />} />
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
