import { useState, type FormEvent } from 'react';
import type { ProblemEvent } from '@pl/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, Skeleton } from '@pl/ui';
import { PanelError } from '../../../shared/components/panel-error.js';
import { useFocusHandOff } from '../../../shared/components/use-focus-hand-off.js';
import { payloadPreview } from '../../../shared/utils/event-preview.js';
import { useProblemEvents } from '../api/get-problem-events.js';
import { useReopenEvents, type Reopen } from '../api/reopen-events.js';
import { localInputValue, problemStateText, replaySince } from '../utils/event-inbox-text.js';

/**
 * The POS event inbox: webhook events that did not apply, with why (failed ones stay until retried;
 * others are retried on their own after an error), Retry on each and Retry all; and a replay of every
 * event received since a chosen time, which is safe to run (counts apply only when newer than the
 * shop's, products are read as the POS has them now, unconfirmed sales stay off).
 */
export function EventInboxPanel() {
  const query = useProblemEvents();
  const reopen = useReopenEvents();
  // Buttons stay focusable while a request is on its way (aria-disabled): focus never drops to <body>.
  const run = (what: Reopen) => !reopen.isPending && reopen.mutate(what);
  return (
    <Card className="adm-inbox-card" role="region" aria-labelledby="adm-inbox-title">
      <CardHeader className="adm-card-head">
        <div>
          <CardTitle level={2} id="adm-inbox-title" tabIndex={-1}>
            POS Event Inbox
          </CardTitle>
          <CardDescription>Events from the POS that did not apply, and a replay of what came in since a time.</CardDescription>
        </div>
        {query.data && query.data.total > 0 && (
          <Badge variant="secondary" tone="red" data-inbox-total={query.data.total}>
            {query.data.total} not applied
          </Badge>
        )}
      </CardHeader>
      <CardContent className="adm-inbox">
        {query.isPending ? (
          <Skeleton style={{ height: '5rem' }} />
        ) : query.isError ? (
          <PanelError what="the event inbox" error={query.error} />
        ) : query.data.events.length === 0 ? (
          <p className="pl-muted" data-inbox-empty>
            Every event from the POS has been applied.
          </p>
        ) : (
          <ProblemEvents events={query.data.events} busy={reopen.isPending} run={run} />
        )}
        <ReplayForm busy={reopen.isPending} onReplay={(since) => run({ since })} />
      </CardContent>
    </Card>
  );
}

/** The events and Retry all. An event that applies goes from the list (the list too, with the last): focus on its button moves to the heading. */
function ProblemEvents({ events, busy, run }: { events: ProblemEvent[]; busy: boolean; run: (what: Reopen) => void }) {
  const box = useFocusHandOff<HTMLDivElement>('adm-inbox-title');
  return (
    <div className="adm-inbox__problems" ref={box}>
      <ol className="adm-inbox__list">
        {events.map((e) => (
          <ProblemEventItem key={e.id} event={e} busy={busy} onRetry={() => run({ eventId: e.id })} />
        ))}
      </ol>
      <Button variant="outline" aria-disabled={busy || undefined} onClick={() => run({ all: true })}>
        Retry all
      </Button>
    </div>
  );
}

function ProblemEventItem({ event, busy, onRetry }: { event: ProblemEvent; busy: boolean; onRetry: () => void }) {
  const item = useFocusHandOff<HTMLLIElement>('adm-inbox-title');
  return (
    <li className="adm-inbox__item" data-inbox-event={event.id} data-inbox-status={event.status} ref={item}>
      <div className="adm-event__head">
        <strong className="adm-event__type">{event.type}</strong>
        <time dateTime={event.ingestedAt}>{new Date(event.ingestedAt).toLocaleString()}</time>
      </div>
      <code className="adm-event__payload">{payloadPreview(event.payload)}</code>
      <p className="adm-error-text adm-inbox__error">{event.error}</p>
      <div className="adm-inbox__foot">
        <span className="adm-hint">{problemStateText(event)}</span>
        <Button variant="outline" size="sm" aria-disabled={busy || undefined} aria-label={`Retry ${event.type} of ${new Date(event.ingestedAt).toLocaleString()}`} onClick={onRetry}>
          Retry
        </Button>
      </div>
    </li>
  );
}

function ReplayForm({ busy, onReplay }: { busy: boolean; onReplay: (since: string) => void }) {
  const [since, setSince] = useState(() => localInputValue(Date.now() - 60 * 60_000));
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = replaySince(since);
    setInvalid(at === undefined);
    if (at !== undefined && !busy) onReplay(at);
  };
  return (
    <form className="adm-inbox__replay" onSubmit={submit} noValidate>
      <div className="pl-field">
        <Label htmlFor="adm-replay-since">Replay events received since</Label>
        <Input
          id="adm-replay-since"
          type="datetime-local"
          value={since}
          max={localInputValue(Date.now())}
          onChange={(e) => setSince(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby="adm-replay-hint"
        />
        <p id="adm-replay-hint" className={invalid ? 'adm-error-text' : 'adm-hint'}>
          {invalid ? 'Choose a time in the past.' : 'Safe to run: a count older than the one applied changes nothing, and sold units stay off.'}
        </p>
      </div>
      <Button type="submit" variant="secondary" aria-disabled={busy || undefined}>
        Replay
      </Button>
    </form>
  );
}
