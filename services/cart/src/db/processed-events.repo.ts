import { prepared, type Queryable } from '@pl/service-kit';

/** An event handled once: a provider webhook delivery, a NATS message. */
export interface ProcessedEvent {
  source: string;
  id: string;
}

/** Records the event inside the caller's transaction; false when it was already recorded (a re-delivery). */
export async function recordProcessedEvent(db: Queryable, event: ProcessedEvent): Promise<boolean> {
  const { rowCount } = await db.query(prepared(`INSERT INTO processed_events (source, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [event.source, event.id]));
  return rowCount === 1;
}

/** Whether the event was recorded already (a cheap early check; recordProcessedEvent decides in the transaction). */
export async function isProcessed(db: Queryable, event: ProcessedEvent): Promise<boolean> {
  const { rowCount } = await db.query(prepared(`SELECT 1 FROM processed_events WHERE source = $1 AND event_id = $2`, [event.source, event.id]));
  return rowCount !== 0;
}
