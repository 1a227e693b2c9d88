import { useState, type FormEvent } from 'react';
import type { Customer } from '@pl/contracts';
import { Button, Dialog, FormField, serverMessage } from '@pl/ui';
import { hasErrors } from '../../../shared/utils/password-forms.js';
import { useUpdateProfile } from '../api/update-profile.js';
import { profileChanges, profileErrors, profileFieldsOf, type ProfileErrors, type ProfileFields } from '../utils/profile-form.js';

interface Props {
  user: Customer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function EditProfileDialog({ user, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit Profile" description="Update your name, phone number and e-mail address.">
      {/* Mounted only while open: every opening starts from the saved profile. */}
      <EditProfileForm user={user} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function EditProfileForm({ user, onDone }: { user: Customer; onDone: () => void }) {
  const [fields, setFields] = useState<ProfileFields>(() => profileFieldsOf(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const update = useUpdateProfile();
  const set = (name: keyof ProfileFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));
  const emailChanged = profileChanges(user, fields).email !== undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = profileErrors(fields);
    setErrors(next);
    if (hasErrors(next)) return;
    const changes = profileChanges(user, fields);
    if (Object.keys(changes).length === 0) return onDone();
    try {
      await update.mutateAsync(changes);
    } catch {
      return; // shown below the fields; the form keeps what was typed
    }
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className="acc-form-row">
        <FormField id="profile-first-name" label="First Name" autoComplete="given-name" maxLength={100} value={fields.firstName} error={errors.firstName} onChange={set('firstName')} />
        <FormField id="profile-last-name" label="Last Name" autoComplete="family-name" maxLength={100} value={fields.lastName} error={errors.lastName} onChange={set('lastName')} />
      </div>
      <FormField id="profile-phone" label="Phone" type="tel" autoComplete="tel" maxLength={40} value={fields.phone} error={errors.phone} onChange={set('phone')} />
      <FormField id="profile-email" label="Email" type="email" autoComplete="email" maxLength={254} value={fields.email} error={errors.email} onChange={set('email')} />
      {emailChanged && <p className="pl-muted acc-hint">We'll send a link to the new address to verify it.</p>}
      {update.isError && (
        <p className="acc-error" role="alert">
          {serverMessage(update.error) ?? 'Failed to update profile'}
        </p>
      )}
      <div className="acc-dialog__buttons">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
