import { LoginLimits, slowdownSeconds } from './login-limits.js';

describe('slowdownSeconds', () => {
  const policy = LoginLimits.accountSlowdown;

  it('asks nothing of the first failures on an account', () => {
    expect([0, 1, policy.afterFailures - 1].map((n) => slowdownSeconds(n, policy))).toEqual([0, 0, 0]);
  });

  it('then doubles the wait after each further failure, from one second up to the ceiling', () => {
    const after = (extra: number) => slowdownSeconds(policy.afterFailures + extra, policy);
    expect([0, 1, 2, 3, 8].map(after)).toEqual([1, 2, 4, 8, 256]);
    expect([9, 10, 90, 10_000].map(after)).toEqual([300, 300, 300, 300]);
  });
});
