import type { Customer } from '@pl/contracts';

/** A customer as stored, minus the password hash, which never leaves db/ and the sign-in rules. */
export interface CustomerRecord {
  id: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  isAdmin: boolean;
  emailVerifiedAt: Date | null;
  /** Whether the address is this account's: the first account to name it holds it (decision 044). */
  holdsEmail: boolean;
  createdAt: Date;
}

/** For checking a password only; never serialised. */
export interface CustomerWithHash extends CustomerRecord {
  passwordHash: string;
}

export function toCustomer(c: CustomerRecord): Customer {
  return {
    id: c.id,
    username: c.username,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    emailVerifiedAt: c.emailVerifiedAt?.toISOString() ?? null,
    phone: c.phone,
    createdAt: c.createdAt.toISOString(),
    isAdmin: c.isAdmin,
  };
}

/** Optional text fields: blank means "not provided", stored as null. */
export const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** An identifier with an @ is an e-mail; usernames cannot contain one (a CHECK constraint holds it). */
export const isEmailIdentifier = (identifier: string) => identifier.includes('@');

/**
 * Usernames: trimmed, no @ (see isEmailIdentifier), no control characters. The spec shows no
 * other rule, so none is invented. Returns the message of the first rule broken.
 */
export function usernameProblem(username: string): string | undefined {
  if (username.length === 0) return 'Username is required';
  if (username.includes('@')) return 'Username cannot contain @';
  if (/[\u0000-\u001f\u007f]/.test(username)) return 'Username contains invalid characters';
  return undefined;
}
