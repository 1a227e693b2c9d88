import type { Queryable } from '@pl/service-kit';
import type { CustomerRecord, CustomerWithHash } from '../domain/customer.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

const COLUMNS = `id, username, email, first_name AS "firstName", last_name AS "lastName", phone,
  is_admin AS "isAdmin", email_verified_at AS "emailVerifiedAt", created_at AS "createdAt"`;

/** The customer with this id, without the password hash; undefined when there is none. */
export async function findCustomerById(db: Queryable, id: string): Promise<CustomerRecord | undefined> {
  if (!isUuid(id)) return undefined; // token subjects are ours, but never let one reach SQL as a cast error
  const { rows } = await db.query<CustomerRecord>(`SELECT ${COLUMNS} FROM customers WHERE id = $1`, [id]);
  return rows[0];
}

/** With the hash, for checking a password. `FOR UPDATE` when the caller is about to change it. */
export async function findCustomerWithHashById(db: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<CustomerWithHash | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<CustomerWithHash>(
    `SELECT ${COLUMNS}, password_hash AS "passwordHash" FROM customers WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

/** Sign-in by username or by e-mail, either in any case (the caller knows which it was given). */
export async function findCustomerForSignIn(db: Queryable, login: { by: 'email' | 'username'; value: string }): Promise<CustomerWithHash | undefined> {
  const column = login.by === 'email' ? 'email' : 'username';
  const { rows } = await db.query<CustomerWithHash>(
    `SELECT ${COLUMNS}, password_hash AS "passwordHash" FROM customers WHERE lower(${column}) = lower($1)`,
    [login.value],
  );
  return rows[0];
}

export async function findCustomerByEmail(db: Queryable, email: string): Promise<CustomerRecord | undefined> {
  const { rows } = await db.query<CustomerRecord>(`SELECT ${COLUMNS} FROM customers WHERE lower(email) = lower($1)`, [email]);
  return rows[0];
}

export interface NewCustomer {
  username: string;
  email: string;
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  isAdmin?: boolean;
  emailVerifiedAt?: Date | null;
}

/** Throws pg's unique violation (23505) when the username or e-mail is taken; see uniqueViolationField. */
export async function insertCustomer(db: Queryable, c: NewCustomer): Promise<CustomerRecord> {
  const { rows } = await db.query<CustomerRecord>(
    `INSERT INTO customers (username, email, password_hash, first_name, last_name, phone, is_admin, email_verified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [c.username, c.email, c.passwordHash, c.firstName, c.lastName, c.phone, c.isAdmin ?? false, c.emailVerifiedAt ?? null],
  );
  return rows[0] as CustomerRecord;
}

/** Which unique index a pg error broke, if it was one of ours. */
export function uniqueViolationField(err: unknown): 'username' | 'email' | undefined {
  const e = err as { code?: string; constraint?: string };
  if (e?.code !== '23505') return undefined;
  if (e.constraint === 'customers_username_key') return 'username';
  if (e.constraint === 'customers_email_key') return 'email';
  return undefined;
}

export interface ProfileChanges {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  email?: string;
  /** Set with a new e-mail address: it is unverified again. */
  clearEmailVerification?: boolean;
}

export async function updateCustomerProfile(db: Queryable, id: string, changes: ProfileChanges): Promise<CustomerRecord> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (changes.firstName !== undefined) set('first_name', changes.firstName);
  if (changes.lastName !== undefined) set('last_name', changes.lastName);
  if (changes.phone !== undefined) set('phone', changes.phone);
  if (changes.email !== undefined) set('email', changes.email);
  if (changes.clearEmailVerification) sets.push('email_verified_at = NULL');
  sets.push('updated_at = now()');
  const { rows } = await db.query<CustomerRecord>(`UPDATE customers SET ${sets.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`, values);
  return rows[0] as CustomerRecord;
}

export async function setPasswordHash(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query(`UPDATE customers SET password_hash = $2, updated_at = now() WHERE id = $1`, [id, passwordHash]);
}

/** Marks the address verified if it is still `email` (case aside); false when it changed meanwhile. */
export async function markEmailVerified(db: Queryable, id: string, email: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE customers SET email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
      WHERE id = $1 AND lower(email) = lower($2)`,
    [id, email],
  );
  return rowCount === 1;
}
