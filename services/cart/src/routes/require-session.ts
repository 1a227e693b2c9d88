import type { Request } from 'express';
import { unauthorized } from '@pl/service-kit';

/** The caller's session (guest or customer); without one a cart cannot be changed. */
export function sessionOf(req: Request): { subject: string; kind: 'guest' | 'customer' } {
  const p = req.principal;
  if (p.kind === 'anonymous') throw unauthorized('No session: please reload the page');
  return { subject: p.subject, kind: p.kind };
}
