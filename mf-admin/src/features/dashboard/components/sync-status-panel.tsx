import { Fragment } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SyncStatus } from '@pl/contracts';
import { Badge, Card, CardContent, CardHeader, CardTitle, Skeleton } from '@pl/ui';
import { syncStatusNotes } from '../utils/sync-status-notes.js';
import { PanelError } from './panel-error.js';
import { Spinner } from './spinner.js';

const statusBadge = {
  syncing: { label: 'Syncing', tone: 'blue' },
  error: { label: 'Error', tone: 'red' },
  ready: { label: 'Ready', tone: 'green' },
} as const;

/**
 * POS integration status (spec §3, §4): syncing, error (with its text) or ready; polled every 10 s.
 * Below it, a successful sync's warning and the sales waiting for the POS or refused by it.
 */
export function SyncStatusPanel({ query }: { query: UseQueryResult<SyncStatus> }) {
  const status = query.data?.status;
  const badge = status ? (statusBadge[status] ?? statusBadge.ready) : statusBadge.ready;
  return (
    <Card className="adm-status" role="region" aria-labelledby="adm-status-title">
      <CardHeader>
        <CardTitle level={2} id="adm-status-title">POS Integration Status</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton style={{ height: '5rem' }} />
        ) : query.isError ? (
          <PanelError what="the sync status" error={query.error} />
        ) : (
          <dl className="adm-details">
            <dt>Status</dt>
            <dd>
              <Badge variant="secondary" tone={badge.tone} data-sync-status={query.data.status}>
                {status === 'syncing' && <Spinner />}
                {badge.label}
              </Badge>
            </dd>
            {status === 'error' && (
              <>
                <dt>Last error</dt>
                <dd className="adm-error-text" data-sync-error>
                  {query.data.lastError ?? 'The last sync failed.'}
                </dd>
              </>
            )}
            <dt>Last sync</dt>
            <dd>
              {query.data.lastSyncAt ? <time dateTime={query.data.lastSyncAt}>{new Date(query.data.lastSyncAt).toLocaleString()}</time> : 'Never'}
            </dd>
            <dt>Products</dt>
            <dd data-total-products={query.data.totalProducts}>{query.data.totalProducts}</dd>
            {syncStatusNotes(query.data).map((note) => (
              <Fragment key={note.id}>
                <dt>{note.label}</dt>
                <dd className={note.alert ? 'adm-error-text' : undefined} data-sync-note={note.id}>
                  {note.value}
                  {note.hint && <p className="adm-hint">{note.hint}</p>}
                </dd>
              </Fragment>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
