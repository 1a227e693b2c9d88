// The numbers that decide how long a stolen or revoked session stays useful, in one place.

/**
 * Lifetime of a signed access token. Short, because a token is a bearer credential that services
 * accept on its own; the server-side session (identity) is what keeps a customer signed in.
 */
export const ACCESS_TOKEN_TTL_S = 15 * 60;

/** A token with less than this left is re-signed on the next request, so services never receive one about to lapse. */
export const REFRESH_AHEAD_S = 60;

/**
 * An expired token is still refreshed (re-signed) when its session is active, but only this long
 * after it expired: a cookie idle for longer starts over as a guest.
 */
export const REFRESH_WINDOW_S = 30 * 24 * 3600;

/**
 * How long the browser keeps the cookie (renewed whenever the token is re-signed). It outlives the
 * token on purpose: the expired token inside is what lets the gateway refresh a still-active
 * session. Identity's session expiry decides whether it is still worth anything.
 */
export const COOKIE_MAX_AGE_S = REFRESH_WINDOW_S;

/**
 * How long the gateway trusts identity's "this session is active" answer before asking again. The
 * worst case for a revocation this gateway did not see (another instance's logout with NATS down).
 */
export const ACTIVE_SESSION_CACHE_MS = 5_000;

/** Ended sessions never come back; remembering that spares identity repeated questions about a dead cookie. */
export const ENDED_SESSION_CACHE_MS = 10 * 60_000;

/** Upper bound on remembered sessions per gateway instance (oldest dropped first). */
export const SESSION_CACHE_MAX_ENTRIES = 50_000;

/** Guest subjects carry this prefix so no service can mistake one for a customer id. */
export const GUEST_SUBJECT_PREFIX = 'guest:';
