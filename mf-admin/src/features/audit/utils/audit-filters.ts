import { AuditQuery } from '@pl/contracts';

/**
 * The audit page's filters. They live in the page's URL query (a reload, a shared link and Back keep
 * them); the same names go to GET /api/admin/audit.
 */
export interface AuditFilters {
  /** An admin's name (or part of it), or their id. */
  actor?: string;
  /** An action or its start: 'photo.' is every photo action. */
  action?: string;
  /** On or after / on or before this day (YYYY-MM-DD). */
  from?: string;
  to?: string;
}

/** AuditQuery's ceiling for `actor` (packages/contracts/src/audit.ts). */
export const AUDIT_ACTOR_MAX_LENGTH = 200;

/** The kinds of action an admin can pick under "What"; each is an action prefix. */
export const AUDIT_ACTION_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'inspection.', label: 'Inspections' },
  { value: 'photo.', label: 'Photos' },
  { value: 'pos-condition.', label: 'POS grades accepted' },
  { value: 'price', label: 'Prices' },
  { value: 'markdown', label: 'Markdowns' },
  { value: 'manifest', label: 'Manifest imports' },
  { value: 'draft.', label: 'Drafts started' },
  { value: 'listing.', label: 'Listings published' },
  { value: 'pos-settings.', label: 'POS settings' },
  { value: 'sync.', label: 'POS syncs' },
  { value: 'pos-events.', label: 'POS events' },
  { value: 'order.', label: 'Order actions' },
  { value: 'return.', label: 'Returns' },
];

const field = AuditQuery.shape;
const valid = <T>(result: { success: true; data: T } | { success: false }): T | undefined => (result.success ? result.data : undefined);

/** The name searched for: the typed text without surrounding spaces, within the contract's ceiling. */
export function actorSearchOf(text: string): string | undefined {
  return text.trim().slice(0, AUDIT_ACTOR_MAX_LENGTH).trim() || undefined;
}

/** The filters in a URL query. A value the server would refuse (a hand-edited link) is dropped, not sent. */
export function auditFiltersFromSearch(search: URLSearchParams): AuditFilters {
  return withoutEmpty({
    actor: actorSearchOf(search.get('actor') ?? ''),
    action: valid(field.action.safeParse(search.get('action') ?? undefined)),
    from: valid(field.from.safeParse(search.get('from') ?? undefined)),
    to: valid(field.to.safeParse(search.get('to') ?? undefined)),
  });
}

/** The filters as a URL query, always in the same order. */
export function auditSearchOf(filters: AuditFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ['actor', 'action', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) search.set(key, value);
  }
  return search;
}

/** GET /api/admin/audit's query for the page after `cursor` (the first without one). */
export function auditListQuery(filters: AuditFilters, cursor: string | null, limit: number): string {
  const search = auditSearchOf(filters);
  if (cursor) search.set('cursor', cursor);
  search.set('limit', String(limit));
  return search.toString();
}

export const hasAuditFilters = (filters: AuditFilters) => auditSearchOf(filters).size > 0;

export function changeAuditFilters(filters: AuditFilters, change: AuditFilters): AuditFilters {
  return withoutEmpty({ ...filters, ...change });
}

function withoutEmpty(filters: AuditFilters): AuditFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as AuditFilters;
}
