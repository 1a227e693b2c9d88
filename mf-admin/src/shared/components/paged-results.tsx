import { useRef, type ReactNode } from 'react';
import { Button, cx, serverMessage, Skeleton } from '@pl/ui';
import { Spinner } from './spinner.js';
import { useFocusAfterRender } from './use-focus-after-render.js';
import { useRetry } from './use-retry.js';

/** What PagedResults reads of an infinite query (TanStack's useInfiniteQuery result). */
interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  error: unknown;
  refetch: () => Promise<{ isError: boolean }>;
  fetchNextPage: (options: { cancelRefetch: boolean }) => Promise<{ isError: boolean }>;
}

interface Props {
  query: PagedQuery;
  /** Rows shown now (every loaded page). */
  shown: number;
  /** The line above the table: how many are shown, or why none. */
  countText: string;
  /** What the list is, in 'Couldn't load {what}' and the loading text ('the orders'). */
  what: string;
  /** The table's accessible name. */
  tableLabel: string;
  /** Marks each row's focus target: after the next page, focus goes to the first that came. */
  rowSelector: string;
  /** The next page's button ('Show more', 'Load more'). */
  moreLabel: string;
  /** The table, when there are rows. */
  children: ReactNode;
}

/**
 * A list of an admin page, a page at a time: skeleton while the first page loads, the failure and
 * Retry when nothing came, the count, a notice when a refetch failed over rows already shown, the
 * table (dimmed while other filters load), and the next page's button. Focus never drops to body: a
 * recovered Retry goes to the count, a next page to its first row.
 */
export function PagedResults({ query, shown, countText, what, tableLabel, rowSelector, moreLabel, children }: Props) {
  const focusAfterRender = useFocusAfterRender();
  const countRef = useRef<HTMLParagraphElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const stale = query.isPlaceholderData;
  // The error and its button give way to the list: the reader goes to what came.
  const { retry, retrying, error } = useRetry(query, () => countRef.current);
  const showMore = async () => {
    if (query.isFetching) return;
    // Never cancels a refetch under way (it would drop what it brings): waits for it.
    const result = await query.fetchNextPage({ cancelRefetch: false });
    if (!result.isError) focusAfterRender(() => tableRef.current?.querySelectorAll<HTMLElement>(rowSelector)[shown] ?? countRef.current);
  };

  return (
    <div className="adm-orders__results" aria-busy={stale || undefined}>
      {query.isPending && !retrying ? (
        <div aria-busy="true">
          <p className="pl-visually-hidden">Loading {what}...</p>
          <Skeleton style={{ height: '12rem' }} />
        </div>
      ) : shown === 0 && (query.isError || (retrying && query.isPending)) ? (
        <div className="adm-orders__error">
          <p className="adm-error" role="alert">
            Couldn't load {what}. {serverMessage(error) ?? 'Please try again.'}
          </p>
          <Button variant="outline" onClick={() => void retry()} aria-disabled={retrying || undefined} aria-busy={retrying || undefined}>
            {retrying && <Spinner />}
            Retry
          </Button>
        </div>
      ) : (
        <>
          <p ref={countRef} tabIndex={-1} className="adm-orders__count" role="status">
            {countText}
          </p>
          {query.isError && (
            <p className="adm-error adm-orders__stale" role="alert">
              Couldn't refresh {what}; these may be out of date.{' '}
              <Button variant="outline" size="sm" onClick={() => void retry()} aria-disabled={retrying || undefined}>
                Retry
              </Button>
            </p>
          )}
          {shown > 0 && (
            <div ref={tableRef} className={cx('adm-table-wrap', stale && 'adm-table-wrap--stale')} tabIndex={0} role="group" aria-label={tableLabel}>
              {children}
            </div>
          )}
          {query.hasNextPage && !stale && (
            <div className="adm-more">
              <Button variant="outline" onClick={() => void showMore()} aria-disabled={query.isFetching || undefined} aria-busy={query.isFetchingNextPage || undefined}>
                {query.isFetchingNextPage && <Spinner />}
                {moreLabel}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
