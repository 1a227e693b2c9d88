import { useRef, type ReactNode } from 'react';
import type { Customer } from '@pl/contracts';
import { Button, Navigate, serverMessage, Skeleton } from '@pl/ui';
import { useCurrentUser } from '../api/get-current-user.js';
import { signInRequest } from '../utils/sign-in-request.js';

/**
 * Spec §2: account pages redirect guests to /. They wait for the current-user call first (and
 * for a refetch in flight, so a customer who just signed in is not bounced by the old answer).
 * /account is also the login page recovery screens link back to (spec §2 routes), so the
 * redirect asks the header to open the Sign In dialog — except when the customer was just here and
 * signed out: the page can still be on screen while the way home loads, and signing out is no
 * request to sign in again.
 */
export function RequireCustomer({ children }: { children: (user: Customer) => ReactNode }) {
  const me = useCurrentUser();
  const hadCustomer = useRef(false);
  if (me.user) hadCustomer.current = true;
  if (me.isPending || (me.isFetching && !me.user)) {
    return (
      <div className="pl-container pl-page" aria-busy="true">
        <Skeleton style={{ height: '2.25rem', width: '16rem' }} />
        <Skeleton style={{ height: '12rem', marginTop: '1.5rem', maxWidth: '40rem' }} />
      </div>
    );
  }
  if (me.isError) {
    return (
      <div className="pl-container pl-page">
        <p className="acc-error" role="alert">
          We couldn't load your account. {serverMessage(me.error) ?? 'Please try again.'}
        </p>
        <Button variant="outline" onClick={() => void me.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!me.user) return <Navigate to="/" replace state={hadCustomer.current ? undefined : signInRequest} />;
  return <>{children(me.user)}</>;
}
