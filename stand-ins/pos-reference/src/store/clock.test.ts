import { createClock } from './clock.js';

describe('createClock', () => {
  it('gives strictly increasing times within one millisecond, and follows the real time after', () => {
    let now = 5_000;
    const clock = createClock(() => now);
    expect([clock.next(), clock.next(), clock.next()]).toEqual([5_000, 5_001, 5_002]);
    now = 9_000;
    expect(clock.next()).toBe(9_000);
  });
});
