import { CustomerSignedInData, IdentitySubjects, SessionsRevokedData } from '@pl/contracts';
import { writeOutbox, type PoolClient } from '@pl/service-kit';
import type { z } from 'zod';

/** Written in the sign-in's transaction: the cart merges the guest cart of `previousSubject`. */
export function recordSignedIn(client: PoolClient, data: z.infer<typeof CustomerSignedInData>) {
  return writeOutbox(client, { subject: IdentitySubjects.signedIn, type: IdentitySubjects.signedIn, data: CustomerSignedInData.parse(data) });
}

/** Written in the revoking transaction: gateways drop these sessions from their cache at once. */
export async function recordSessionsRevoked(client: PoolClient, customerId: string, sessionIds: string[]) {
  if (sessionIds.length === 0) return undefined;
  return writeOutbox(client, {
    subject: IdentitySubjects.sessionsRevoked,
    type: IdentitySubjects.sessionsRevoked,
    data: SessionsRevokedData.parse({ customerId, sessionIds }),
  });
}
