import { timeSinceLabel } from './time-since';

describe('timeSinceLabel', () => {
  it("says 'Just now' right after an update", () => {
    expect(timeSinceLabel(0)).toBe('Just now');
    expect(timeSinceLabel(999)).toBe('Just now');
  });

  it('counts up in seconds, then minutes, then hours', () => {
    expect(timeSinceLabel(1000)).toBe('1s ago');
    expect(timeSinceLabel(59_999)).toBe('59s ago');
    expect(timeSinceLabel(60_000)).toBe('1m ago');
    expect(timeSinceLabel(59 * 60_000)).toBe('59m ago');
    expect(timeSinceLabel(2 * 3_600_000)).toBe('2h ago');
  });

  it('treats a clock that went backwards as just now', () => {
    expect(timeSinceLabel(-5000)).toBe('Just now');
  });
});
