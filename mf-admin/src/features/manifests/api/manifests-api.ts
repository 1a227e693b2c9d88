import { useCallback } from 'react';
import { ApiPaths, ManifestDetail, ManifestDryRun, ManifestList, ManifestRows, ManifestSettings, ManifestUploaded } from '@pl/contracts';
import { apiJson, queryOptions, useMutation, useQuery, useQueryClient } from '@pl/ui';
import { uploadWithProgress, type Upload } from '../../../shared/api/upload-with-progress.js';
import { adminCache } from '../../../shared/team-cache.js';

/** While an import runs, its page reads its progress this often. */
export const IMPORT_POLL_MS = 1000;

export const manifestListKey = adminCache.key(ApiPaths.catalog.manifests);
export const manifestKey = (id: string) => adminCache.key(ApiPaths.catalog.manifest(id));

/** GET /api/admin/manifests: the latest manifests, newest first (read again every few seconds while one imports). */
export function useManifestList() {
  return useQuery(
    queryOptions({
      queryKey: manifestListKey,
      queryFn: async () => ManifestList.parse(await apiJson('GET', ApiPaths.catalog.manifests)),
      refetchInterval: (query) => (query.state.data?.manifests.some((m) => m.status === 'importing') ? IMPORT_POLL_MS * 3 : false),
    }),
  );
}

/** GET /api/admin/manifests/:id, every second while it imports (its progress and time left). */
export function useManifest(id: string) {
  return useQuery(
    queryOptions({
      queryKey: manifestKey(id),
      queryFn: async () => ManifestDetail.parse(await apiJson('GET', ApiPaths.catalog.manifest(id))),
      refetchInterval: (query) => (query.state.data?.status === 'importing' ? IMPORT_POLL_MS : false),
    }),
  );
}

/** POST the CSV (a file's bytes or pasted text), reporting how much has gone: the new manifest, or the earlier one of the same file. */
export function uploadManifest(file: Blob, name: string, onProgress: (loaded: number, total: number) => void): Upload<ManifestUploaded> {
  return uploadWithProgress(`${ApiPaths.catalog.manifests}?${new URLSearchParams({ name })}`, file, 'text/csv', onProgress, (answer) => ManifestUploaded.parse(answer));
}

/** POST …/dry-run: what an import with these settings would do; changes nothing. */
export function useDryRun(id: string) {
  return useMutation({
    mutationFn: async (settings: ManifestSettings) => ManifestDryRun.parse(await apiJson('POST', ApiPaths.catalog.manifestDryRun(id), ManifestSettings.parse(settings))),
  });
}

/** POST …/import (202) or …/cancel: the manifest as it now is, put in the cache. */
export function useManifestAction(id: string, action: 'import' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings?: ManifestSettings) =>
      ManifestDetail.parse(
        await apiJson('POST', action === 'import' ? ApiPaths.catalog.manifestImport(id) : ApiPaths.catalog.manifestCancel(id), action === 'import' ? ManifestSettings.parse(settings) : {}),
      ),
    onSuccess: (detail) => {
      queryClient.setQueryData(manifestKey(id), detail);
      void queryClient.invalidateQueries({ queryKey: manifestListKey });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: manifestKey(id) }),
  });
}

/** GET …/rows?outcome=refused: the refused rows and why (the first page), once the import has written them. */
export function useRefusedRows(id: string, enabled: boolean, rowsDone: number) {
  return useQuery(
    queryOptions({
      queryKey: [...manifestKey(id), 'refused', rowsDone],
      queryFn: async () => ManifestRows.parse(await apiJson('GET', `${ApiPaths.catalog.manifestRows(id)}?${new URLSearchParams({ outcome: 'refused', limit: '200' })}`)),
      enabled,
    }),
  );
}

/**
 * When an import ends, what the intake desk shows of drafts is out of date (its queues hear of
 * listings' changes, and the drafts waiting are no listings yet): its counts, queues and waiting drafts are read again.
 */
export function useRefreshDeskAfterImport() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all([ApiPaths.catalog.intakeCounts, ApiPaths.catalog.intake, ApiPaths.catalog.manifestDrafts].map((path) => queryClient.invalidateQueries({ queryKey: adminCache.key(path) }))),
    [queryClient],
  );
}
