import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, MarkdownRun } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { markdownPreviewQueryOptions } from './get-markdown-preview.js';
import { markdownRunsQueryOptions } from './get-markdown-runs.js';

/** POST /api/admin/markdowns/runs: runs the markdowns now (201, the run done), or 409 while another run is under way. */
export async function startMarkdownRun(): Promise<MarkdownRun> {
  return MarkdownRun.parse(await apiJson('POST', ApiPaths.catalog.markdownRuns));
}

/** Done or refused, the runs and the next run's changes are read again (a 409's run may have finished meanwhile). */
export function useStartMarkdownRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startMarkdownRun,
    onSettled: () => Promise.all([markdownRunsQueryOptions(), markdownPreviewQueryOptions()].map(({ queryKey }) => queryClient.invalidateQueries({ queryKey }))),
  });
}
