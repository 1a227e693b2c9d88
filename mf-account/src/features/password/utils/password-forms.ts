import { ForgotPasswordPayload, MIN_PASSWORD_LENGTH } from '@pl/contracts';

/** Spec §5: the forgot-password e-mail must be valid; checked with the server's own schema. */
export function forgotPasswordError(email: string): string | undefined {
  return ForgotPasswordPayload.safeParse({ email: email.trim() }).success ? undefined : 'Please enter a valid email address';
}

export interface ResetPasswordErrors {
  password?: string;
  confirmPassword?: string;
}

/** Spec §5: at least 8 characters; the confirmation must match (its error sits on that field). */
export function resetPasswordErrors(password: string, confirmPassword: string): ResetPasswordErrors {
  const errors: ResetPasswordErrors = {};
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'Password must be at least 8 characters';
  if (confirmPassword !== password) errors.confirmPassword = "Passwords don't match";
  return errors;
}
