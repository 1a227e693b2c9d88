import { isSignInRequest, signInRequest } from './sign-in-request';

describe('sign-in request (navigation state)', () => {
  it('is recognised only in the exact shape the account pages send', () => {
    expect(isSignInRequest(signInRequest)).toBe(true);
    expect(isSignInRequest({ signIn: 'yes' })).toBe(false);
    expect(isSignInRequest(null)).toBe(false);
    expect(isSignInRequest(undefined)).toBe(false);
  });
});
