import { auditFiltersFromSearch, auditListQuery, auditSearchOf, changeAuditFilters, hasAuditFilters } from './audit-filters';

describe('the audit filters', () => {
  it('read what the server would take from the URL and drop the rest', () => {
    const search = new URLSearchParams('actor=%20Ada%20&action=photo.&from=2026-11-01&to=not-a-day&cursor=x');
    expect(auditFiltersFromSearch(search)).toEqual({ actor: 'Ada', action: 'photo.', from: '2026-11-01' });
    expect(auditFiltersFromSearch(new URLSearchParams('action=Photo%20%3B'))).toEqual({});
  });

  it('write the URL in one order and ask for one page after a cursor', () => {
    expect(auditSearchOf({ to: '2026-11-30', actor: 'Ada' }).toString()).toBe('actor=Ada&to=2026-11-30');
    expect(auditListQuery({ action: 'order.' }, null, 50)).toBe('action=order.&limit=50');
    expect(auditListQuery({ action: 'order.' }, 'abc', 50)).toBe('action=order.&cursor=abc&limit=50');
  });

  it('change one filter at a time and know when none is set', () => {
    expect(changeAuditFilters({ actor: 'Ada', action: 'photo.' }, { action: undefined })).toEqual({ actor: 'Ada' });
    expect(hasAuditFilters({})).toBe(false);
    expect(hasAuditFilters({ from: '2026-11-01' })).toBe(true);
  });
});
