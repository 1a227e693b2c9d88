import { createUniqueItemGate, type Availability } from './unique-item-gate.js';

/** A catalog stand-in for the gate: counts its reads and answers what `state` says now. */
function catalogOf(state: { oneOfAKind: boolean; available: number }) {
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    recheck: (units: number) => ({
      key: String(units),
      read: async (): Promise<Availability> => {
        reads++;
        await new Promise((r) => setImmediate(r));
        if (state.oneOfAKind && state.available < units) throw new Error(`refused: ${state.available} left`);
        return { ...state };
      },
    }),
  };
}

const settle = <T>(promises: Array<Promise<T>>) => Promise.allSettled(promises);

/** An attempt that takes `ms`, then does `then` (the hold it took), counting how many ran at once. */
function attempts(ms: number, then: () => void = () => undefined) {
  let running = 0;
  let mostAtOnce = 0;
  return {
    attempt: async () => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((r) => setTimeout(r, ms));
      then();
      running--;
      return 'held';
    },
    mostAtOnce: () => mostAtOnce,
  };
}

describe('the unique-item gate', () => {
  it('lets one attempt at a one-unit item run while the other askers wait, and answers them all with one shared read', async () => {
    const state = { oneOfAKind: true, available: 1 };
    const catalog = catalogOf(state);
    const gate = createUniqueItemGate();
    const { attempt, mostAtOnce } = attempts(20, () => (state.available = 0)); // the winner's hold

    const first = gate.through('SKU-1', 1, catalog.recheck(1), attempt);
    await new Promise((r) => setTimeout(r, 5)); // the first one's attempt is under way
    const readsBefore = catalog.reads;
    const rest = Array.from({ length: 50 }, () => gate.through('SKU-1', 1, catalog.recheck(1), attempt));
    const outcomes = await settle([first, ...rest]);

    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(new Set(outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : [])))).toEqual(new Set(['Error: refused: 0 left']));
    expect(mostAtOnce()).toBe(1);
    expect(catalog.reads - readsBefore).toBe(1);
  });

  it('lets a waiter try once the attempt under way failed, and only one of them', async () => {
    const state = { oneOfAKind: true, available: 1 };
    const catalog = catalogOf(state);
    const gate = createUniqueItemGate();
    const tried: string[] = [];
    const attempt = (who: string, wins: boolean) => async () => {
      tried.push(who);
      await new Promise((r) => setTimeout(r, 10));
      if (!wins) throw new Error(`${who} lost at the catalog`);
      state.available = 0;
      return who;
    };

    const first = gate.through('SKU-2', 1, catalog.recheck(1), attempt('first', false));
    await new Promise((r) => setTimeout(r, 2));
    const waiters = ['a', 'b', 'c'].map((who) => gate.through('SKU-2', 1, catalog.recheck(1), attempt(who, true)));
    const outcomes = await settle([first, ...waiters]);

    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'rejected']);
    expect(tried).toEqual(['first', 'a']);
  });

  it('runs as many attempts at once as there are units', async () => {
    const state = { oneOfAKind: true, available: 3 };
    const catalog = catalogOf(state);
    const gate = createUniqueItemGate();
    const { attempt, mostAtOnce } = attempts(10, () => state.available--);

    const outcomes = await settle(Array.from({ length: 10 }, () => gate.through('SKU-3', 1, catalog.recheck(1), attempt)));

    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(mostAtOnce()).toBe(3);
    expect(state.available).toBe(0);
  });

  it('holds nothing back for plentiful items', async () => {
    const catalog = catalogOf({ oneOfAKind: false, available: 2 });
    const gate = createUniqueItemGate();
    const { attempt, mostAtOnce } = attempts(10);

    await Promise.all(Array.from({ length: 5 }, () => gate.through('SKU-4', 1, catalog.recheck(1), attempt)));

    expect(mostAtOnce()).toBe(5);
    expect(catalog.reads).toBe(5);
  });
});
