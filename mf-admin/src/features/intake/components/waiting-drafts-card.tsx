import { useState } from 'react';
import { Button, Card, CardContent, CardHeader, CardTitle, ConditionBadge, Link, serverMessage, Skeleton, toast, useNavigate } from '@pl/ui';
import { Spinner } from '../../../shared/components/spinner.js';
import { failureText } from '../../../shared/utils/failure-text.js';
import { useStartDraftIntake, useWaitingDrafts } from '../api/waiting-drafts.js';
import type { DeskLinkState } from '../utils/intake-queue.js';

const SHOWN = 25;

/**
 * The Drafts queue's first part: what manifests brought that nobody has started yet. Each is a row
 * of its manifest until its intake starts, which makes it a listing (unpublished) and opens it.
 */
export function WaitingDraftsCard({ q, deskSearch }: { q: string | undefined; deskSearch: string }) {
  const [limit, setLimit] = useState(SHOWN);
  const waiting = useWaitingDrafts(q, limit);
  const start = useStartDraftIntake();
  const navigate = useNavigate();
  const [starting, setStarting] = useState<string | null>(null);
  const total = waiting.data?.total ?? 0;
  if (waiting.data && total === 0) return null;

  const open = (sku: string) => {
    if (start.isPending) return;
    setStarting(sku);
    start.mutate(sku, {
      onSuccess: ({ productId }) => navigate(`/admin/intake/${productId}`, { state: { deskSearch } satisfies DeskLinkState }),
      onError: (error) => toast({ variant: 'destructive', title: "Couldn't start this draft's intake", description: failureText(error) }),
      onSettled: () => setStarting(null),
    });
  };

  return (
    <Card role="region" aria-labelledby="adm-waiting-drafts-title">
      <CardHeader>
        <CardTitle level={2} id="adm-waiting-drafts-title">
          {`From manifests, waiting for intake (${total.toLocaleString('en-US')})`}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {waiting.isError ? (
          <p className="adm-error" role="alert">
            Couldn't load the waiting drafts. {serverMessage(waiting.error) ?? 'Please try again.'}
          </p>
        ) : !waiting.data ? (
          <Skeleton style={{ height: '5rem' }} />
        ) : (
          <>
            <ol className="adm-intake-entries adm-waiting-drafts">
              {waiting.data.drafts.map((d) => (
                <li key={d.sku} className="adm-waiting-draft" data-waiting-sku={d.sku}>
                  <div className="adm-waiting-draft__body">
                    <p className="adm-intake-entry__title">{d.title}</p>
                    <p className="adm-intake-entry__facts pl-muted">
                      <code>{d.sku}</code> · {`${d.units} ${d.units === 1 ? 'unit' : 'units'}`} · ${d.price} · <ConditionBadge grade={d.conditionGrade} /> ·{' '}
                      <Link to={`/admin/manifests/${d.manifestId}`}>{d.fileName}</Link>, row {d.row}
                    </p>
                  </div>
                  <Button variant="outline" onClick={() => open(d.sku)} aria-busy={starting === d.sku || undefined} aria-label={`Start intake: ${d.title} (${d.sku})`}>
                    {starting === d.sku && <Spinner />}
                    Start intake
                  </Button>
                </li>
              ))}
            </ol>
            {total > waiting.data.drafts.length && (
              <Button variant="outline" className="adm-more" onClick={() => setLimit((n) => Math.min(100, n + SHOWN))} disabled={limit >= 100}>
                {limit >= 100 ? `Showing the first 100 of ${total.toLocaleString('en-US')}: search to narrow` : 'Show more'}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
