import type { Queryable } from '@pl/service-kit';
import type { CustomerRecord } from '../domain/customer.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The customer with this id, without the password hash; undefined when there is none. */
export async function findCustomerById(db: Queryable, id: string): Promise<CustomerRecord | undefined> {
  if (!UUID.test(id)) return undefined; // token subjects are ours, but never let one reach SQL as a cast error
  const { rows } = await db.query<CustomerRecord>(
    `SELECT id, username, email, first_name AS "firstName", last_name AS "lastName", phone,
            is_admin AS "isAdmin", email_verified_at AS "emailVerifiedAt", created_at AS "createdAt"
       FROM customers WHERE id = $1`,
    [id],
  );
  return rows[0];
}
