import type { Queryable } from '@pl/service-kit';
import type { CustomerRecord, CustomerWithHash } from '../domain/customer.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

const COLUMNS = `id, username, email, first_name AS "firstName", last_name AS "lastName", phone,
  is_admin AS "isAdmin", email_verified_at AS "emailVerifiedAt", holds_email AS "holdsEmail", created_at AS "createdAt"`;

/** Whether an account other than `$self` holds the address `$email` (decision 044); for the SQL below. */
const heldByAnother = (email: string, self: string) => `EXISTS (SELECT 1 FROM customers other WHERE lower(other.email) = lower(${email}) AND other.holds_email AND other.id IS DISTINCT FROM ${self})`;

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

/**
 * Sign-in by username or by e-mail, either in any case (the caller knows which it was given). An
 * e-mail signs in only once confirmed (decision 044): else registering with an address and signing in
 * with it would tell whether another account already held it.
 */
export async function findCustomerForSignIn(db: Queryable, login: { by: 'email' | 'username'; value: string }): Promise<CustomerWithHash | undefined> {
  const where = login.by === 'email' ? 'lower(email) = lower($1) AND holds_email AND email_verified_at IS NOT NULL' : 'lower(username) = lower($1)';
  const { rows } = await db.query<CustomerWithHash>(`SELECT ${COLUMNS}, password_hash AS "passwordHash" FROM customers WHERE ${where}`, [login.value]);
  return rows[0];
}

/** The account an address belongs to (its holder, decision 044), confirmed or not. */
export async function findEmailHolder(db: Queryable, email: string): Promise<CustomerRecord | undefined> {
  const { rows } = await db.query<CustomerRecord>(`SELECT ${COLUMNS} FROM customers WHERE lower(email) = lower($1) AND holds_email`, [email]);
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
  /**
   * When another account holds the address: 'refuse' it (a unique violation, as for usernames), or
   * let the new account 'name' it without holding it (registration, decision 044).
   */
  ifEmailHeld?: 'refuse' | 'name';
}

/**
 * Throws pg's unique violation (23505) when the username is taken, or the e-mail with 'refuse' (see
 * uniqueViolationField); with 'name', also when another registration claimed the free address at the
 * same moment: the caller tries once more, and then names it.
 */
export async function insertCustomer(db: Queryable, c: NewCustomer): Promise<CustomerRecord> {
  const { rows } = await db.query<CustomerRecord>(
    `INSERT INTO customers (username, email, password_hash, first_name, last_name, phone, is_admin, email_verified_at, holds_email)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9 OR NOT ${heldByAnother('$2', 'NULL::uuid')}) RETURNING ${COLUMNS}`,
    [c.username, c.email, c.passwordHash, c.firstName, c.lastName, c.phone, c.isAdmin ?? false, c.emailVerifiedAt ?? null, (c.ifEmailHeld ?? 'refuse') === 'refuse'],
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
  /** Set with a new e-mail address: it is unverified again, and the account holds it only if no other does (decision 044). */
  newEmailAddress?: boolean;
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
  if (changes.email !== undefined && changes.newEmailAddress) sets.push('email_verified_at = NULL', `holds_email = NOT ${heldByAnother(`$${values.length}`, '$1::uuid')}`);
  sets.push('updated_at = now()');
  const { rows } = await db.query<CustomerRecord>(`UPDATE customers SET ${sets.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`, values);
  return rows[0] as CustomerRecord;
}

export async function setPasswordHash(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query(`UPDATE customers SET password_hash = $2, updated_at = now() WHERE id = $1`, [id, passwordHash]);
}

/** Marks the address verified if it is still `email` (case aside) and the account holds it; false otherwise. */
export async function markEmailVerified(db: Queryable, id: string, email: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE customers SET email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
      WHERE id = $1 AND lower(email) = lower($2) AND holds_email`,
    [id, email],
  );
  return rowCount === 1;
}

/**
 * An account that named an address another held takes it once no other account holds it (the holder
 * moved to another address). True when it holds its address now. A concurrent claim of the same free
 * address makes one of the two fail with a unique violation.
 */
export async function holdEmailIfFree(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query<{ holds: boolean }>(
    `UPDATE customers SET holds_email = NOT ${heldByAnother('customers.email', '$1::uuid')} WHERE id = $1 RETURNING holds_email AS holds`,
    [id],
  );
  return rows[0]?.holds === true;
}
