import { useCallback, useEffect, useRef } from 'react';
import type { SyncStatus } from '@pl/contracts';
import { toast, useQueryClient } from '@pl/ui';
import { runEndToast } from '../../../shared/utils/pos-settings-rules.js';
import { refreshAfterSync } from '../../../shared/api/refresh-after-sync.js';

/**
 * Announces the end of every sync run this dashboard saw running, however it was started (Sync
 * from POS here, another admin, the schedule) and whether or not the page was reloaded meanwhile:
 * 'Sync Completed' with its counts, 'Sync Failed' with why, or 'Sync Cancelled'. Answers `claim`,
 * which the trigger's own answer calls too, so each run is announced once.
 */
export function useSyncRunAnnouncer(status: SyncStatus | undefined): (runId: string) => boolean {
  const queryClient = useQueryClient();
  const seenRunning = useRef(new Set<string>());
  const announced = useRef(new Set<string>());
  const claim = useCallback((runId: string) => {
    if (announced.current.has(runId)) return false;
    announced.current.add(runId);
    return true;
  }, []);
  const run = status?.run;
  useEffect(() => {
    if (!run) return;
    if (run.status === 'running') {
      seenRunning.current.add(run.id);
      return;
    }
    if (!seenRunning.current.has(run.id) || !claim(run.id)) return;
    const message = runEndToast(run);
    if (message) toast(message);
    void refreshAfterSync(queryClient);
    // Runs again on every poll: seeing a run again, or its end again, changes nothing.
  }, [run, claim, queryClient]);
  return claim;
}
