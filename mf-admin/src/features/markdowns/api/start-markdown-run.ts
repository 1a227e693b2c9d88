import { ApiPaths, MarkdownRun } from '@pl/contracts';
import { apiJson, useMutation, useQueryClient } from '@pl/ui';
import { markdownRunsQueryOptions } from './get-markdown-runs.js';

/**
 * POST /api/admin/markdowns/runs: asks for a run (202, the run waiting; decision 060), or 409 while
 * another is waiting or under way. The run is done in the background: the runs list tells its end.
 */
export async function startMarkdownRun(): Promise<MarkdownRun> {
  return MarkdownRun.parse(await apiJson('POST', ApiPaths.catalog.markdownRuns));
}

/** Asked for or refused, the runs are read again (they then poll while a run is unfinished: get-markdown-runs.ts). */
export function useStartMarkdownRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startMarkdownRun,
    onSettled: () => queryClient.invalidateQueries({ queryKey: markdownRunsQueryOptions().queryKey }),
  });
}
