import { messageOf } from './message-of';

describe('messageOf', () => {
  it("reads a success answer's message", () => {
    expect(messageOf({ message: 'Your email address has been verified.' })).toBe('Your email address has been verified.');
  });

  it('is undefined for bodies without a usable message', () => {
    expect(messageOf(undefined)).toBeUndefined();
    expect(messageOf('text')).toBeUndefined();
    expect(messageOf({ message: '  ' })).toBeUndefined();
    expect(messageOf({ message: 42 })).toBeUndefined();
  });
});
