import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { ErrorCodes, Jwt, TokenClaims, type Principal } from '@pl/contracts';
import { AppError, forbidden, unauthorized } from './errors.js';
import { createVerifiedTokenMemo, type VerifiedTokenMemoOptions } from './verified-tokens.js';

export interface TokenVerifier {
  /** Resolves with the claims of a token the gateway signed; rejects with a 401 or 503 AppError. */
  verify(token: string): Promise<TokenClaims>;
}

export type TokenVerifierOptions = ({ jwksUrl: string | URL | readonly string[]; timeoutMs?: number } | { keySet: JSONWebKeySet }) & {
  /** Tokens verified lately are answered from memory (verified-tokens.ts); tests set its bounds and clock. */
  memo?: VerifiedTokenMemoOptions;
};

/** Problems with the key source, not with the token: the caller is not at fault, so no 401. */
const KEY_SOURCE_ERRORS = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

/**
 * Verifies the token the gateway forwards. Algorithm, issuer and audience are pinned, so a token
 * with `alg: none`, an HMAC alg keyed with the public key, or one minted for another audience
 * never passes. Keys come from the gateway's JWKS (cached and refreshed by jose) or, in tests, a
 * given key set. A token that verified lately is answered from memory until its expiry (at most a
 * minute): a shopper's requests carry the same token many times.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const keys = 'keySet' in options ? createLocalJWKSet(options.keySet) : remoteKeys(options.jwksUrl, options.timeoutMs ?? 3000);
  const memo = createVerifiedTokenMemo<TokenClaims>(options.memo);
  const now = options.memo?.now ?? Date.now;
  return {
    async verify(token) {
      const known = memo.get(token);
      if (known) return known;
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          algorithms: [Jwt.alg],
          issuer: Jwt.issuer,
          audience: Jwt.audience,
          requiredClaims: ['exp', 'sub'],
          currentDate: new Date(now()),
        }));
      } catch (err) {
        const code = err instanceof joseErrors.JOSEError ? err.code : undefined;
        if (code === undefined || KEY_SOURCE_ERRORS.has(code)) {
          throw new AppError(503, ErrorCodes.upstreamUnavailable, 'Cannot verify the session right now, please retry');
        }
        throw unauthorized('Invalid or expired session');
      }
      const claims = TokenClaims.safeParse(payload);
      if (!claims.success) throw unauthorized('Invalid or expired session');
      const verified = Object.freeze(claims.data);
      memo.remember(token, verified, payload.exp as number);
      return verified;
    },
  };
}

type KeyLookup = ReturnType<typeof createRemoteJWKSet>;

/**
 * The gateway's keys, from any of its instances (GATEWAY_JWKS_URL may list several, decision 039):
 * every gateway serves the same set, so when one cannot be asked (restarting) the next is.
 */
function remoteKeys(jwksUrl: string | URL | readonly string[], timeoutDuration: number): KeyLookup {
  const urls = typeof jwksUrl === 'string' || jwksUrl instanceof URL ? [jwksUrl] : jwksUrl;
  const sets = urls.map((url) => createRemoteJWKSet(new URL(url), { timeoutDuration }));
  if (sets.length === 1) return sets[0] as KeyLookup;
  return (async (header, token) => {
    let lastError: unknown;
    for (const set of sets) {
      try {
        return await set(header, token);
      } catch (err) {
        const code = err instanceof joseErrors.JOSEError ? err.code : undefined;
        if (code !== undefined && !KEY_SOURCE_ERRORS.has(code)) throw err;
        lastError = err;
      }
    }
    throw lastError;
  }) as KeyLookup;
}

export function principalFromClaims(claims: TokenClaims): Principal {
  return {
    kind: claims.kind,
    subject: claims.sub,
    sessionId: claims.sid,
    // Only customers can be admins, whatever a claim says.
    isAdmin: claims.kind === 'customer' && claims.adm,
    ...(claims.nm ? { name: claims.nm } : {}),
  };
}

/**
 * Sets `req.principal`. No Authorization header means anonymous; a bearer that does not verify
 * is a 401, never silently anonymous, so a broken session is visible to the client.
 */
export function authenticate(verifier: TokenVerifier): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    if (header === undefined) {
      req.principal = { kind: 'anonymous' };
      return next();
    }
    const match = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/.exec(header);
    if (!match) throw unauthorized('Invalid or expired session');
    req.principal = principalFromClaims(await verifier.verify(match[1] as string));
    next();
  };
}

/** 401 unless the caller is a signed-in customer (guests hold a cart, not an account). */
export const requireSignedIn: RequestHandler = (req, _res, next) => {
  if (req.principal?.kind !== 'customer') throw unauthorized();
  next();
};

/** Anonymous and guests 401, customers who are not admins 403. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  const principal = req.principal;
  if (principal?.kind !== 'customer') throw unauthorized();
  if (!principal.isAdmin) throw forbidden();
  next();
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Guards a service's internal API: `Authorization: Bearer <INTERNAL_API_TOKEN>` or 401. The
 * comparison runs over fixed-length digests in constant time, so neither the token's content nor
 * its length leaks through response timing.
 */
export function requireInternalToken(token: string): RequestHandler {
  if (token.length < 32) throw new Error('The internal API token must be at least 32 characters');
  const expected = digest(token);
  return (req, _res, next) => {
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    if (!match || !timingSafeEqual(digest(match[1] as string), expected)) throw unauthorized('Missing or invalid internal API token');
    next();
  };
}
