import { z } from './zod-config.js';

/**
 * The gateway signs these claims (EdDSA / Ed25519) and sets them as an HttpOnly cookie.
 * Services receive the same token as a Bearer header and verify it against the gateway's JWKS
 * with the algorithm, issuer and audience pinned below.
 */
export const Jwt = {
  alg: 'EdDSA',
  issuer: 'professional-liquidation/gateway',
  audience: 'professional-liquidation',
  jwksPath: '/.well-known/jwks.json',
  /** Cookie name over http; `__Host-` prefixed under https (needs Secure, Path=/ and no Domain). */
  cookieName: 'pl_session',
  secureCookieName: '__Host-pl_session',
} as const;

export const TokenClaims = z.object({
  sub: z.string().min(1),
  /** 'guest' subjects are anonymous sessions so carts work before sign-in. */
  kind: z.enum(['guest', 'customer']),
  /** Server-side session id: revoking it ends the session even while the token is unexpired. */
  sid: z.string().min(1),
  adm: z.boolean().default(false),
  /** An admin's display name, so the audit log says who acted (decision 051); set at sign-in, absent for everyone else. */
  nm: z.string().max(200).optional(),
});
export type TokenClaims = z.infer<typeof TokenClaims>;

/** Who is calling, as a service sees it after verifying the forwarded token. */
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'guest' | 'customer'; subject: string; sessionId: string; isAdmin: boolean; name?: string };
