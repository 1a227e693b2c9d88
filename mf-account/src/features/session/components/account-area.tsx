import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, useLocation, useNavigate } from '@pl/ui';
import { isSignInRequest } from '../../../shared/utils/sign-in-request.js';
import { useCurrentUser } from '../../../shared/api/get-current-user.js';
import { AccountMenu } from './account-menu.js';
import { useAccountFreshness } from '../../../shared/team-cache.js';

type OpenDialog = 'sign-in' | 'create-account' | null;

// The dialogs (and the form checks they bring, zod among them) are no part of the header's first
// view: each arrives when it is first wanted, its chunk asked for as soon as a pointer or the
// keyboard reaches its button (decision 025).
const loadSignIn = () => import('./sign-in-dialog.js');
const loadCreateAccount = () => import('./create-account-dialog.js');
const SignInDialog = lazy(() => loadSignIn().then((m) => ({ default: m.SignInDialog })));
const CreateAccountDialog = lazy(() => loadCreateAccount().then((m) => ({ default: m.CreateAccountDialog })));
const prefetch = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

/**
 * The header's account area: the account menu when signed in, else Sign In and Create Account.
 * The dialogs stay mounted across that switch: a successful sign-in turns the buttons into the
 * menu while the dialog is still finishing (closing, clearing, navigating to /account).
 */
export function AccountArea() {
  useAccountFreshness();
  const { user, isPending } = useCurrentUser();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Once opened, a dialog stays mounted (see above).
  const [wanted, setWanted] = useState<ReadonlySet<OpenDialog>>(() => new Set());
  useEffect(() => {
    if (dialog && !wanted.has(dialog)) setWanted(new Set([...wanted, dialog]));
  }, [dialog, wanted]);
  const openChange = (which: Exclude<OpenDialog, null>) => (open: boolean) => setDialog(open ? which : null);
  const location = useLocation();
  const navigate = useNavigate();

  // A guest sent away from an account page (or following 'Back to Login') gets the Sign In dialog.
  // The request is consumed, so Back or a reload does not open it again.
  const signInRequested = isSignInRequest(location.state);
  useEffect(() => {
    if (!signInRequested || isPending) return;
    if (!user) setDialog('sign-in');
    navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [signInRequested, isPending, user, navigate, location.pathname, location.search, location.hash]);

  return (
    <>
      {isPending ? (
        <span className="pl-skeleton acc-area-placeholder" aria-hidden="true" />
      ) : user ? (
        <AccountMenu user={user} />
      ) : (
        <div className="acc-area">
          <Button variant="ghost" onClick={() => setDialog('sign-in')} onPointerEnter={prefetch(loadSignIn)} onFocus={prefetch(loadSignIn)}>
            Sign In
          </Button>
          <Button onClick={() => setDialog('create-account')} onPointerEnter={prefetch(loadCreateAccount)} onFocus={prefetch(loadCreateAccount)}>
            Create Account
          </Button>
        </div>
      )}
      {(dialog === 'sign-in' || wanted.has('sign-in')) && (
        <Suspense fallback={null}>
          <SignInDialog open={dialog === 'sign-in'} onOpenChange={openChange('sign-in')} onSwitchToRegister={() => setDialog('create-account')} />
        </Suspense>
      )}
      {(dialog === 'create-account' || wanted.has('create-account')) && (
        <Suspense fallback={null}>
          <CreateAccountDialog
            open={dialog === 'create-account'}
            onOpenChange={openChange('create-account')}
            onSwitchToSignIn={() => setDialog('sign-in')}
          />
        </Suspense>
      )}
    </>
  );
}
