import type { Customer } from '@pl/contracts';
import { Badge, Button } from '@pl/ui';
import { useResendVerification } from '../api/resend-verification.js';

/**
 * The e-mail's Verified or Unverified badge (spec §2, from emailVerifiedAt) and, when unverified, a
 * way to get a new link and what waits on it: an address signs in once confirmed (decision 044).
 */
export function EmailVerificationStatus({ user }: { user: Pick<Customer, 'emailVerifiedAt'> }) {
  const resend = useResendVerification();
  if (user.emailVerifiedAt) {
    return (
      <Badge variant="secondary" tone="green" data-email-status="verified">
        Verified
      </Badge>
    );
  }
  return (
    <>
      <Badge variant="secondary" tone="yellow" data-email-status="unverified">
        Unverified
      </Badge>
      <Button variant="outline" size="sm" className="acc-resend" disabled={resend.isPending || resend.isSuccess} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending...' : resend.isSuccess ? 'Verification email sent' : 'Resend verification email'}
      </Button>
      <span className="pl-muted acc-email__hint">Until you confirm it, sign in with your username.</span>
    </>
  );
}
