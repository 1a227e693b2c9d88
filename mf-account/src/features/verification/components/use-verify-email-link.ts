import { useEffect, useRef } from 'react';
import { useSearchParams } from '@pl/ui';
import { EmailLinks } from '@pl/contracts';
import { useVerifyEmail } from '../api/verify-email.js';

/**
 * The verification e-mail links to /account?verify=<token> (contracts EmailLinks). The token is sent once, the result
 * toasted, and the parameter removed from the address bar (so a reload or a shared URL does not
 * resend a spent token). Works for guests too: the token alone proves the address.
 */
export function useVerifyEmailLink(): { isVerifying: boolean } {
  const [params, setParams] = useSearchParams();
  const token = params.get(EmailLinks.verifyEmailParam);
  const { mutate: verify, isPending } = useVerifyEmail();
  // Development's StrictMode runs effects twice; a single-use token must be sent only once.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    verify(token);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(EmailLinks.verifyEmailParam);
        return next;
      },
      { replace: true },
    );
  }, [token, verify, setParams]);

  return { isVerifying: Boolean(token) || isPending };
}
