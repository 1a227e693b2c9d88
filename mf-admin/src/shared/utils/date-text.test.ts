import { formatDateTime, formatDay, isCompleteDay } from './date-text';

describe('dates', () => {
  it('shows the day and the time', () => {
    const text = formatDateTime('2025-03-14T15:09:00.000Z');
    expect(text).toMatch(/2025/);
    expect(text).toMatch(/\d{1,2}:\d{2}/);
  });

  it('shows a value it cannot read as it came', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('days', () => {
  it('shows the day without the time', () => {
    const text = formatDay('2025-03-14T15:09:00.000Z');
    expect(text).toMatch(/2025/);
    expect(text).not.toMatch(/\d{1,2}:\d{2}/);
  });

  it('shows a value it cannot read as it came', () => {
    expect(formatDay('soon')).toBe('soon');
  });
});

describe('the date inputs', () => {
  it('apply a whole day, or a cleared input', () => {
    expect(isCompleteDay('2025-03-14')).toBe(true);
    expect(isCompleteDay('')).toBe(true);
  });

  it('wait while the year is still being typed', () => {
    expect(isCompleteDay('0002-03-14')).toBe(false);
    expect(isCompleteDay('0202-03-14')).toBe(false);
  });
});
