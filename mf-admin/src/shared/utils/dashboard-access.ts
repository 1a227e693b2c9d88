/** What one admin call has answered so far: its react-query status and, for a failure, the HTTP status (`errorStatus`). */
export interface AdminCallOutcome {
  status: 'pending' | 'error' | 'success';
  httpStatus?: number;
}

export type DashboardAccess = 'checking' | 'granted' | 'signed-out' | 'forbidden';

/**
 * The gateway and the services decide who is an admin; the page only reports their answer.
 * Until one admin call has answered, nothing is shown (so a stranger never sees the POS
 * settings form, not even empty). Any 401 means signed out, any 403 not an admin; any success
 * lets the admin in, and so do failures of another kind: each panel then shows its own error.
 */
export function dashboardAccess(outcomes: readonly AdminCallOutcome[]): DashboardAccess {
  const failed = outcomes.filter((o) => o.status === 'error').map((o) => o.httpStatus);
  if (failed.includes(401)) return 'signed-out';
  if (failed.includes(403)) return 'forbidden';
  if (outcomes.some((o) => o.status === 'success')) return 'granted';
  return outcomes.every((o) => o.status === 'error') ? 'granted' : 'checking';
}
