import type { UseQueryResult } from '@tanstack/react-query';
import type { IngestedEvent } from '@pl/contracts';
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@pl/ui';
import { EVENTS_SHOWN, payloadPreview } from '../utils/event-preview.js';
import { PanelError } from './panel-error.js';

export function RecentEventsPanel({ query }: { query: UseQueryResult<IngestedEvent[]> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Events</CardTitle>
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
              <li key={e.id} className="adm-event">
                <div className="adm-event__head">
                  <strong>{e.type}</strong>
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
