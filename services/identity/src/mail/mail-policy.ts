// How long the mails' links last, how many of each are sent, and how often delivery is tried.
export const MailPolicy = {
  resetTokenTtlSeconds: 30 * 60,
  verificationTokenTtlSeconds: 48 * 3600,
  /** Reset mails per account per hour; further requests are answered the same and send nothing. */
  resetMailsPerHour: 3,
  /** Notices that someone used an address, per address per day; more are dropped (the registrations still succeed). */
  addressNoticesPerDay: 3,
  maxAttempts: 8,
} as const;
