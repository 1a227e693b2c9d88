import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it('formats a decimal string from the wire with a $ sign, separators and 2 decimals', () => {
    expect(formatPrice('1234.56')).toBe('$1,234.56');
    expect(formatPrice('19.9')).toBe('$19.90');
    expect(formatPrice('0.00')).toBe('$0.00');
    expect(formatPrice('42')).toBe('$42.00');
  });

  it('formats integer cents', () => {
    expect(formatPrice(123456)).toBe('$1,234.56');
    expect(formatPrice(5)).toBe('$0.05');
  });

  it('keeps exact cents for values that are inexact in binary floating point', () => {
    expect(formatPrice('1099.99')).toBe('$1,099.99');
    expect(formatPrice('0.29')).toBe('$0.29');
  });

  it('renders nothing for missing or unparseable values instead of $NaN', () => {
    expect(formatPrice(null)).toBe('');
    expect(formatPrice(undefined)).toBe('');
    expect(formatPrice('abc')).toBe('');
    expect(formatPrice('1.234')).toBe('');
  });
});
