import { useCallback, useMemo } from 'react';
import { Link, Skeleton, useSearchParams } from '@pl/ui';
import { AccessDenied, useAdminAccess } from '../../../shared/components/admin-access.js';
import { useAuditLog } from '../api/get-audit-log.js';
import { auditFiltersFromSearch, auditSearchOf, type AuditFilters } from '../utils/audit-filters.js';
import { AuditLogCard } from './audit-log-card.js';

/**
 * /admin/audit: every admin change in the shop, newest first (who, when, what, before and after),
 * filtered on the server by who, what and when. The filters are the URL's query.
 */
export function AuditLogPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => auditFiltersFromSearch(searchParams), [searchParams]);
  const applyFilters = useCallback((next: AuditFilters) => setSearchParams(auditSearchOf(next), { replace: true }), [setSearchParams]);
  const log = useAuditLog(filters);

  const access = useAdminAccess([log]);
  if (access === 'signed-out' || access === 'forbidden') return <AccessDenied signedIn={access === 'forbidden'} what="the audit log" />;

  return (
    <div className="pl-container pl-page adm-page adm-desk">
      <p className="adm-back">
        <Link to="/admin">Admin dashboard</Link>
      </p>
      <h1 className="pl-page__title">Audit log</h1>
      <p className="pl-page__lead">What every admin changed, and when. Entries are kept as they were recorded and cannot be edited.</p>
      {access === 'checking' ? (
        <div className="adm-checking" aria-busy="true">
          <p className="pl-visually-hidden">Loading the audit log...</p>
          <Skeleton style={{ height: '20rem' }} />
        </div>
      ) : (
        <div className="adm-layout">
          <AuditLogCard log={log} filters={filters} onFilter={applyFilters} />
        </div>
      )}
    </div>
  );
}
