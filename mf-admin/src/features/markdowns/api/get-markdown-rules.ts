import { ApiPaths, MarkdownRuleList } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';

/** GET /api/admin/markdowns/rules: every markdown rule, oldest first (the order ties between rules are settled in). */
export async function fetchMarkdownRules(): Promise<MarkdownRuleList> {
  return MarkdownRuleList.parse(await apiJson('GET', ApiPaths.catalog.markdownRules));
}

export const markdownRulesQueryOptions = () => queryOptions({ queryKey: adminCache.key(ApiPaths.catalog.markdownRules), queryFn: fetchMarkdownRules });

export function useMarkdownRules() {
  return useQuery(markdownRulesQueryOptions());
}
