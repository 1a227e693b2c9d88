// One instance's attempts to hold one-of-a-kind units, per sku (decision 034). In a drop hundreds of
// shoppers ask for one unit in the same moment and the catalog says "available" to all of them; only
// as many as could win go on (create their cart, take its lock, ask the catalog for the hold). The
// rest wait for those attempts to settle and then read the availability again, so a loser hears the
// catalog's refusal from a read instead of queueing behind the winner at the catalog's lock. The
// catalog still decides every hold under the variant's lock, so instances need not agree: this
// only keeps one instance from sending the catalog attempts that cannot all succeed.

/** The catalog's word on a variant: whether it is one of a kind and how many units could be held now. */
export interface Availability {
  oneOfAKind: boolean;
  available: number;
}

export interface Recheck<A extends Availability> {
  /** What the read asks besides the sku (units, holder): equal keys get the same answer. */
  key: string;
  /** The availability now; throws the shopper's refusal when the units cannot be had. */
  read(): Promise<A>;
}

export interface UniqueItemGate {
  /**
   * Runs `attempt` with the catalog's latest word on `sku`. A one-of-a-kind sku's attempt runs once
   * its `units` fit beside the attempts under way here; whoever comes while one is under way waits
   * for it to settle before reading at all. A read that finds the units gone throws the refusal,
   * and `attempt` never runs. The waiters one settling wakes share their reads by key (the same
   * question asked after the same moment), so two hundred losers cost the catalog one read.
   * Plentiful items go straight through.
   */
  through<A extends Availability, T>(sku: string, units: number, recheck: Recheck<A>, attempt: (latest: A) => Promise<T>): Promise<T>;
}

/** The reads started after one attempt settled, by key. */
type SharedReads = Map<string, Promise<Availability>>;

interface Lane {
  /** Units asked for by the attempts under way. */
  units: number;
  /** Woken (all of them) whenever an attempt settles. */
  waiters: Array<(reads: SharedReads) => void>;
}

export function createUniqueItemGate(): UniqueItemGate {
  const lanes = new Map<string, Lane>();
  function sharedRead<A extends Availability>(reads: SharedReads, recheck: Recheck<A>): Promise<A> {
    let read = reads.get(recheck.key);
    if (!read) reads.set(recheck.key, (read = recheck.read()));
    return read as Promise<A>;
  }
  return {
    async through<A extends Availability, T>(sku: string, units: number, recheck: Recheck<A>, attempt: (latest: A) => Promise<T>): Promise<T> {
      let latest: A | undefined;
      for (;;) {
        const busy = lanes.get(sku);
        if (busy && (latest === undefined || (latest.oneOfAKind && busy.units + units > latest.available))) {
          const woken = await new Promise<SharedReads>((wake) => busy.waiters.push(wake));
          latest = await sharedRead(woken, recheck);
        } else if (latest === undefined) {
          latest = await recheck.read();
        } else {
          break;
        }
      }
      if (!latest.oneOfAKind) return attempt(latest);
      let lane = lanes.get(sku);
      if (!lane) lanes.set(sku, (lane = { units: 0, waiters: [] }));
      lane.units += units;
      try {
        return await attempt(latest);
      } finally {
        lane.units -= units;
        const waiters = lane.waiters.splice(0);
        if (lane.units === 0) lanes.delete(sku);
        const reads: SharedReads = new Map();
        for (const wake of waiters) wake(reads);
      }
    },
  };
}
