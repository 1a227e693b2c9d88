import { formatCountdown, remainingMs } from './countdown';

describe('formatCountdown', () => {
  it('shows minutes and seconds, zero-padded', () => {
    expect(formatCountdown(10 * 60_000)).toBe('10:00');
    expect(formatCountdown(9 * 60_000 + 5_000)).toBe('09:05');
    expect(formatCountdown(59_000)).toBe('00:59');
  });

  it('rounds a partial second up so it reaches 00:00 only at expiry', () => {
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(60_001)).toBe('01:01');
    expect(formatCountdown(0)).toBe('00:00');
  });

  it('never shows negative time', () => {
    expect(formatCountdown(-5_000)).toBe('00:00');
  });
});

describe('remainingMs', () => {
  const now = Date.parse('2026-11-21T12:00:00.000Z');

  it('is the time left until the expiry', () => {
    expect(remainingMs('2026-11-21T12:10:00.000Z', now)).toBe(600_000);
  });

  it('is 0 once the expiry has passed', () => {
    expect(remainingMs('2026-11-21T11:59:00.000Z', now)).toBe(0);
  });

  it('is undefined without an expiry or with an unreadable one', () => {
    expect(remainingMs(null, now)).toBeUndefined();
    expect(remainingMs(undefined, now)).toBeUndefined();
    expect(remainingMs('not a date', now)).toBeUndefined();
  });
});
