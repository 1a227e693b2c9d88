import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '@pl/contracts';
import type { Pool } from '@pl/service-kit';
import { insertCustomer, uniqueViolationField } from '../db/customers.repo.js';
import { blankToNull, type CustomerRecord, usernameProblem } from './customer.js';
import type { PasswordHasher } from './passwords.js';
import { USERNAME_TAKEN } from './register.js';

/** Admins guard the whole shop: a longer minimum than customers' (spec §9: 8). */
export const MIN_ADMIN_PASSWORD_LENGTH = Math.max(12, MIN_PASSWORD_LENGTH);

const AdminInput = z.strictObject({
  username: z.string().trim().min(1).max(64),
  email: z.email().max(254),
  password: z.string().min(MIN_ADMIN_PASSWORD_LENGTH, `Password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`).max(1024),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
});
export type AdminInput = z.input<typeof AdminInput>;

/** Admins are created by the operator, who may be told: an admin must hold its address. */
export const EMAIL_TAKEN = 'An account with this email already exists';

/** A failure the operator can fix; the command prints its message. */
export class AdminInputError extends Error {}

/** Creates an administrator (the create-admin command; production has no default admin). */
export async function createAdminAccount(pool: Pool, passwords: PasswordHasher, input: AdminInput): Promise<CustomerRecord> {
  const parsed = AdminInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AdminInputError(`${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`);
  }
  const a = parsed.data;
  const problem = usernameProblem(a.username);
  if (problem) throw new AdminInputError(problem);
  try {
    return await insertCustomer(pool, {
      username: a.username,
      email: a.email,
      passwordHash: await passwords.hash(a.password),
      firstName: blankToNull(a.firstName),
      lastName: blankToNull(a.lastName),
      phone: null,
      isAdmin: true,
    });
  } catch (err) {
    const taken = uniqueViolationField(err);
    if (taken) throw new AdminInputError(taken === 'username' ? USERNAME_TAKEN : EMAIL_TAKEN);
    throw err;
  }
}
