import { ApiPaths, MarkdownRunList } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';

/** GET /api/admin/markdowns/runs: the latest runs, newest first, and how often the schedule runs them. */
export async function fetchMarkdownRuns(): Promise<MarkdownRunList> {
  return MarkdownRunList.parse(await apiJson('GET', ApiPaths.catalog.markdownRuns));
}

/** How often the runs are read again while one is waiting or under way (a run by hand is done in the background). */
export const UNFINISHED_RUN_POLL_MS = 1000;

export const markdownRunsQueryOptions = () =>
  queryOptions({
    queryKey: adminCache.key(ApiPaths.catalog.markdownRuns),
    queryFn: fetchMarkdownRuns,
    refetchInterval: (query) => (query.state.data?.runs.some((run) => run.finishedAt === null) ? UNFINISHED_RUN_POLL_MS : false),
  });

export function useMarkdownRuns() {
  return useQuery(markdownRunsQueryOptions());
}
