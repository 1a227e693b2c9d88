import type { IngestedEvent } from '@pl/contracts';
import { Card, CardContent, CardHeader, CardTitle, Skeleton, type UseQueryResult } from '@pl/ui';
import { EVENTS_SHOWN, payloadPreview } from '../../../shared/utils/event-preview.js';
import { PanelError } from '../../../shared/components/panel-error.js';

/** The first 10 events as the server orders them (newest first), each payload cut to 50 characters; polled every 5 s. */
export function RecentEventsPanel({ query }: { query: UseQueryResult<IngestedEvent[]> }) {
  return (
    <Card className="adm-events-card" role="region" aria-labelledby="adm-events-title">
      <CardHeader>
        <CardTitle level={2} id="adm-events-title">Recent Events</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton style={{ height: '8rem' }} />
        ) : query.isError ? (
          <PanelError what="recent events" error={query.error} />
        ) : query.data.length === 0 ? (
          <p className="pl-muted">No events yet.</p>
        ) : (
          <ol className="adm-events">
            {query.data.slice(0, EVENTS_SHOWN).map((e) => (
              <li key={e.id} className="adm-event" data-event-type={e.type}>
                <div className="adm-event__head">
                  <strong className="adm-event__type">{e.type}</strong>
                  <time dateTime={e.ingestedAt}>{new Date(e.ingestedAt).toLocaleString()}</time>
                </div>
                <code className="adm-event__payload">{payloadPreview(e.payload)}</code>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
