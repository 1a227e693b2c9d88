// Demo logins for local runs (never production: main.ts does not call this there). Created when
// missing; at every start their logins are logged at info, which `npm start` prints.
import type { Logger, Pool } from '@pl/service-kit';
import type { PasswordHasher } from '../domain/passwords.js';
import { findCustomerForSignIn, insertCustomer, uniqueViolationField } from '../db/customers.repo.js';

export const DEMO_ACCOUNTS = [
  { username: 'admin', email: 'admin@example.com', password: 'admin12345', firstName: 'Ada', lastName: 'Admin', isAdmin: true },
  { username: 'shopper', email: 'shopper@example.com', password: 'shopper12345', firstName: 'Sam', lastName: 'Shopper', isAdmin: false },
] as const;

export async function seedDemoAccounts(pool: Pool, logger: Logger, passwords: PasswordHasher): Promise<void> {
  for (const demo of DEMO_ACCOUNTS) {
    const existing = await findCustomerForSignIn(pool, { by: 'username', value: demo.username });
    let usable = true;
    if (!existing) {
      try {
        await insertCustomer(pool, {
          username: demo.username,
          email: demo.email,
          passwordHash: await passwords.hash(demo.password),
          firstName: demo.firstName,
          lastName: demo.lastName,
          phone: null,
          isAdmin: demo.isAdmin,
          emailVerifiedAt: new Date(),
        });
        logger.info({ username: demo.username }, 'demo account created');
      } catch (err) {
        if (!uniqueViolationField(err)) throw err;
        // Another instance seeded it at the same moment, or someone registered the demo e-mail.
        const winner = await findCustomerForSignIn(pool, { by: 'username', value: demo.username });
        usable = winner !== undefined && (await passwords.verify(winner.passwordHash, demo.password));
      }
    } else {
      usable = await passwords.verify(existing.passwordHash, demo.password);
    }
    if (usable) logger.info({ username: demo.username, demoPassword: demo.password, admin: demo.isAdmin }, `demo login: ${demo.username} / ${demo.password}`);
    else logger.warn({ username: demo.username }, `demo account ${demo.username} is not usable with its demo password (changed, or its e-mail is taken)`);
  }
}
