import { useMemo, useRef } from 'react';
import type { IntakeEntry } from '@pl/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, ConditionBadge, cx, Link, serverMessage, Skeleton } from '@pl/ui';
import { Spinner } from '../../../shared/components/spinner.js';
import { useFocusAfterRender } from '../../../shared/components/use-focus-after-render.js';
import { useRetry } from '../../../shared/components/use-retry.js';
import { formatDay } from '../../../shared/utils/date-text.js';
import type { IntakeListResult } from '../api/get-intake-list.js';
import {
  deskQueryOf,
  emptyQueueText,
  isStale,
  loadedEntries,
  matchingTotal,
  photoCountText,
  queueLabel,
  showingText,
  type DeskLinkState,
  type DeskSearch,
} from '../utils/intake-queue.js';

interface Props {
  list: IntakeListResult;
  search: DeskSearch;
  staleAfterDays: number | undefined;
}

/**
 * The queue's listings, 25 at a time ('Show more'), each with its cover photo, grade, photos and
 * last inspection. The list follows every change at the desk (product.updated); while another queue
 * loads, the previous rows stay (dimmed), and a failed refresh keeps them with a notice.
 */
export function IntakeListCard({ list, search, staleAfterDays }: Props) {
  const focusAfterRender = useFocusAfterRender();
  const countRef = useRef<HTMLParagraphElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const pages = list.data?.pages;
  const entries = useMemo(() => loadedEntries(pages ?? []), [pages]);
  const total = matchingTotal(pages ?? [], entries.length);
  const stale = list.isPlaceholderData;
  const { retry, retrying, error } = useRetry(list, () => countRef.current);
  const showMore = async () => {
    if (list.isFetching) return;
    const shown = entries.length;
    // Never cancels a refresh under way (it would drop what it brings): waits for it.
    const result = await list.fetchNextPage({ cancelRefetch: false });
    if (!result.isError) focusAfterRender(() => listRef.current?.querySelectorAll<HTMLElement>('[data-listing-link]')[shown] ?? countRef.current);
  };
  const title = search.q ? `Search results: ${queueLabel(search.queue, staleAfterDays)}` : queueLabel(search.queue, staleAfterDays);

  return (
    <Card className="adm-intake-list" role="region" aria-labelledby="adm-intake-list-title">
      <CardHeader>
        <CardTitle level={2} id="adm-intake-list-title">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent aria-busy={stale || undefined}>
        {list.isPending && !retrying ? (
          <div aria-busy="true">
            <p className="pl-visually-hidden">Loading listings...</p>
            <Skeleton style={{ height: '12rem' }} />
          </div>
        ) : entries.length === 0 && (list.isError || (retrying && list.isPending)) ? (
          <div className="adm-orders__error">
            <p className="adm-error" role="alert">
              Couldn't load the listings. {serverMessage(error) ?? 'Please try again.'}
            </p>
            <Button variant="outline" onClick={() => void retry()} aria-disabled={retrying || undefined} aria-busy={retrying || undefined}>
              {retrying && <Spinner />}
              Retry
            </Button>
          </div>
        ) : (
          <>
            <p ref={countRef} tabIndex={-1} className="adm-orders__count" role="status">
              {entries.length === 0 ? emptyQueueText(search, staleAfterDays) : showingText(entries.length, total)}
            </p>
            {list.isError && (
              <p className="adm-error adm-orders__stale" role="alert">
                Couldn't refresh the listings; these may be out of date.{' '}
                <Button variant="outline" size="sm" onClick={() => void retry()} aria-disabled={retrying || undefined}>
                  Retry
                </Button>
              </p>
            )}
            {entries.length > 0 && (
              <ol ref={listRef} className={cx('adm-intake-entries', stale && 'adm-table-wrap--stale')}>
                {entries.map((entry) => (
                  <IntakeEntryItem key={entry.productId} entry={entry} search={search} staleAfterDays={staleAfterDays} />
                ))}
              </ol>
            )}
            {list.hasNextPage && !stale && (
              <div className="adm-more">
                <Button variant="outline" onClick={() => void showMore()} aria-disabled={list.isFetching || undefined} aria-busy={list.isFetchingNextPage || undefined}>
                  {list.isFetchingNextPage && <Spinner />}
                  Show more
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function IntakeEntryItem({ entry, search, staleAfterDays }: { entry: IntakeEntry; search: DeskSearch; staleAfterDays: number | undefined }) {
  const state: DeskLinkState = { deskSearch: deskQueryOf(search) };
  const due = isStale(entry.inspectedAt, staleAfterDays, Date.now());
  return (
    <li className="adm-intake-entry" data-product-id={entry.productId}>
      {entry.cover ? (
        // Decorative here: the title beside it names the listing.
        <img className="adm-intake-thumb" src={entry.cover.src} srcSet={entry.cover.srcset} sizes="4rem" width={entry.cover.width} height={entry.cover.height} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className="adm-intake-thumb adm-intake-thumb--none" aria-hidden="true">
          No photo
        </span>
      )}
      <div className="adm-intake-entry__body">
        <Link to={`/admin/intake/${encodeURIComponent(entry.productId)}`} state={state} className="adm-intake-entry__title" data-listing-link>
          {entry.title}
        </Link>
        <p className="adm-intake-entry__meta">
          {entry.publishedAt === null && (
            <Badge variant="secondary" tone="orange" data-draft>
              Draft — not shown to shoppers
            </Badge>
          )}
          <ConditionBadge grade={entry.conditionGrade} />
          {entry.oneOfAKind && (
            <Badge variant="secondary" tone="purple">
              Unique
            </Badge>
          )}
          {entry.skus.map((sku) => (
            <code key={sku}>{sku}</code>
          ))}
        </p>
        <p className="adm-intake-entry__meta adm-intake-entry__facts">
          <span data-photo-count={entry.photoCount}>{photoCountText(entry.photoCount)}</span>
          <span aria-hidden="true">·</span>
          {entry.inspectedAt ? (
            <span>
              Inspected <time dateTime={entry.inspectedAt}>{formatDay(entry.inspectedAt)}</time>
            </span>
          ) : (
            <span>Not inspected</span>
          )}
          {due && (
            <Badge variant="secondary" tone="orange">
              Due again
            </Badge>
          )}
        </p>
      </div>
    </li>
  );
}
