import type { IngestedEvent } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';

/** The newest ingested POS events first. */
export async function listRecentEvents(db: Queryable, limit: number): Promise<IngestedEvent[]> {
  const { rows } = await db.query<{ id: string; type: string; payload: unknown; ingested_at: Date }>(
    `SELECT id, type, payload, ingested_at FROM pos_events ORDER BY ingested_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ id: r.id, type: r.type, payload: r.payload, ingestedAt: r.ingested_at.toISOString() }));
}
