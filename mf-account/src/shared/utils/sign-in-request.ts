/**
 * Navigation state asking the header's account area to open the Sign In dialog: set when a guest
 * is sent away from an account page (spec §2: /account is also the login page the recovery
 * screens link back to).
 */
export interface SignInRequest {
  signIn: true;
}
export const signInRequest: SignInRequest = { signIn: true };

export const isSignInRequest = (state: unknown): state is SignInRequest =>
  typeof state === 'object' && state !== null && (state as { signIn?: unknown }).signIn === true;
