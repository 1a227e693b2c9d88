import { ApiPaths, type MarkdownRuleList } from '@pl/contracts';
import { apiRequest, errorStatus, toast, useMutation, useQueryClient } from '@pl/ui';
import { failureText } from '../../../shared/utils/failure-text.js';
import { markdownPreviewQueryOptions } from './get-markdown-preview.js';
import { markdownRulesQueryOptions } from './get-markdown-rules.js';

/** DELETE /api/admin/markdowns/rules/:id (204). */
export async function deleteMarkdownRule(id: string): Promise<void> {
  await apiRequest('DELETE', ApiPaths.catalog.markdownRule(id));
}

/**
 * Deleted (or found deleted already, a 404), the rule leaves the list at once and the next run's
 * changes are read again. Any other failure is toasted with the server's reason.
 */
export function useDeleteMarkdownRule() {
  const queryClient = useQueryClient();
  const gone = (id: string) => {
    queryClient.setQueryData<MarkdownRuleList>(markdownRulesQueryOptions().queryKey, (list) => list && { rules: list.rules.filter((r) => r.id !== id) });
    return Promise.all([markdownRulesQueryOptions(), markdownPreviewQueryOptions()].map(({ queryKey }) => queryClient.invalidateQueries({ queryKey })));
  };
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await deleteMarkdownRule(id);
      } catch (error) {
        if (errorStatus(error) !== 404) throw error;
      }
    },
    onSuccess: (_done, id) => void gone(id),
    onError: (error) => toast({ variant: 'destructive', title: "Couldn't delete the rule", description: failureText(error) }),
  });
}
