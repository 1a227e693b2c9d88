import type { Customer } from '@pl/contracts';

/** The account menu trigger (spec §2): first name, else the e-mail before the @, else 'Account'. */
export function accountTriggerLabel(user: Pick<Customer, 'firstName' | 'email'> | null | undefined): string {
  const first = user?.firstName?.trim();
  if (first) return first;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'Account';
}
