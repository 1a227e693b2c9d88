import { useEffect, useState } from 'react';
import { cx, useRealtimeStatus } from '@pl/ui';
import { timeSinceLabel } from '../utils/time-since.js';

export interface LastSyncIndicatorProps {
  /** When the page's product data last arrived (a query's `dataUpdatedAt`); 0 when unknown. */
  dataUpdatedAt?: number;
  className?: string;
}

/**
 * How fresh the stock shown is (spec §2 'Last sync', §4): the time since the product data was last
 * brought up to date: fetched, or changed by an `inventory:updated` event, or resynced after a
 * websocket (re)connect. 'Just now', then counting up in seconds, then minutes.
 */
export function LastSyncIndicator({ dataUpdatedAt = 0, className }: LastSyncIndicatorProps) {
  const { state, lastSyncAt } = useRealtimeStatus();
  const since = Math.max(lastSyncAt, dataUpdatedAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  const live = state === 'open';
  return (
    <p className={cx('cat-live', className)} data-realtime-state={state ?? 'unknown'}>
      <span className={live ? 'cat-live__dot cat-live__dot--on' : 'cat-live__dot'} aria-hidden="true" />
      <span>
        {live ? 'Live inventory' : 'Inventory'} · Last sync: <span data-last-sync="">{timeSinceLabel(now - since)}</span>
      </span>
    </p>
  );
}
