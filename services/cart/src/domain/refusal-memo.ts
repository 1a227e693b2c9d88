// What this instance last heard the catalog refuse, per one-of-a-kind sku (decision 034). In a drop
// the same refusal ("in another shopper's cart") is the answer to hundreds of shoppers within a
// second; each asking the catalog again costs a request and two statements and changes nothing.
// A refusal is remembered until the catalog announces a change of that sku (inventory.updated.<sku>,
// which every hold, release, lapse and count change sends), and never longer than
// REFUSAL_MEMORY_MS, so a lost message or a lapse the catalog has not swept yet costs at most that.
// - Only refusals to someone holding none of the sku are remembered, and only such askers are
//   answered from here: for them the refusal depends on the sku's availability alone.
// - A read that a change of its sku overtook is not remembered (the change may be newer than it).
// - Nothing is remembered, and everything is forgotten, while the inventory events are not heard
//   (not subscribed yet, NATS away): the memo then only ever says "ask the catalog".

export interface Refusal {
  code: string;
  message: string;
}

export interface RefusalMemo {
  /** The refusal standing for someone holding none of `sku` who asks for `units`, if one does. */
  recall(sku: string, units: number): Refusal | undefined;
  /** Taken before asking the catalog; hand it to remember with the answer. */
  mark(): number;
  /** The catalog refused `units` of `sku` to someone holding none, in a read begun at `mark`. */
  remember(sku: string, units: number, refusal: Refusal, mark: number): void;
  /** The catalog announced a change of `sku`. */
  changed(sku: string): void;
  /** Whether the announcements are being heard now; off forgets everything. */
  listening(on: boolean): void;
}

/** A remembered refusal is trusted this long at most (ms). */
export const REFUSAL_MEMORY_MS = 1000;
/** Skus whose last change is remembered (for the reads in flight) before the oldest are let go. */
const MAX_TRACKED = 10_000;

interface Remembered {
  refusal: Refusal;
  /** The fewest units this refusal was given for: asking for as many or more is refused too. */
  units: number;
  until: number;
}

export function createRefusalMemo(now: () => number = Date.now): RefusalMemo {
  const refusals = new Map<string, Remembered>();
  /** Per sku, the tick of its last announced change. */
  const lastChange = new Map<string, number>();
  let tick = 0;
  /** Changes before this tick are no longer tracked per sku: reads begun before it are not remembered. */
  let floor = 0;
  let heard = false;
  return {
    recall(sku, units) {
      const known = refusals.get(sku);
      if (!known) return undefined;
      if (known.until <= now()) {
        refusals.delete(sku);
        return undefined;
      }
      return units >= known.units ? known.refusal : undefined;
    },
    mark: () => tick,
    remember(sku, units, refusal, mark) {
      if (!heard || mark < floor || (lastChange.get(sku) ?? -1) >= mark) return;
      const known = refusals.get(sku);
      // The refusal of the fewest units says the most; a refusal of more would not answer a smaller ask.
      if (known && known.units < units && known.until > now()) return;
      refusals.set(sku, { refusal, units, until: now() + REFUSAL_MEMORY_MS });
    },
    changed(sku) {
      refusals.delete(sku);
      if (lastChange.size >= MAX_TRACKED) {
        lastChange.clear();
        floor = tick + 1;
      }
      lastChange.set(sku, tick++);
    },
    listening(on) {
      heard = on;
      refusals.clear();
      lastChange.clear();
      floor = ++tick;
    },
  };
}
