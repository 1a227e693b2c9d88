import { percentOff, savings, showsCompareAt } from './percent-off';

describe('percentOff', () => {
  it('rounds (compareAt − price) / compareAt × 100', () => {
    expect(percentOff('75.00', '100.00')).toBe(25);
    expect(percentOff('66.66', '100.00')).toBe(33);
    expect(percentOff('499.00', '899.00')).toBe(44);
    expect(percentOff('0.50', '1.00')).toBe(50);
    expect(percentOff('99.50', '100.00')).toBe(1); // 0.5 rounds up
  });

  it('shows nothing when there is no discount or no compare-at price', () => {
    expect(percentOff('100.00', '100.00')).toBeUndefined();
    expect(percentOff('120.00', '100.00')).toBeUndefined();
    expect(percentOff('10.00', null)).toBeUndefined();
    expect(percentOff('10.00', undefined)).toBeUndefined();
    expect(percentOff('10.00', '0.00')).toBeUndefined();
    expect(percentOff('99.99', '100.00')).toBeUndefined(); // rounds to 0: not above 0
  });

  it('ignores a value that is not a price', () => {
    expect(percentOff('abc', '100.00')).toBeUndefined();
    expect(percentOff('10.00', '1e3')).toBeUndefined();
  });
});

describe('showsCompareAt', () => {
  it('strikes through the compare-at price only when it is higher', () => {
    expect(showsCompareAt('10.00', '12.00')).toBe(true);
    expect(showsCompareAt('10.00', '10.00')).toBe(false);
    expect(showsCompareAt('10.00', '9.99')).toBe(false);
    expect(showsCompareAt('10.00', undefined)).toBe(false);
  });
});

describe('savings', () => {
  it('gives the amount saved in exact cents and the percent off', () => {
    expect(savings('499.00', '899.00')).toEqual({ amountCents: 40000, percent: 44 });
    expect(savings('0.29', '0.58')).toEqual({ amountCents: 29, percent: 50 });
  });

  it('is undefined when nothing is saved', () => {
    expect(savings('10.00', '10.00')).toBeUndefined();
    expect(savings('10.00', null)).toBeUndefined();
  });
});
