import { useEffect, useState } from 'react';
import { errorStatus, Link } from '@pl/ui';
import { useAdminFreshness } from '../team-cache.js';
import { dashboardAccess, type AdminCallOutcome, type DashboardAccess } from '../utils/dashboard-access.js';

/** What an admin query has answered so far, as `dashboardAccess` reads it. */
export const outcomeOf = (query: { status: AdminCallOutcome['status']; error: unknown }): AdminCallOutcome => ({
  status: query.status,
  httpStatus: errorStatus(query.error),
});

/**
 * `dashboardAccess` over a page's admin queries, except that a page once let in stays in while its
 * calls are retried: a query retried without data goes back to pending, and the page must not fall
 * back to its skeleton (unmounting the Retry button that has focus). A 401 or 403 still locks it.
 */
export function useAdminAccess(queries: ReadonlyArray<{ status: AdminCallOutcome['status']; error: unknown }>): DashboardAccess {
  useAdminFreshness();
  const access = dashboardAccess(queries.map(outcomeOf));
  const [wasGranted, setWasGranted] = useState(false);
  useEffect(() => {
    if (access === 'granted') setWasGranted(true);
  }, [access]);
  return access === 'checking' && wasGranted ? 'granted' : access;
}

/** Every admin page's answer to a guest (sign in) or to a customer who is no admin; `what` names the page. */
export function AccessDenied({ signedIn, what }: { signedIn: boolean; what: string }) {
  return (
    <div className="pl-container pl-page adm-denied" role="alert">
      <h1 className="pl-page__title">Access denied</h1>
      <p className="pl-page__lead">
        {signedIn ? `Your account does not have access to ${what}.` : `Please sign in with an administrator account to view ${what}.`}
      </p>
      <Link to="/">Back to the shop</Link>
    </div>
  );
}
