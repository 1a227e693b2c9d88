import { dayLabel, exportLinks, percent, rangeOf, rangeProblem } from './report-range.js';

describe('the reports page range', () => {
  const now = new Date(2026, 10, 28, 9, 30);

  it('takes the days the address names, in the browser zone', () => {
    expect(rangeOf(new URLSearchParams('from=2026-11-01&to=2026-11-07'), now, 'America/New_York')).toEqual({ from: '2026-11-01', to: '2026-11-07', timeZone: 'America/New_York' });
  });

  it.each(['', 'from=2026-11-07&to=2026-11-01', 'from=2026-02-30&to=2026-03-01', 'from=2024-01-01&to=2026-01-01', 'from=x&to=y'])(
    'falls back to the last 30 days for %j',
    (query) => {
      expect(rangeOf(new URLSearchParams(query), now, 'UTC')).toEqual({ from: '2026-10-30', to: '2026-11-28', timeZone: 'UTC' });
    },
  );

  it('names the field that is wrong', () => {
    expect(rangeProblem('', '2026-11-01')).toEqual({ field: 'from', message: 'Enter the first day.' });
    expect(rangeProblem('2026-11-02', '2026-11-01')).toEqual({ field: 'from', message: 'The first day must not be after the last day.' });
    expect(rangeProblem('2024-11-01', '2026-11-01')).toEqual({ field: 'to', message: 'Choose at most 366 days.' });
    expect(rangeProblem('2026-11-01', '2026-11-01')).toBeUndefined();
  });

  it('links the exports, the orders for the range', () => {
    expect(exportLinks({ from: '2026-11-01', to: '2026-11-07', timeZone: 'America/New_York' })).toEqual({
      orders: '/api/admin/reports/orders.csv?from=2026-11-01&to=2026-11-07&timeZone=America%2FNew_York',
      inventory: '/api/admin/reports/inventory.csv',
    });
  });

  it('labels days and rates for people', () => {
    expect(dayLabel('2026-11-01')).toBe('Nov 1');
    expect([percent(0.4), percent(1 / 3), percent(0), percent(1 / 768), percent(0.0001), percent(null)]).toEqual(['40%', '33%', '0%', '0.1%', '0.1%', '–']);
  });
});
