import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Dialog, Input, Label } from '@pl/ui';
import { useLogin } from '../api/login.js';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSwitchToRegister: () => void;
}

/** Spec §2 "Sign In dialog": on success close, clear and go to /account; on failure stay open. */
export function SignInDialog({ open, onOpenChange, onSwitchToRegister }: Props) {
  const [usernameOrEmail, setUsernameOrEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!usernameOrEmail || !password) return;
    try {
      // mutateAsync, not mutate's callbacks: signing in swaps the header to the account menu,
      // unmounting this dialog, and per-call callbacks of an unmounted component never run.
      await login.mutateAsync({ usernameOrEmail, password });
    } catch {
      return; // useLogin showed the error toast; the dialog stays open (spec §8)
    }
    onOpenChange(false);
    setUsernameOrEmail('');
    setPassword('');
    navigate('/account');
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Sign In" description="Sign in to your Professional Liquidation account.">
      <form onSubmit={submit}>
        <div className="pl-field">
          <Label htmlFor="signin-username">Username or Email</Label>
          <Input
            id="signin-username"
            name="usernameOrEmail"
            autoComplete="username"
            required
            value={usernameOrEmail}
            onChange={(e) => setUsernameOrEmail(e.target.value)}
          />
        </div>
        <div className="pl-field">
          <Label htmlFor="signin-password">Password</Label>
          <Input
            id="signin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <p className="acc-dialog__aside">
          <Link to="/forgot-password" onClick={() => onOpenChange(false)}>
            Forgot password?
          </Link>
        </p>
        <Button type="submit" block disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
        <Button type="button" variant="ghost" block className="acc-dialog__switch" onClick={onSwitchToRegister}>
          Don't have an account? Create one
        </Button>
      </form>
    </Dialog>
  );
}
