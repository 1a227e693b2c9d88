import type { SessionState } from '@pl/contracts';
import { createSessionCache, type SessionCheck } from '../src/auth/session-cache';

const ACTIVE: SessionState = { active: true, customerId: 'cust-1', isAdmin: false };

/** A lookup the test answers by hand, counting calls. */
function manualLookup() {
  const pending: Array<(result: SessionCheck) => void> = [];
  return {
    calls: () => pending.length,
    lookup: () => new Promise<SessionCheck>((resolve) => pending.push(resolve)),
    answer: (index: number, result: SessionCheck) => pending[index]!(result),
  };
}

describe('the session cache', () => {
  it('shares one lookup between concurrent checks of a session', async () => {
    const identity = manualLookup();
    const cache = createSessionCache({ lookup: identity.lookup });
    const checks = [cache.check('s1'), cache.check('s1'), cache.check('s1')];
    expect(identity.calls()).toBe(1);
    identity.answer(0, ACTIVE);
    expect(await Promise.all(checks)).toEqual([ACTIVE, ACTIVE, ACTIVE]);
  });

  it('never caches "active" from a lookup that was under way when the session was revoked', async () => {
    const identity = manualLookup();
    const cache = createSessionCache({ lookup: identity.lookup });
    const racing = cache.check('s1');
    cache.revoke(['s1']);
    identity.answer(0, ACTIVE); // identity read the row just before the logout committed
    expect(await racing).toMatchObject({ active: false });
    expect(await cache.check('s1')).toMatchObject({ active: false });
    expect(identity.calls()).toBe(1);
  });

  it('does not remember that identity was unreachable: the next check asks again', async () => {
    const identity = manualLookup();
    const cache = createSessionCache({ lookup: identity.lookup });
    const first = cache.check('s1');
    identity.answer(0, 'unavailable');
    expect(await first).toBe('unavailable');
    const second = cache.check('s1');
    expect(identity.calls()).toBe(2);
    identity.answer(1, ACTIVE);
    expect(await second).toEqual(ACTIVE);
  });

  it('treats a lookup that throws as unavailable', async () => {
    const cache = createSessionCache({ lookup: () => Promise.reject(new Error('boom')) });
    expect(await cache.check('s1')).toBe('unavailable');
  });

  it('keeps active answers for the active TTL and ended ones for the longer ended TTL', async () => {
    let now = 1_000_000;
    let calls = 0;
    const states = new Map<string, SessionState>([['live', ACTIVE], ['dead', { active: false, customerId: null, isAdmin: false }]]);
    const cache = createSessionCache({
      now: () => now,
      activeTtlMs: 5_000,
      endedTtlMs: 60_000,
      lookup: async (id) => (calls++, states.get(id)!),
    });
    await cache.check('live');
    await cache.check('dead');
    now += 5_001;
    await cache.check('live');
    await cache.check('dead');
    expect(calls).toBe(3);
    now += 60_000;
    await cache.check('dead');
    expect(calls).toBe(4);
  });

  it('forgets the oldest sessions beyond its size limit', async () => {
    const cache = createSessionCache({ maxEntries: 3, lookup: async () => ACTIVE });
    for (const id of ['a', 'b', 'c', 'd', 'e']) await cache.check(id);
    expect(cache.size()).toBe(3);
  });
});
