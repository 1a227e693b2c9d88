import { ApiPaths, ProblemEventList } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { EVENTS_POLL_MS } from '../../../shared/api/get-events.js';
import { adminCache } from '../../../shared/team-cache.js';

/** GET /api/admin/events/problems: events that did not apply, newest first (polled like the recent events). */
export async function fetchProblemEvents(): Promise<ProblemEventList> {
  return ProblemEventList.parse(await apiJson('GET', ApiPaths.pos.eventProblems));
}

export const problemEventsQueryOptions = () => queryOptions({ queryKey: adminCache.key(ApiPaths.pos.eventProblems), queryFn: fetchProblemEvents, refetchInterval: EVENTS_POLL_MS });

export function useProblemEvents() {
  return useQuery(problemEventsQueryOptions());
}
