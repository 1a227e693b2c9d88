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

  it('formats as Intl.NumberFormat does for US dollars, without building one', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
    const spy = jest.spyOn(Intl, 'NumberFormat');
    try {
      // Loaded afresh with the spy in place: neither loading the module nor formatting builds one.
      let formatPrice!: typeof import('./format-price').formatPrice;
      jest.isolateModules(() => ({ formatPrice } = jest.requireActual<typeof import('./format-price')>('./format-price')));
      for (const cents of [0, 1, 99, 100, 999, 1000, 99_999, 100_000, 123_456_789, 100_000_000_000, -1, -123_456, 12.5, 1_000_049.6]) {
        expect([cents, formatPrice(cents)]).toEqual([cents, intl.format(Math.round(cents) / 100)]);
      }
      expect(formatPrice('-1234.5')).toBe('-$1,234.50');
      expect(formatPrice('1000000')).toBe('$1,000,000.00');
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
