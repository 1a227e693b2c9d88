import { ApiPaths, MarkdownRule, MarkdownRuleInput } from '@pl/contracts';
import { apiJson, useMutation, useQueryClient } from '@pl/ui';
import { markdownPreviewQueryOptions } from './get-markdown-preview.js';
import { markdownRulesQueryOptions } from './get-markdown-rules.js';

/** POST /api/admin/markdowns/rules (a new rule, `id` unset) or PUT …/rules/:id: the rule as saved. */
export async function saveMarkdownRule({ id, input }: { id?: string; input: MarkdownRuleInput }): Promise<MarkdownRule> {
  const body = MarkdownRuleInput.parse(input);
  return MarkdownRule.parse(await apiJson(id ? 'PUT' : 'POST', id ? ApiPaths.catalog.markdownRule(id) : ApiPaths.catalog.markdownRules, body));
}

/** Saved, the rules and the next run's changes are read again. A refusal is the form's to show, beside its field. */
export function useSaveMarkdownRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMarkdownRule,
    onSuccess: () =>
      Promise.all([markdownRulesQueryOptions(), markdownPreviewQueryOptions()].map(({ queryKey }) => queryClient.invalidateQueries({ queryKey }))),
  });
}
