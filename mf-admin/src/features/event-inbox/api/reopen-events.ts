import { ApiPaths, EventsReopened } from '@pl/contracts';
import { apiJson, serverMessage, toast, useMutation, useQueryClient } from '@pl/ui';
import { eventsQueryOptions } from '../../../shared/api/get-events.js';
import { problemEventsQueryOptions } from './get-problem-events.js';
import { reopenedText } from '../utils/event-inbox-text.js';

/** What the admin asks: one event again, every problem event again, or everything received since a time. */
export type Reopen = { eventId: string } | { all: true } | { since: string };

/** POST /api/admin/events/:id/retry, /api/admin/events/retry or /api/admin/events/replay. */
export async function reopenEvents(what: Reopen): Promise<EventsReopened> {
  const answer =
    'eventId' in what ? await apiJson('POST', ApiPaths.pos.retryEvent(encodeURIComponent(what.eventId)))
    : 'all' in what ? await apiJson('POST', ApiPaths.pos.retryEvents)
    : await apiJson('POST', ApiPaths.pos.replayEvents, { since: what.since });
  return EventsReopened.parse(answer);
}

export function useReopenEvents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenEvents,
    onSuccess: ({ count }, what) => toast({ title: 'since' in what ? 'Replay Started' : 'Retry Started', description: reopenedText(count) }),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'Failed to apply the events again' }),
    // The applier works on them at once: what it makes of them shows on the next polls.
    onSettled: () => Promise.all([problemEventsQueryOptions().queryKey, eventsQueryOptions().queryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
