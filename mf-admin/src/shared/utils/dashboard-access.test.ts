import { dashboardAccess } from './dashboard-access';

const pending = { status: 'pending' as const };
const ok = { status: 'success' as const };
const failed = (httpStatus?: number) => ({ status: 'error' as const, httpStatus });

describe('who sees the admin dashboard', () => {
  it('shows nothing until an admin call has answered', () => {
    expect(dashboardAccess([pending, pending, pending])).toBe('checking');
    expect(dashboardAccess([failed(502), pending])).toBe('checking');
  });

  it('tells a guest to sign in as soon as any call answers 401', () => {
    expect(dashboardAccess([pending, failed(401), pending])).toBe('signed-out');
    expect(dashboardAccess([ok, failed(401)])).toBe('signed-out');
  });

  it('tells a signed-in customer who is no admin that they have no access', () => {
    expect(dashboardAccess([failed(403), pending])).toBe('forbidden');
  });

  it('prefers the sign-in message when the calls disagree', () => {
    expect(dashboardAccess([failed(403), failed(401)])).toBe('signed-out');
  });

  it('lets an admin in once any call succeeds', () => {
    expect(dashboardAccess([pending, ok, pending])).toBe('granted');
    expect(dashboardAccess([failed(502), ok])).toBe('granted');
  });

  it('lets the admin in when every call failed for another reason, so each panel can show its error', () => {
    expect(dashboardAccess([failed(502), failed(undefined), failed(500)])).toBe('granted');
  });
});
