import { useEffect, useState } from 'react';
import { useRealtimeStatus } from '@pl/ui';
import { timeSinceLabel } from '../utils/time-since.js';

/**
 * How fresh the stock shown is (spec §2 'Last sync', §4): back to 'Just now' on every inventory
 * update and every websocket (re)connect (the shell refetches then), counting up in between.
 */
export function LastSyncIndicator() {
  const { state, lastSyncAt } = useRealtimeStatus();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [lastSyncAt]);
  const live = state === 'open';
  return (
    <p className="cat-live" data-realtime-state={state ?? 'unknown'}>
      <span className={live ? 'cat-live__dot cat-live__dot--on' : 'cat-live__dot'} aria-hidden="true" />
      <span>
        {live ? 'Live inventory' : 'Inventory'} · Last sync: <span data-last-sync="">{timeSinceLabel(now - lastSyncAt)}</span>
      </span>
    </p>
  );
}
