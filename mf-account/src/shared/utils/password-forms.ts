import { ForgotPasswordPayload, MIN_PASSWORD_LENGTH } from '@pl/contracts';

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 8 characters';
export const PASSWORDS_DONT_MATCH_MESSAGE = "Passwords don't match";
export const CURRENT_PASSWORD_REQUIRED_MESSAGE = 'Please enter your current password';

/** Spec §5: the forgot-password e-mail must be valid; checked with the server's own schema. */
export function forgotPasswordError(email: string): string | undefined {
  return ForgotPasswordPayload.safeParse({ email: email.trim() }).success ? undefined : INVALID_EMAIL_MESSAGE;
}

export interface ResetPasswordErrors {
  password?: string;
  confirmPassword?: string;
}

/** Spec §5: at least 8 characters; the confirmation must match (its error sits on that field). */
export function resetPasswordErrors(password: string, confirmPassword: string): ResetPasswordErrors {
  const errors: ResetPasswordErrors = {};
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = PASSWORD_TOO_SHORT_MESSAGE;
  if (confirmPassword !== password) errors.confirmPassword = PASSWORDS_DONT_MATCH_MESSAGE;
  return errors;
}

export interface ChangePasswordFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordFields, string>>;

/** The account page's change-password form: the current password, then the reset form's rules for the new one. */
export function changePasswordErrors({ currentPassword, newPassword, confirmPassword }: ChangePasswordFields): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (!currentPassword) errors.currentPassword = CURRENT_PASSWORD_REQUIRED_MESSAGE;
  const next = resetPasswordErrors(newPassword, confirmPassword);
  if (next.password) errors.newPassword = next.password;
  if (next.confirmPassword) errors.confirmPassword = next.confirmPassword;
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.values(errors).some(Boolean);
