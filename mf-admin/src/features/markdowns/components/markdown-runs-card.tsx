import type { MarkdownRunList } from '@pl/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@pl/ui';
import { PanelError } from '../../../shared/components/panel-error.js';
import { formatDateTime } from '../../../shared/utils/date-text.js';
import { changedText, intervalText, startedByText } from '../utils/markdown-text.js';

interface Props {
  runs: { data: MarkdownRunList | undefined; error: unknown };
}

/** The latest runs (when, by whom or on schedule, how many prices each changed) and how often the schedule runs. */
export function MarkdownRunsCard({ runs }: Props) {
  const data = runs.data;
  return (
    <Card role="region" aria-labelledby="adm-md-runs-title">
      <CardHeader>
        <CardTitle level={2} id="adm-md-runs-title">
          Recent runs
        </CardTitle>
        {data && <CardDescription data-interval-hours={data.intervalHours}>{`The markdowns run on their own ${intervalText(data.intervalHours)}, and whenever an admin runs them by hand.`}</CardDescription>}
      </CardHeader>
      <CardContent>
        {!data && runs.error ? (
          <PanelError what="the runs" error={runs.error} />
        ) : !data ? (
          <Skeleton style={{ height: '6rem' }} />
        ) : data.runs.length === 0 ? (
          <p className="pl-muted">No run yet.</p>
        ) : (
          <div className="adm-table-wrap" tabIndex={0} role="group" aria-label="Recent markdown runs">
            <table className="adm-table adm-table--stacked adm-md-runs-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Started</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {data.runs.map((run) => (
                  <tr key={run.id} data-run-trigger={run.trigger}>
                    <td className="adm-nowrap" data-label="When">
                      <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
                    </td>
                    <td data-label="Started">
                      <span>{startedByText(run)}</span>
                    </td>
                    <td data-label="Outcome">
                      <span>{run.finishedAt ? changedText(run.changed) : 'Running'}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
