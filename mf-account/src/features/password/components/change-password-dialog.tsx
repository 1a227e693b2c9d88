import { useState, type FormEvent } from 'react';
import { Button, Dialog, FormField, serverMessage } from '@pl/ui';
import { useChangePassword } from '../api/change-password.js';
import { changePasswordErrors, hasErrors, type ChangePasswordErrors, type ChangePasswordFields } from '../../../shared/utils/password-forms.js';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ChangePasswordDialog({ open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Change Password" description="Enter your current password, then choose a new one.">
      {/* Mounted only while open: no password lingers in memory after the dialog closes. */}
      <ChangePasswordForm onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

const empty: ChangePasswordFields = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [fields, setFields] = useState(empty);
  const [errors, setErrors] = useState<ChangePasswordErrors>({});
  const change = useChangePassword();
  const set = (name: keyof ChangePasswordFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = changePasswordErrors(fields);
    setErrors(next);
    if (hasErrors(next)) return;
    try {
      await change.mutateAsync({ currentPassword: fields.currentPassword, newPassword: fields.newPassword });
    } catch {
      return; // shown below the fields
    }
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormField
        id="change-current-password"
        label="Current Password"
        type="password"
        autoComplete="current-password"
        value={fields.currentPassword}
        error={errors.currentPassword}
        onChange={set('currentPassword')}
      />
      <FormField
        id="change-new-password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        value={fields.newPassword}
        error={errors.newPassword}
        onChange={set('newPassword')}
      />
      <FormField
        id="change-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        value={fields.confirmPassword}
        error={errors.confirmPassword}
        onChange={set('confirmPassword')}
      />
      {change.isError && (
        <p className="acc-error" role="alert">
          {serverMessage(change.error) ?? 'Failed to change password'}
        </p>
      )}
      <div className="acc-dialog__buttons">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}
