import { useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH } from '@pl/contracts';
import { Button, Dialog, FormField } from '@pl/ui';
import { PASSWORD_TOO_SHORT_MESSAGE } from '../../../shared/utils/password-forms.js';
import { useRegister } from '../api/register.js';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSwitchToSignIn: () => void;
}

const empty = { firstName: '', lastName: '', username: '', email: '', password: '', phone: '' };
type Fields = typeof empty;

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** Spec §2 "Create Account dialog": on success close and clear; on failure stay open. */
export function CreateAccountDialog({ open, onOpenChange, onSwitchToSignIn }: Props) {
  const [fields, setFields] = useState<Fields>(empty);
  const [passwordError, setPasswordError] = useState<string>();
  const register = useRegister();
  const set = (name: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!fields.username.trim() || !fields.email.trim() || !fields.password) return;
    // The shop's one password rule (spec §9), said here rather than after a round trip.
    const tooShort = fields.password.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT_MESSAGE : undefined;
    setPasswordError(tooShort);
    if (tooShort) return;
    try {
      await register.mutateAsync({
        username: fields.username.trim(),
        email: fields.email.trim(),
        password: fields.password,
        firstName: optional(fields.firstName),
        lastName: optional(fields.lastName),
        phone: optional(fields.phone),
      });
    } catch {
      return; // useRegister showed the error toast; the dialog stays open (spec §8)
    }
    onOpenChange(false);
    setFields(empty);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Create Account" description="Create an account to check out faster and track your orders.">
      <form onSubmit={submit}>
        <div className="acc-form-row">
          <FormField id="register-first-name" label="First Name" autoComplete="given-name" maxLength={100} value={fields.firstName} onChange={set('firstName')} />
          <FormField id="register-last-name" label="Last Name" autoComplete="family-name" maxLength={100} value={fields.lastName} onChange={set('lastName')} />
        </div>
        <FormField id="register-username" label="Username *" autoComplete="username" required maxLength={64} value={fields.username} onChange={set('username')} />
        <FormField id="register-email" label="Email *" type="email" autoComplete="email" required maxLength={254} value={fields.email} onChange={set('email')} />
        <FormField
          id="register-password"
          label="Password *"
          type="password"
          autoComplete="new-password"
          required
          value={fields.password}
          error={passwordError}
          onChange={set('password')}
        />
        <FormField id="register-phone" label="Phone" type="tel" autoComplete="tel" maxLength={40} value={fields.phone} onChange={set('phone')} />
        <Button type="submit" block disabled={register.isPending}>
          {register.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
        <Button type="button" variant="ghost" block className="acc-dialog__switch" onClick={onSwitchToSignIn}>
          Already have an account? Sign in
        </Button>
      </form>
    </Dialog>
  );
}
