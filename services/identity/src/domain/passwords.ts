// Password hashing: argon2id at OWASP ASVS 5.0 strength (m = 19 MiB, t = 2, p = 1). @node-rs/argon2
// hashes on libuv's thread pool, so a hash (~50-100 ms) never blocks the event loop.
import { randomBytes } from 'node:crypto';
import argon2, { type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id: a const enum in the package's types, so spelled as its value here. */
const ARGON2ID = 2 as Algorithm;

export interface Argon2Params {
  algorithm: Algorithm;
  /** KiB */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const ARGON2_PARAMS: Readonly<Argon2Params> = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a stored value that is not a hash we can read. */
  verify(hash: string, password: string): Promise<boolean>;
  /** True when a stored hash is weaker than today's parameters: rehash it at the next sign-in. */
  needsRehash(hash: string): boolean;
}

export function argon2Hasher(params: Readonly<Argon2Params> = ARGON2_PARAMS): PasswordHasher {
  return {
    hash: (password) => argon2.hash(password, params),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false; // a malformed stored value is a failed sign-in, not a crash
      }
    },
    needsRehash(hash) {
      try {
        const p = argon2.parseOptions(hash);
        return p.algorithm !== params.algorithm || p.memoryCost < params.memoryCost || p.timeCost < params.timeCost;
      } catch {
        return true;
      }
    },
  };
}

/**
 * A real hash of a random password, computed once per hasher. Sign-in verifies against it when no
 * account matches, so an unknown name costs the same argon2 work as a wrong password and the
 * response time says nothing about which accounts exist.
 */
export function dummyHashFor(hasher: PasswordHasher): () => Promise<string> {
  let dummy: Promise<string> | undefined;
  return () =>
    (dummy ??= hasher.hash(randomBytes(32).toString('base64url')).catch((err: unknown) => {
      dummy = undefined;
      throw err;
    }));
}
