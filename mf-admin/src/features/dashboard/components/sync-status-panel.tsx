import { Fragment } from 'react';
import type { SyncRun, SyncStatus } from '@pl/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Skeleton, type UseQueryResult } from '@pl/ui';
import { syncProgressText, timeLeftText } from '../../../shared/utils/pos-settings-rules.js';
import { useCancelSync } from '../api/cancel-sync.js';
import { syncStatusNotes } from '../utils/sync-status-notes.js';
import { PanelError } from '../../../shared/components/panel-error.js';
import { Spinner } from '../../../shared/components/spinner.js';
import { useFocusHandOff } from '../../../shared/components/use-focus-hand-off.js';

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
        <CardTitle level={2} id="adm-status-title" tabIndex={-1}>
          POS Integration Status
        </CardTitle>
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
            {query.data.run?.status === 'running' && <SyncProgress run={query.data.run} />}
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

/**
 * A running sync: how far it is (a bar of products handled against the POS's total, or a moving bar
 * without one), the time left by its pace, and Cancel. Shown from the status, so it is there after a
 * reload and for a run another admin or the schedule started.
 */
function SyncProgress({ run }: { run: SyncRun }) {
  const cancel = useCancelSync();
  const left = timeLeftText(run.estimatedEndAt);
  const cancelling = run.cancelRequested || cancel.isPending;
  // When the run ends this goes away: keyboard focus on Cancel moves to the panel's heading.
  const box = useFocusHandOff<HTMLElement>('adm-status-title');
  return (
    <>
      <dt id="adm-sync-progress-label">Progress</dt>
      <dd className="adm-sync-progress" data-sync-run={run.id} ref={box}>
        <progress
          className="adm-sync-progress__bar"
          aria-labelledby="adm-sync-progress-label"
          aria-describedby="adm-sync-progress-text"
          max={run.total ?? undefined}
          value={run.total === null ? undefined : Math.min(run.processed, run.total)}
        />
        <p id="adm-sync-progress-text" className="adm-sync-progress__text" data-sync-processed={run.processed}>
          {syncProgressText(run)}
          {left && <span> · {left}</span>}
        </p>
        {/* aria-disabled while cancelling, not disabled: a disabled button would drop keyboard focus to <body>. */}
        <Button variant="outline" size="sm" aria-disabled={cancelling || undefined} aria-busy={cancel.isPending || undefined} onClick={() => !cancelling && cancel.mutate()}>
          {cancelling ? 'Cancelling...' : 'Cancel sync'}
        </Button>
      </dd>
    </>
  );
}
