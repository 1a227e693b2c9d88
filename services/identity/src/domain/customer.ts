import type { Customer } from '@pl/contracts';

/** A customer as stored, minus the password hash, which never leaves db/. */
export interface CustomerRecord {
  id: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  isAdmin: boolean;
  emailVerifiedAt: Date | null;
  createdAt: Date;
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
