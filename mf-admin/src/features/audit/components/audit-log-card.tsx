import { useMemo } from 'react';
import type { AuditEntry } from '@pl/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@pl/ui';
import { PagedResults } from '../../../shared/components/paged-results.js';
import { formatDateTime } from '../../../shared/utils/date-text.js';
import type { AuditLogResult } from '../api/get-audit-log.js';
import { hasAuditFilters, type AuditFilters } from '../utils/audit-filters.js';
import { actionText, actorText, auditShowingText, changeLines, emptyAuditText, targetText } from '../utils/audit-text.js';
import { AuditFiltersForm } from './audit-filters-form.js';

interface Props {
  log: AuditLogResult;
  filters: AuditFilters;
  onFilter: (filters: AuditFilters) => void;
}

/** The log's entries, newest first, a page at a time ('Load more'). Read-only: nothing here changes an entry. */
export function AuditLogCard({ log, filters, onFilter }: Props) {
  const pages = log.data?.pages;
  const rows = useMemo(() => (pages ?? []).flatMap((p) => p.entries), [pages]);

  return (
    <Card className="adm-orders" role="region" aria-labelledby="adm-audit-title">
      <CardHeader>
        <CardTitle level={2} id="adm-audit-title">
          Admin actions
        </CardTitle>
      </CardHeader>
      <CardContent>
        <AuditFiltersForm filters={filters} onChange={onFilter} />
        <PagedResults
          query={log}
          shown={rows.length}
          countText={rows.length === 0 ? emptyAuditText(hasAuditFilters(filters)) : auditShowingText(rows.length, log.hasNextPage)}
          what="the audit log"
          tableLabel="Audit log table"
          rowSelector="[data-audit-row]"
          moreLabel="Load more"
        >
          <AuditTable rows={rows} />
        </PagedResults>
      </CardContent>
    </Card>
  );
}

function AuditTable({ rows }: { rows: AuditEntry[] }) {
  return (
    <table className="adm-table adm-table--stacked adm-audit-table">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">On</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((e) => (
          <tr key={e.id} data-audit-row={e.action} tabIndex={-1}>
            <td className="adm-nowrap" data-label="When">
              <time dateTime={e.occurredAt}>{formatDateTime(e.occurredAt)}</time>
            </td>
            <td data-label="Who">{actorText(e.actor)}</td>
            <td className="adm-nowrap" data-label="What">
              {actionText(e.action)}
            </td>
            <td className="adm-audit-target" data-label="On">
              {targetText(e.target)}
            </td>
            <td className="adm-audit-change" data-label="Change">
              <ul>
                {changeLines(e.before, e.after).map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
