import { useMemo, useRef } from 'react';
import type { AuditEntry } from '@pl/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, cx, serverMessage, Skeleton } from '@pl/ui';
import { Spinner } from '../../../shared/components/spinner.js';
import { useFocusAfterRender } from '../../../shared/components/use-focus-after-render.js';
import { useRetry } from '../../../shared/components/use-retry.js';
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
  const focusAfterRender = useFocusAfterRender();
  const countRef = useRef<HTMLParagraphElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const pages = log.data?.pages;
  const rows = useMemo(() => (pages ?? []).flatMap((p) => p.entries), [pages]);
  const stale = log.isPlaceholderData;
  const { retry, retrying, error } = useRetry(log, () => countRef.current);
  const loadMore = async () => {
    if (log.isFetching) return;
    const shown = rows.length;
    const result = await log.fetchNextPage({ cancelRefetch: false });
    // Focus goes to the first entry that came, not back to the top (the button may be gone).
    if (!result.isError) focusAfterRender(() => tableRef.current?.querySelectorAll<HTMLElement>('[data-audit-row]')[shown] ?? countRef.current);
  };

  return (
    <Card className="adm-orders" role="region" aria-labelledby="adm-audit-title">
      <CardHeader>
        <CardTitle level={2} id="adm-audit-title">
          Admin actions
        </CardTitle>
      </CardHeader>
      <CardContent>
        <AuditFiltersForm filters={filters} onChange={onFilter} />
        <div className="adm-orders__results" aria-busy={stale || undefined}>
          {log.isPending && !retrying ? (
            <div aria-busy="true">
              <p className="pl-visually-hidden">Loading the audit log...</p>
              <Skeleton style={{ height: '12rem' }} />
            </div>
          ) : rows.length === 0 && (log.isError || (retrying && log.isPending)) ? (
            <div className="adm-orders__error">
              <p className="adm-error" role="alert">
                Couldn't load the audit log. {serverMessage(error) ?? 'Please try again.'}
              </p>
              <Button variant="outline" onClick={() => void retry()} aria-disabled={retrying || undefined} aria-busy={retrying || undefined}>
                {retrying && <Spinner />}
                Retry
              </Button>
            </div>
          ) : (
            <>
              <p ref={countRef} tabIndex={-1} className="adm-orders__count" role="status">
                {rows.length === 0 ? emptyAuditText(hasAuditFilters(filters)) : auditShowingText(rows.length, log.hasNextPage)}
              </p>
              {log.isError && (
                <p className="adm-error adm-orders__stale" role="alert">
                  Couldn't load more of the log. {serverMessage(error) ?? ''}{' '}
                  <Button variant="outline" size="sm" onClick={() => void retry()} aria-disabled={retrying || undefined}>
                    Retry
                  </Button>
                </p>
              )}
              {rows.length > 0 && (
                <div ref={tableRef} className={cx('adm-table-wrap', stale && 'adm-table-wrap--stale')} tabIndex={0} role="group" aria-label="Audit log table">
                  <AuditTable rows={rows} />
                </div>
              )}
              {log.hasNextPage && !stale && (
                <div className="adm-more">
                  <Button variant="outline" onClick={() => void loadMore()} aria-disabled={log.isFetching || undefined} aria-busy={log.isFetchingNextPage || undefined}>
                    {log.isFetchingNextPage && <Spinner />}
                    Load more
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function AuditTable({ rows }: { rows: AuditEntry[] }) {
  return (
    <table className="adm-table adm-audit-table">
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
