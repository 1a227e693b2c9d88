// Session tokens: the gateway signs them, the browser carries them in an HttpOnly cookie, and
// services receive the same token as a Bearer header. Algorithm, issuer and audience are pinned on
// verification so a token minted for something else (or with alg "none") never passes.
import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { Jwt, TokenClaims } from '@pl/contracts';
import { createVerifiedTokenMemo } from '@pl/service-kit';
import type { SigningKeys } from './keys.js';

/** Milliseconds since the epoch; tests inject a clock to move time without waiting. */
export type Clock = () => number;

export interface VerifiedSession {
  claims: TokenClaims;
  token: string;
  expiresAt: Date;
}

export type VerifyResult =
  | { ok: true; session: VerifiedSession }
  /**
   * Signed by us, for us, but past its `exp`: the claims are trustworthy (signature, issuer and
   * audience were checked before the expiry), so a still-active session can be refreshed from them.
   */
  | { ok: false; reason: 'expired'; claims: TokenClaims; expiredAt: Date }
  | { ok: false; reason: 'invalid' };

/** Seconds of clock skew tolerated between gateway instances. */
const CLOCK_TOLERANCE_S = 5;

export interface SessionTokens {
  /** Signs `claims` for `ttlSeconds`; the `kid` lets services pick the key from the JWKS. */
  signSessionToken(claims: TokenClaims, ttlSeconds: number): Promise<string>;
  /** Verifies a token from the cookie; never throws for a bad token. */
  verifySessionToken(token: string): Promise<VerifyResult>;
}

export function createSessionTokens(keys: SigningKeys, options: { now?: Clock } = {}): SessionTokens {
  const now = options.now ?? Date.now;
  // Every request's cookie is verified here; the same token comes back with each of a shopper's
  // requests, and a token this instance just signed is known good (service-kit verified-tokens.ts).
  const memo = createVerifiedTokenMemo<VerifiedSession>({ now });
  return {
    async signSessionToken(claims, ttlSeconds) {
      const parsed = TokenClaims.parse(claims);
      const nowS = Math.floor(now() / 1000);
      const token = await new SignJWT({ kind: parsed.kind, sid: parsed.sid, adm: parsed.adm, ...(parsed.nm ? { nm: parsed.nm } : {}) })
        .setProtectedHeader({ alg: Jwt.alg, kid: keys.kid, typ: 'JWT' })
        .setSubject(parsed.sub)
        .setIssuer(Jwt.issuer)
        .setAudience(Jwt.audience)
        .setIssuedAt(nowS)
        .setExpirationTime(nowS + ttlSeconds)
        .setJti(randomUUID())
        .sign(keys.privateKey);
      const exp = nowS + ttlSeconds;
      memo.remember(token, Object.freeze({ claims: Object.freeze(parsed), token, expiresAt: new Date(exp * 1000) }), exp);
      return token;
    },

    async verifySessionToken(token) {
      const known = memo.get(token);
      if (known) return { ok: true, session: known };
      try {
        const { payload } = await jwtVerify(token, keys.publicKey, {
          algorithms: [Jwt.alg],
          issuer: Jwt.issuer,
          audience: Jwt.audience,
          requiredClaims: ['exp', 'sub'],
          clockTolerance: CLOCK_TOLERANCE_S,
          currentDate: new Date(now()),
        });
        const claims = TokenClaims.safeParse(payload);
        if (!claims.success) return { ok: false, reason: 'invalid' };
        const exp = payload.exp as number;
        const session = Object.freeze({ claims: Object.freeze(claims.data), token, expiresAt: new Date(exp * 1000) });
        memo.remember(token, session, exp);
        return { ok: true, session };
      } catch (err) {
        // jose verifies the signature first, then issuer and audience, and only then the times, so
        // an exp failure means everything else held.
        if (err instanceof joseErrors.JWTExpired && err.claim === 'exp') {
          const claims = TokenClaims.safeParse(err.payload);
          if (!claims.success || typeof err.payload.exp !== 'number') return { ok: false, reason: 'invalid' };
          return { ok: false, reason: 'expired', claims: claims.data, expiredAt: new Date(err.payload.exp * 1000) };
        }
        return { ok: false, reason: 'invalid' };
      }
    },
  };
}
