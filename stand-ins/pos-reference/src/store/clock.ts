/**
 * Timestamps for updated_at that strictly increase, even for several changes within one
 * millisecond (each gets the next millisecond), so "updated_since = the newest updated_at I saw"
 * never misses a later change and pages ordered by updated_at are stable.
 */
export interface Clock {
  next(): number;
}

export function createClock(now: () => number = Date.now): Clock {
  let last = 0;
  return {
    next() {
      last = Math.max(now(), last + 1);
      return last;
    },
  };
}
