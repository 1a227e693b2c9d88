// Identity's own error codes on the wire: one table, beside the shared ErrorCodes.
export const IdentityErrorCodes = {
  usernameTaken: 'USERNAME_TAKEN',
  currentPasswordIncorrect: 'CURRENT_PASSWORD_INCORRECT',
  invalidVerificationToken: 'INVALID_VERIFICATION_TOKEN',
  invalidResetToken: 'INVALID_RESET_TOKEN',
} as const;
