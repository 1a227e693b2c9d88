import { useEffect, useRef, useState } from 'react';
import type { MarkdownPreview } from '@pl/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, cx, Dialog, errorStatus, formatPrice, Link, serverMessage, Skeleton, useQueryClient } from '@pl/ui';
import { ActionButton } from '../../../shared/components/action-button.js';
import { PanelError } from '../../../shared/components/panel-error.js';
import { useFocusAfterRender } from '../../../shared/components/use-focus-after-render.js';
import { failureText } from '../../../shared/utils/failure-text.js';
import { markdownPreviewQueryOptions } from '../api/get-markdown-preview.js';
import { useMarkdownRuns } from '../api/get-markdown-runs.js';
import { useStartMarkdownRun } from '../api/start-markdown-run.js';
import { previewCountText, pricesText, runOutcomeText, whyText } from '../utils/markdown-text.js';

interface Props {
  preview: { data: MarkdownPreview | undefined; error: unknown; isFetching: boolean };
}

/**
 * What the next run changes (the same plan the run applies, decision 052): each listing's price
 * now and after, and why (the rule, its step, the floor); and the run by hand, confirmed first.
 */
export function MarkdownPreviewCard({ preview }: Props) {
  const data = preview.data;
  return (
    <Card role="region" aria-labelledby="adm-md-preview-title">
      <CardHeader>
        <div className="adm-card-head">
          <div>
            <CardTitle level={2} id="adm-md-preview-title">
              Next run
            </CardTitle>
            <CardDescription>The prices the next run lowers, as the rules stand now.</CardDescription>
          </div>
          <RunMarkdownsNow total={data?.total} />
        </div>
      </CardHeader>
      <CardContent>
        {!data && preview.error ? (
          <PanelError what="the preview" error={preview.error} />
        ) : !data ? (
          <Skeleton style={{ height: '8rem' }} />
        ) : (
          <>
            <p className="adm-orders__count" role="status" data-preview-total={data.total}>
              {previewCountText(data)}
            </p>
            {data.changes.length > 0 && (
              <div className={cx('adm-table-wrap', preview.isFetching && 'adm-table-wrap--stale')} tabIndex={0} role="group" aria-label="Price changes of the next run">
                <table className="adm-table adm-table--stacked adm-md-preview-table">
                  <thead>
                    <tr>
                      <th scope="col">Listing</th>
                      <th scope="col">SKU</th>
                      <th scope="col" className="adm-num">
                        Price now
                      </th>
                      <th scope="col" className="adm-num">
                        New price
                      </th>
                      <th scope="col">Why</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.changes.map((c) => (
                      <tr key={c.variantId} data-preview-sku={c.sku}>
                        <th scope="row" data-label="Listing">
                          <span>
                            <Link to={`/admin/intake/${c.productId}`}>{c.title}</Link>
                          </span>
                        </th>
                        <td data-label="SKU">
                          <code>{c.sku}</code>
                        </td>
                        <td className="adm-num" data-label="Now">
                          <span>{formatPrice(c.oldPrice)}</span>
                        </td>
                        <td className="adm-num adm-md-new-price" data-label="New">
                          <span>{formatPrice(c.newPrice)}</span>
                        </td>
                        <td data-label="Why">
                          <span className="adm-md-why">
                            <strong>{c.ruleName}</strong>
                            <span>{whyText(c)}</span>
                            <span className="adm-cell-sub">{`On sale ${c.daysOnSale} ${c.daysOnSale === 1 ? 'day' : 'days'}`}</span>
                          </span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * 'Run markdowns now', confirmed in a dialog. The run is asked for and done in the background
 * (decision 060): the line below says it is running, then, read from the runs list, what it
 * changed (or why it stopped); the preview is read again once it has ended.
 */
function RunMarkdownsNow({ total }: { total: number | undefined }) {
  const run = useStartMarkdownRun();
  const runs = useMarkdownRuns();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const mine = asked === null ? undefined : runs.data?.runs.find((r) => r.id === asked);
  const ended = mine?.finishedAt != null;

  // Ended: the preview is read again, and a refusal meanwhile ('under way') gives way to the result.
  useEffect(() => {
    if (!ended) return;
    setRefused(null);
    void queryClient.invalidateQueries({ queryKey: markdownPreviewQueryOptions().queryKey });
  }, [ended, queryClient]);

  const start = () =>
    run.mutate(undefined, {
      onSuccess: (waiting) => {
        setAsked(waiting.id);
        setRefused(null);
      },
      onError: (error) => {
        setRefused(errorStatus(error) === 409 ? (serverMessage(error) ?? 'A markdown run is under way: wait for it to finish.') : `Couldn't run the markdowns. ${failureText(error)}`);
      },
      // The dialog closes either way; focus goes to what came of it.
      onSettled: () => {
        setOpen(false);
        focusAfterRender(() => outcomeRef.current);
      },
    });

  const outcome: { ok: boolean; text: string; state: string } | null = refused
    ? { ok: false, text: refused, state: 'refused' }
    : asked === null
      ? null
      : !ended
        ? { ok: true, text: 'Running the markdowns: what they change shows here when they are done.', state: 'running' }
        : mine!.error
          ? { ok: false, text: mine!.error, state: 'failed' }
          : { ok: true, text: runOutcomeText(mine!.changed), state: 'done' };

  const description =
    total === undefined
      ? 'The rules apply as they are now.'
      : total === 0
        ? 'The preview lists no price to lower: the run changes nothing unless listings reached a step meanwhile.'
        : `The rules apply as they are now: the preview lists ${pricesText(total)} to lower. Shoppers see the new prices at once, and each change is kept in its listing's price history.`;
  return (
    <div className="adm-md-run">
      <Button onClick={() => setOpen(true)} data-action="run-markdowns">
        Run markdowns now
      </Button>
      {outcome && (
        <p ref={outcomeRef} tabIndex={-1} className={cx('adm-test-result', outcome.ok ? 'adm-test-result--ok' : 'adm-test-result--failed')} role={outcome.ok ? 'status' : 'alert'} data-run-outcome={outcome.state}>
          {outcome.text}
        </p>
      )}
      <Dialog open={open} onOpenChange={setOpen} title="Run the markdowns now?" description={description}>
        <div className="adm-dialog__buttons">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Not now
          </Button>
          <ActionButton variant="default" pending={run.isPending} onClick={start}>
            Run markdowns
          </ActionButton>
        </div>
      </Dialog>
    </div>
  );
}
