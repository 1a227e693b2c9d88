import { useState } from 'react';
import { Button } from '@pl/ui';
import { useCurrentUser } from '../api/get-current-user.js';
import { AccountMenu } from './account-menu.js';
import { CreateAccountDialog } from './create-account-dialog.js';
import { SignInDialog } from './sign-in-dialog.js';

/** The header's account area: the account menu when signed in, else Sign In and Create Account. */
export function AccountArea() {
  const { user, isPending } = useCurrentUser();
  const [dialog, setDialog] = useState<'sign-in' | 'create-account' | null>(null);

  if (isPending) return <span className="pl-skeleton acc-area-placeholder" aria-hidden="true" />;
  if (user) return <AccountMenu user={user} />;
  return (
    <div className="acc-area">
      <Button variant="ghost" onClick={() => setDialog('sign-in')}>
        Sign In
      </Button>
      <Button onClick={() => setDialog('create-account')}>Create Account</Button>
      <SignInDialog
        open={dialog === 'sign-in'}
        onOpenChange={(open) => setDialog(open ? 'sign-in' : null)}
        onSwitchToRegister={() => setDialog('create-account')}
      />
      <CreateAccountDialog
        open={dialog === 'create-account'}
        onOpenChange={(open) => setDialog(open ? 'create-account' : null)}
        onSwitchToSignIn={() => setDialog('sign-in')}
      />
    </div>
  );
}
