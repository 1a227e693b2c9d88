import type { UseQueryResult } from '@tanstack/react-query';
import type { SyncStatus } from '@pl/contracts';
import { Badge, Card, CardContent, CardHeader, CardTitle, Skeleton } from '@pl/ui';
import { PanelError } from './panel-error.js';

const statusBadge = {
  syncing: { label: 'Syncing', tone: 'blue' },
  error: { label: 'Error', tone: 'red' },
  ready: { label: 'Ready', tone: 'green' },
} as const;

/** POS integration status (spec §2, §3): syncing, error (with its text) or ready. */
export function SyncStatusPanel({ query }: { query: UseQueryResult<SyncStatus> }) {
  const badge = query.data ? statusBadge[query.data.status] : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>POS Integration Status</CardTitle>
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
              <Badge variant="secondary" tone={badge?.tone ?? 'green'} data-sync-status={query.data.status}>
                {badge?.label ?? 'Ready'}
              </Badge>
            </dd>
            <dt>Last sync</dt>
            <dd>{query.data.lastSyncAt ? new Date(query.data.lastSyncAt).toLocaleString() : 'Never'}</dd>
            <dt>Products</dt>
            <dd>{query.data.totalProducts}</dd>
            {query.data.lastError && (
              <>
                <dt>Last error</dt>
                <dd className="adm-error-text">{query.data.lastError}</dd>
              </>
            )}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
