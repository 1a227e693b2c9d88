import { useState, type FormEvent } from 'react';
import { Button, Dialog, Input, Label } from '@pl/ui';
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
  const register = useRegister();
  const set = (name: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!fields.username || !fields.email || !fields.password) return;
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
          <div className="pl-field">
            <Label htmlFor="register-first-name">First Name</Label>
            <Input id="register-first-name" autoComplete="given-name" value={fields.firstName} onChange={set('firstName')} />
          </div>
          <div className="pl-field">
            <Label htmlFor="register-last-name">Last Name</Label>
            <Input id="register-last-name" autoComplete="family-name" value={fields.lastName} onChange={set('lastName')} />
          </div>
        </div>
        <div className="pl-field">
          <Label htmlFor="register-username">Username *</Label>
          <Input id="register-username" autoComplete="username" required value={fields.username} onChange={set('username')} />
        </div>
        <div className="pl-field">
          <Label htmlFor="register-email">Email *</Label>
          <Input id="register-email" type="email" autoComplete="email" required value={fields.email} onChange={set('email')} />
        </div>
        <div className="pl-field">
          <Label htmlFor="register-password">Password *</Label>
          <Input id="register-password" type="password" autoComplete="new-password" required value={fields.password} onChange={set('password')} />
        </div>
        <div className="pl-field">
          <Label htmlFor="register-phone">Phone</Label>
          <Input id="register-phone" type="tel" autoComplete="tel" value={fields.phone} onChange={set('phone')} />
        </div>
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
