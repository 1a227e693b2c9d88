// The test-card form's input rules. The server decides success or decline; these only keep the
// shopper from sending something that is not a card number, an expiry or a CVC at all.

/** The digits of a typed card number (spaces, dashes and other separators dropped), at most 19. */
export function cardDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, 19);
}

/** A card number in groups of four, as printed on the card: "4242 4242 4242 4242". */
export function formatCardNumber(input: string): string {
  return cardDigits(input).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** "1230", "12/30" or "12 / 30" → "12/30" while typing. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export interface CardFields {
  cardNumber: string;
  expiry: string;
  cvc: string;
}
export type CardErrors = Partial<Record<keyof CardFields, string>>;

/** Field messages for a card form; empty when it may be sent. `now` decides whether the card has expired. */
export function validateCard(fields: CardFields, now: Date): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(fields.cardNumber);
  if (digits.length < 12 || !passesLuhn(digits)) errors.cardNumber = 'Enter a valid card number';
  const m = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(fields.expiry.trim());
  if (!m) {
    errors.expiry = 'Enter the expiry as MM/YY';
  } else {
    // A card is valid through the last day of its expiry month.
    const year = 2000 + Number(m[2]);
    const month = Number(m[1]);
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) errors.expiry = 'This card has expired';
  }
  if (!/^\d{3,4}$/.test(fields.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digit CVC';
  return errors;
}
