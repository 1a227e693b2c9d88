import type { IntakeCounts } from '@pl/contracts';
import { buttonClass, Card, CardContent, CardDescription, CardHeader, CardTitle, Link, Skeleton, type UseQueryResult } from '@pl/ui';
import { PanelError } from '../../../shared/components/panel-error.js';
import { deskClear, deskQueryOf, queueCountText } from '../utils/intake-queue.js';

const QUEUES = ['drafts', 'not_inspected', 'no_photos', 'stale'] as const;

/** The dashboard's view of the intake desk: how many listings wait in each queue, each a link to it. */
export function IntakeCountsCard({ counts }: { counts: UseQueryResult<IntakeCounts> }) {
  return (
    <Card className="adm-intake-counts" role="region" aria-labelledby="adm-intake-counts-title">
      <CardHeader>
        <CardTitle level={2} id="adm-intake-counts-title">
          Intake desk
        </CardTitle>
        <CardDescription>Listings to inspect, grade and photograph.</CardDescription>
      </CardHeader>
      <CardContent className="adm-actions">
        {counts.isPending ? (
          <Skeleton style={{ height: '5rem' }} />
        ) : counts.isError && !counts.data ? (
          <PanelError what="the intake counts" error={counts.error} />
        ) : deskClear(counts.data) ? (
          <p className="pl-muted adm-counts-none">Every listing is on sale, inspected and photographed.</p>
        ) : (
          <ul className="adm-intake-counts__list">
            {QUEUES.map((queue) => (
              <li key={queue} data-intake-count={queue}>
                <Link to={`/admin/intake${deskQueryOf({ queue })}`}>{queueCountText(queue, counts.data)}</Link>
              </li>
            ))}
          </ul>
        )}
        <Link to="/admin/intake" className={buttonClass({ variant: 'outline', block: true })}>
          Open the intake desk
        </Link>
      </CardContent>
    </Card>
  );
}
