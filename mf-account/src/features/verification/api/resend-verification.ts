import { ApiPaths } from '@pl/contracts';
import { apiJson, serverMessage, toast, useMutation } from '@pl/ui';
import { messageOf } from '../utils/message-of.js';

/** POST /api/auth/resend-verification: mails the signed-in customer a fresh verification link. */
export async function resendVerification(): Promise<string | undefined> {
  return messageOf(await apiJson<unknown>('POST', ApiPaths.auth.resendVerification));
}

export function useResendVerification() {
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: (message) =>
      toast({ title: 'Verification email sent', description: message ?? 'Check your inbox for the verification link.' }),
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to send verification email', variant: 'destructive' }),
  });
}
