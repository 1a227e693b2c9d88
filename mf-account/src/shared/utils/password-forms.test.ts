import { changePasswordErrors, forgotPasswordError, hasErrors, resetPasswordErrors } from './password-forms';

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

describe('change-password form', () => {
  const valid = { currentPassword: 'old secret', newPassword: 'new secret 1', confirmPassword: 'new secret 1' };

  it('accepts the current password and a confirmed new one of at least 8 characters', () => {
    expect(changePasswordErrors(valid)).toEqual({});
  });

  it('asks for the current password', () => {
    expect(changePasswordErrors({ ...valid, currentPassword: '' })).toEqual({ currentPassword: 'Please enter your current password' });
  });

  it("applies the reset rules to the new password: 8 characters, and \"Passwords don't match\" on the confirmation", () => {
    expect(changePasswordErrors({ ...valid, newPassword: 'short', confirmPassword: 'short' })).toEqual({
      newPassword: 'Password must be at least 8 characters',
    });
    expect(changePasswordErrors({ ...valid, confirmPassword: 'new secret 2' })).toEqual({ confirmPassword: "Passwords don't match" });
  });
});

describe('hasErrors', () => {
  it('is true only when some message is set', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ password: undefined })).toBe(false);
    expect(hasErrors({ password: 'Password must be at least 8 characters' })).toBe(true);
  });
});
