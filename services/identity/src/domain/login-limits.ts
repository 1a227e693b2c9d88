// Brute-force limits on sign-in (decision 010; the numbers are the defaults, each configurable):
//  - per client: at most 30 failures in 10 minutes, whatever the account (spraying). A client is its
//    device (the gateway's device cookie) while the address it shares with others may spend 20
//    devices' worth; every client of an address without the cookie shares one device's budget (044);
//  - per (account, client address): at most 100 failures an hour, for everyone;
//  - per account: at most 100 failures an hour, enforced only on client addresses that have not
//    signed in to that account successfully in the last 30 days. An attacker spending the
//    account's budget therefore locks out new places, never the customer's own: a client that
//    is "known" to the account keeps signing in with the right password;
//  - per account, on the same clients: after 10 failures in that hour, from wherever they came,
//    each further attempt waits after the last failure, 1 s, then twice as long each time, at most
//    5 minutes (decision 044): a guesser spread over many addresses is slowed to a few guesses an hour.
import { tooManyRequests, withTransaction, type Pool } from '@pl/service-kit';
import { failuresFromClient, failuresFromCookielessClients, failuresFromDevice, failuresOnAccount, failuresOnAccountFromClient, hasRecentSuccess, insertLoginAttempt, secondsSinceLastFailure } from '../db/login-attempts.repo.js';
import { lockLimitKey } from '../db/sliding-window.js';
import { waitText, type ClientKey, type Limit } from './rate-limits.js';

/** The defaults (IdentityLimits.login). */
export const LoginLimits = {
  perClient: { limit: 30, windowSeconds: 600 },
  perAccountAndClient: { limit: 100, windowSeconds: 3600 },
  perAccount: { limit: 100, windowSeconds: 3600 },
  /** How long a successful sign-in makes a client address known to the account. */
  knownClientSeconds: 30 * 24 * 3600,
  /** After this many failures on an account (in perAccount's window), clients it does not know wait, doubling up to maxSeconds. */
  accountSlowdown: { afterFailures: 10, maxSeconds: 300 },
} as const;

export interface Slowdown {
  afterFailures: number;
  maxSeconds: number;
}

/** Sign-in's limits as configured (part of IdentityLimits). */
export interface LoginLimitSettings {
  login: { perClient: Limit; perAccountAndClient: Limit; perAccount: Limit; knownClientSeconds: number; accountSlowdown: Slowdown };
  /**
   * How many devices' budgets of a per-client limit one address may spend in all: the ceiling for a
   * carrier's NAT, where thousands of customers share an address and each has a device cookie.
   */
  addressFactor: number;
}

/** How long after the last failure on an account the next attempt must wait, given the failures in the window. */
export function slowdownSeconds(failures: number, { afterFailures, maxSeconds }: Slowdown): number {
  if (failures < afterFailures) return 0;
  // 2^31 s is far past any maxSeconds: no need to compute larger powers.
  return Math.min(2 ** Math.min(failures - afterFailures, 31), maxSeconds);
}

/** The key failures count under: the customer when the name matches one, else the name itself. */
export const accountKeyFor = (customerId: string | undefined, identifier: string) =>
  customerId ? `customer:${customerId}` : `name:${identifier.trim().toLowerCase()}`;

const tooManySignIns = (retryAfterSeconds: number) =>
  tooManyRequests(retryAfterSeconds, `Too many sign-in attempts. Please try again in ${waitText(retryAfterSeconds)}.`);

/**
 * Admits one sign-in attempt or throws a 429 before any password is checked. An admitted attempt
 * is recorded at once as failed (see markAttemptSucceeded), so parallel guesses cannot all pass
 * the check before any of them is counted. Returns the attempt's id.
 */
export async function admitSignInAttempt(pool: Pool, limits: LoginLimitSettings, accountKey: string, from: ClientKey): Promise<string> {
  const { ip, deviceId } = from;
  return withTransaction(pool, async (client) => {
    // Always in this order (device, address, account), so two attempts never wait on each other crosswise.
    if (deviceId) await lockLimitKey(client, `login-device:${deviceId}`);
    await lockLimitKey(client, `login-client:${ip}`);
    await lockLimitKey(client, `login-account:${accountKey}`);
    const { perClient, perAccountAndClient, perAccount, knownClientSeconds } = limits.login;

    // The client's own budget: its device's, or the one its address's cookie-less clients share.
    const own = deviceId
      ? await failuresFromDevice(client, deviceId, perClient.windowSeconds, perClient.limit)
      : await failuresFromCookielessClients(client, ip, perClient.windowSeconds, perClient.limit);
    if (own.count >= perClient.limit) throw tooManySignIns(own.retryAfterSeconds);
    const addressLimit = perClient.limit * limits.addressFactor;
    const fromClient = await failuresFromClient(client, ip, perClient.windowSeconds, addressLimit);
    if (fromClient.count >= addressLimit) throw tooManySignIns(fromClient.retryAfterSeconds);

    const pair = await failuresOnAccountFromClient(client, accountKey, ip, perAccountAndClient.windowSeconds, perAccountAndClient.limit);
    if (pair.count >= perAccountAndClient.limit) throw tooManySignIns(pair.retryAfterSeconds);

    if (!(await hasRecentSuccess(client, accountKey, ip, knownClientSeconds))) {
      const account = await failuresOnAccount(client, accountKey, perAccount.windowSeconds, perAccount.limit);
      if (account.count >= perAccount.limit) throw tooManySignIns(account.retryAfterSeconds);
      const wait = slowdownSeconds(account.count, limits.login.accountSlowdown);
      const since = wait > 0 ? await secondsSinceLastFailure(client, accountKey) : undefined;
      if (since !== undefined && since < wait) throw tooManySignIns(Math.max(1, Math.ceil(wait - since)));
    }
    return insertLoginAttempt(client, accountKey, from);
  });
}
