import { useState, type FormEvent } from 'react';
import { Button, Dialog, FormField, Link, useNavigate } from '@pl/ui';
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
    if (!usernameOrEmail.trim() || !password) return;
    try {
      // Resolves once the current user has been refetched, so /account sees the customer.
      await login.mutateAsync({ usernameOrEmail: usernameOrEmail.trim(), password });
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
        <FormField
          id="signin-username"
          label="Username or Email"
          name="usernameOrEmail"
          autoComplete="username"
          required
          maxLength={254}
          value={usernameOrEmail}
          onChange={(e) => setUsernameOrEmail(e.target.value)}
        />
        <FormField
          id="signin-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
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
        {/* A guest sent here from Order History (it asks to sign in) finds an order without an account. */}
        <p className="acc-dialog__guest">
          Ordered as a guest?{' '}
          <Link to="/orders/lookup" onClick={() => onOpenChange(false)}>
            Find your order
          </Link>
        </p>
      </form>
    </Dialog>
  );
}
