import { DEFAULT_BASE_DELAY_MS, MAX_RECONNECT_ATTEMPTS, reconnectDelay, resolveBaseDelay } from './reconnect-policy';

describe('websocket reconnect policy', () => {
  it('backs off 1 s, 2 s, 4 s, 8 s, 16 s', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt))).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('gives up after 5 attempts', () => {
    expect(MAX_RECONNECT_ATTEMPTS).toBe(5);
    expect(reconnectDelay(6)).toBeNull();
    expect(reconnectDelay(100)).toBeNull();
  });

  it('has no delay for attempt numbers that are not positive integers', () => {
    expect(reconnectDelay(0)).toBeNull();
    expect(reconnectDelay(-1)).toBeNull();
    expect(reconnectDelay(1.5)).toBeNull();
  });

  it('doubles from a different base when one is given', () => {
    expect([1, 2, 3].map((attempt) => reconnectDelay(attempt, 50))).toEqual([50, 100, 200]);
  });

  it('uses the override base delay only when it is a positive number', () => {
    expect(DEFAULT_BASE_DELAY_MS).toBe(1000);
    expect(resolveBaseDelay(undefined)).toBe(1000);
    expect(resolveBaseDelay(25)).toBe(25);
    expect(resolveBaseDelay(0)).toBe(1000);
    expect(resolveBaseDelay('25')).toBe(1000);
    expect(resolveBaseDelay(Number.POSITIVE_INFINITY)).toBe(1000);
  });
});
