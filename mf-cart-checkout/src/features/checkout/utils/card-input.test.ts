import { cardDigits, formatCardNumber, formatExpiry, passesLuhn, validateCard } from './card-input';

const now = new Date(2026, 10, 21);

describe('card number normalisation', () => {
  it('keeps only the digits, at most 19', () => {
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(cardDigits('1'.repeat(25))).toHaveLength(19);
  });

  it('groups the digits in fours', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
  });

  it('formats the expiry as MM/YY while typing', () => {
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12 / 30')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
  });
});

describe('passesLuhn', () => {
  it('accepts the documented test numbers', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
  });

  it('rejects a mistyped number', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('validateCard', () => {
  const valid = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

  it('accepts a complete card, including a declining test number (the server decides)', () => {
    expect(validateCard(valid, now)).toEqual({});
    expect(validateCard({ ...valid, cardNumber: '4000 0000 0000 0002' }, now)).toEqual({});
  });

  it('names each bad field', () => {
    expect(validateCard({ cardNumber: '1234', expiry: '13/30', cvc: '12' }, now)).toEqual({
      cardNumber: 'Enter a valid card number',
      expiry: 'Enter the expiry as MM/YY',
      cvc: 'Enter the 3 or 4 digit CVC',
    });
  });

  it('rejects an expired card but accepts one expiring this month', () => {
    expect(validateCard({ ...valid, expiry: '10/26' }, now).expiry).toBe('This card has expired');
    expect(validateCard({ ...valid, expiry: '11/26' }, now)).toEqual({});
  });
});
