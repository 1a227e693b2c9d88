import type { Queryable } from '@pl/service-kit';
import { slidingWindow, type WindowState } from './sliding-window.js';

export function rateLimitWindow(db: Queryable, bucket: string, key: string, windowSeconds: number, limit: number): Promise<WindowState> {
  return slidingWindow(db, { table: 'rate_limit_hits', where: 'bucket = $3 AND key = $4', params: [bucket, key], windowSeconds, limit });
}

export async function recordRateLimitHit(db: Queryable, bucket: string, key: string): Promise<void> {
  await db.query(`INSERT INTO rate_limit_hits (bucket, key) VALUES ($1, $2)`, [bucket, key]);
}
