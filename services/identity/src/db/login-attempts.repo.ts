import type { Queryable } from '@pl/service-kit';
import { slidingWindow, type WindowState } from './sliding-window.js';

/** Failed sign-ins from one client address, whatever account they aimed at. */
export const failuresFromClient = (db: Queryable, ip: string, windowSeconds: number, limit: number): Promise<WindowState> =>
  slidingWindow(db, { table: 'login_attempts', where: 'ip = $3 AND NOT succeeded', params: [ip], windowSeconds, limit });

/** Failed sign-ins from one device (the gateway's device cookie), whatever account they aimed at. */
export const failuresFromDevice = (db: Queryable, deviceId: string, windowSeconds: number, limit: number): Promise<WindowState> =>
  slidingWindow(db, { table: 'login_attempts', where: 'device_id = $3 AND NOT succeeded', params: [deviceId], windowSeconds, limit });

/** Failed sign-ins from one address by clients without a device cookie: the budget they share. */
export const failuresFromCookielessClients = (db: Queryable, ip: string, windowSeconds: number, limit: number): Promise<WindowState> =>
  slidingWindow(db, { table: 'login_attempts', where: 'ip = $3 AND device_id IS NULL AND NOT succeeded', params: [ip], windowSeconds, limit });

/** Failed sign-ins to one account from one client address. */
export const failuresOnAccountFromClient = (db: Queryable, accountKey: string, ip: string, windowSeconds: number, limit: number): Promise<WindowState> =>
  slidingWindow(db, { table: 'login_attempts', where: 'account_key = $3 AND ip = $4 AND NOT succeeded', params: [accountKey, ip], windowSeconds, limit });

/** Failed sign-ins to one account from anywhere. */
export const failuresOnAccount = (db: Queryable, accountKey: string, windowSeconds: number, limit: number): Promise<WindowState> =>
  slidingWindow(db, { table: 'login_attempts', where: 'account_key = $3 AND NOT succeeded', params: [accountKey], windowSeconds, limit });

/** Seconds since the newest failed sign-in to one account (from anywhere); undefined when there is none. */
export async function secondsSinceLastFailure(db: Queryable, accountKey: string): Promise<number | undefined> {
  const { rows } = await db.query<{ since: number | null }>(
    `SELECT extract(epoch FROM now() - max(at))::float8 AS since FROM login_attempts WHERE account_key = $1 AND NOT succeeded`,
    [accountKey],
  );
  return rows[0]?.since ?? undefined;
}

/** Whether this client address signed in to this account successfully within the last `withinSeconds`. */
export async function hasRecentSuccess(db: Queryable, accountKey: string, ip: string, withinSeconds: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM login_attempts WHERE account_key = $1 AND ip = $2 AND succeeded AND at > now() - make_interval(secs => $3) LIMIT 1`,
    [accountKey, ip, withinSeconds],
  );
  return (rowCount ?? 0) > 0;
}

/** Records an attempt; failed until markAttemptSucceeded says otherwise. */
export async function insertLoginAttempt(db: Queryable, accountKey: string, from: { ip: string; deviceId?: string }, succeeded = false): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO login_attempts (account_key, ip, device_id, succeeded) VALUES ($1, $2, $3, $4) RETURNING id`,
    [accountKey, from.ip, from.deviceId ?? null, succeeded],
  );
  return (rows[0] as { id: string }).id;
}

export async function markAttemptSucceeded(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE login_attempts SET succeeded = true WHERE id = $1`, [id]);
}
