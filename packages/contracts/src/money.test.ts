import { centsToDecimal, decimalToCents } from './money.js';

describe('money', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1999, '19.99'],
    [100000, '1000.00'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
    expect(decimalToCents(text)).toBe(cents);
  });

  it('reads short forms', () => {
    expect(decimalToCents('5')).toBe(500);
    expect(decimalToCents('5.5')).toBe(550);
  });

  it.each(['-1.00', '1.999', '1e3', '', 'abc', '1,00'])('refuses %p', (text) => {
    expect(() => decimalToCents(text)).toThrow(RangeError);
  });

  it('refuses fractional or negative cents', () => {
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
    expect(() => centsToDecimal(-1)).toThrow(RangeError);
  });
});
