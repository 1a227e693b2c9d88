import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, MarkdownRunList } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';

/** GET /api/admin/markdowns/runs: the latest runs, newest first, and how often the schedule runs them. */
export async function fetchMarkdownRuns(): Promise<MarkdownRunList> {
  return MarkdownRunList.parse(await apiJson('GET', ApiPaths.catalog.markdownRuns));
}

export const markdownRunsQueryOptions = () => queryOptions({ queryKey: adminCache.key(ApiPaths.catalog.markdownRuns), queryFn: fetchMarkdownRuns });

export function useMarkdownRuns() {
  return useQuery(markdownRunsQueryOptions());
}
