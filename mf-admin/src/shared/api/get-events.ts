import { ApiPaths, IngestedEventList, type IngestedEvent } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../team-cache.js';

/** Spec §9: recent events are polled every 5 s. */
export const EVENTS_POLL_MS = 5_000;

/** GET /api/admin/events: POS events as ingested, newest first. */
export async function fetchEvents(): Promise<IngestedEvent[]> {
  return IngestedEventList.parse(await apiJson('GET', ApiPaths.pos.events));
}

export const eventsQueryOptions = () =>
  queryOptions({ queryKey: adminCache.key(ApiPaths.pos.events), queryFn: fetchEvents, refetchInterval: EVENTS_POLL_MS });

export function useEvents() {
  return useQuery(eventsQueryOptions());
}
