import { UpdateProfilePayload, type Customer } from '@pl/contracts';
import { INVALID_EMAIL_MESSAGE } from '../../../shared/utils/password-forms.js';

/** The Edit Profile form as typed: every field a string, empty when not provided. */
export interface ProfileFields {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}
export type ProfileErrors = Partial<Record<keyof ProfileFields, string>>;

export function profileFieldsOf(user: Pick<Customer, keyof ProfileFields>): ProfileFields {
  return { firstName: user.firstName ?? '', lastName: user.lastName ?? '', phone: user.phone ?? '', email: user.email };
}

const fieldRules = UpdateProfilePayload.shape;
const tooLong = (label: string) => `${label} is too long`;

/** Checked with the server's own schema, so the form refuses exactly what the PATCH would. */
export function profileErrors(fields: ProfileFields): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!fieldRules.email.safeParse(fields.email.trim()).success) errors.email = INVALID_EMAIL_MESSAGE;
  if (!fieldRules.firstName.safeParse(fields.firstName).success) errors.firstName = tooLong('First name');
  if (!fieldRules.lastName.safeParse(fields.lastName).success) errors.lastName = tooLong('Last name');
  if (!fieldRules.phone.safeParse(fields.phone).success) errors.phone = tooLong('Phone');
  return errors;
}

const optionalText = (value: string): string | null => (value.trim() === '' ? null : value.trim());
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The PATCH body: only what changed. A blank optional field clears it (null); the e-mail is sent
 * only when it really changed, since a new address has to be verified again.
 */
export function profileChanges(user: Pick<Customer, keyof ProfileFields>, fields: ProfileFields): UpdateProfilePayload {
  const changes: UpdateProfilePayload = {};
  for (const key of ['firstName', 'lastName', 'phone'] as const) {
    const next = optionalText(fields[key]);
    if (next !== (user[key]?.trim() || null)) changes[key] = next;
  }
  if (!sameEmail(fields.email, user.email)) changes.email = fields.email.trim();
  return changes;
}
