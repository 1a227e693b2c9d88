import { forgotPasswordError, resetPasswordErrors } from './password-forms';

describe('forgot-password form', () => {
  it('accepts a valid e-mail address', () => {
    expect(forgotPasswordError('dana@example.com')).toBeUndefined();
    expect(forgotPasswordError('  dana@example.com ')).toBeUndefined();
  });

  it("rejects anything else with 'Please enter a valid email address'", () => {
    expect(forgotPasswordError('')).toBe('Please enter a valid email address');
    expect(forgotPasswordError('dana')).toBe('Please enter a valid email address');
    expect(forgotPasswordError('dana@')).toBe('Please enter a valid email address');
  });
});

describe('reset-password form', () => {
  it('accepts a password of 8 characters confirmed exactly', () => {
    expect(resetPasswordErrors('12345678', '12345678')).toEqual({});
  });

  it('requires at least 8 characters', () => {
    expect(resetPasswordErrors('1234567', '1234567')).toEqual({ password: 'Password must be at least 8 characters' });
  });

  it("puts \"Passwords don't match\" on the confirmation field", () => {
    expect(resetPasswordErrors('correct horse', 'correct house')).toEqual({ confirmPassword: "Passwords don't match" });
  });
});
