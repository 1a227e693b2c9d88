import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { Link, Skeleton, useLocation, useSearchParams } from '@pl/ui';
import { AccessDenied, useAdminAccess } from '../../../shared/components/admin-access.js';
import { useIntakeCounts } from '../api/get-intake-counts.js';
import { useIntakeList } from '../api/get-intake-list.js';
import { deskQueryOf, deskSearchOf, type DeskLinkState, type DeskSearch } from '../utils/intake-queue.js';
import { IntakeListCard } from './intake-list-card.js';
import { IntakeSearchForm } from './intake-search-form.js';
import { QueueTabs } from './queue-tabs.js';
import { WaitingDraftsCard } from './waiting-drafts-card.js';

/**
 * /admin/intake: the intake desk. Find a listing by scanning its barcode or searching, or work
 * through a queue (no photos, not inspected, inspected long ago); each listing opens on its own page.
 * The queue and the search are the URL's query.
 */
export function IntakeDeskPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = useMemo(() => deskSearchOf(searchParams), [searchParams]);
  // Replaces the entry: Back leaves the desk (from a listing, it returns to the desk as it was).
  const applySearch = useCallback((next: DeskSearch) => setSearchParams(deskQueryOf(next), { replace: true }), [setSearchParams]);
  const list = useIntakeList(search);
  const counts = useIntakeCounts();
  const scanRef = useRef<HTMLInputElement>(null);
  useFocusScanOnReturn(scanRef);

  const access = useAdminAccess([list, counts]);
  if (access === 'signed-out' || access === 'forbidden') return <AccessDenied signedIn={access === 'forbidden'} what="the intake desk" />;

  return (
    <div className="pl-container pl-page adm-page adm-intake">
      <p className="adm-back">
        <Link to="/admin">Admin dashboard</Link>
      </p>
      <h1 className="pl-page__title">Intake desk</h1>
      <p className="pl-page__lead">Inspect, grade, photograph and describe each unit before shoppers see it.</p>
      {access === 'checking' ? (
        <div className="adm-checking" aria-busy="true">
          <p className="pl-visually-hidden">Loading the intake desk...</p>
          <Skeleton style={{ height: '6rem' }} />
          <Skeleton style={{ height: '20rem' }} />
        </div>
      ) : (
        <div className="adm-layout">
          <IntakeSearchForm ref={scanRef} search={search} onSearch={applySearch} />
          <QueueTabs search={search} counts={counts} />
          {search.queue === 'drafts' && <WaitingDraftsCard q={search.q} deskSearch={deskQueryOf(search)} />}
          <IntakeListCard list={list} search={search} staleAfterDays={counts.data?.staleAfterDays} />
        </div>
      )}
    </div>
  );
}

/** Back from a listing, the scan field takes the keyboard, so the next barcode can be scanned at once. */
function useFocusScanOnReturn(scanRef: RefObject<HTMLInputElement | null>) {
  const state = useLocation().state as Partial<DeskLinkState> | null;
  const pending = useRef(state?.focusScan === true);
  // After every render until the field is there (it appears once the access check has answered).
  useEffect(() => {
    if (!pending.current || !scanRef.current) return;
    pending.current = false;
    scanRef.current.focus();
  });
}
