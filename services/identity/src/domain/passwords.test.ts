import { argon2Hasher, ARGON2_PARAMS, dummyHashFor } from './passwords.js';

describe('argon2id password hashing', () => {
  const hasher = argon2Hasher();

  it('uses at least OWASP ASVS 5.0 strength: argon2id, m >= 19 MiB, t >= 2, p = 1', () => {
    expect(ARGON2_PARAMS.memoryCost).toBeGreaterThanOrEqual(19 * 1024);
    expect(ARGON2_PARAMS.timeCost).toBeGreaterThanOrEqual(2);
    expect(ARGON2_PARAMS.parallelism).toBe(1);
  });

  it('hashes with a fresh salt each time and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hasher.hash('correct horse'), hasher.hash('correct horse')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify(a, 'correct horse')).toBe(true);
    expect(await hasher.verify(a, 'correct horsf')).toBe(false);
  });

  it('treats a stored value it cannot read as a wrong password, not a crash', async () => {
    expect(await hasher.verify('not-a-hash', 'anything')).toBe(false);
  });

  it('asks for a rehash of weaker or unreadable hashes only', async () => {
    const weak = await argon2Hasher({ ...ARGON2_PARAMS, memoryCost: 8192, timeCost: 1 }).hash('pw');
    expect(hasher.needsRehash(weak)).toBe(true);
    expect(hasher.needsRehash('legacy$md5$whatever')).toBe(true);
    expect(hasher.needsRehash(await hasher.hash('pw'))).toBe(false);
  });

  it('computes the dummy hash once, at full strength', async () => {
    const dummy = dummyHashFor(hasher);
    const first = await dummy();
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await dummy()).toBe(first);
  });
});
