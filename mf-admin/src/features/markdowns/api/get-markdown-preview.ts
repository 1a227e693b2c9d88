import { ApiPaths, MarkdownPreview } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';

/** GET /api/admin/markdowns/preview: the prices the next run changes (the first MARKDOWN_PREVIEW_MAX) and how many in all. */
export async function fetchMarkdownPreview(): Promise<MarkdownPreview> {
  return MarkdownPreview.parse(await apiJson('GET', ApiPaths.catalog.markdownPreview));
}

export const markdownPreviewQueryOptions = () => queryOptions({ queryKey: adminCache.key(ApiPaths.catalog.markdownPreview), queryFn: fetchMarkdownPreview });

export function useMarkdownPreview() {
  return useQuery(markdownPreviewQueryOptions());
}
