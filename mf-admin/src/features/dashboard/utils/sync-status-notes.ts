import type { SyncStatus } from '@pl/contracts';

/** One extra row of the sync status details: a label, its value and, where it helps, what to do. */
export interface StatusNote {
  id: 'warning' | 'writebacks-pending' | 'writebacks-failed';
  label: string;
  value: string;
  hint?: string;
  /** Needs the admin (shown in the error colour). */
  alert: boolean;
}

/**
 * What the status panel adds below the status: a successful sync's warning (products it could
 * not save), and the sales on their way to the POS or refused by it. Only what is there: nothing
 * for zero counts, nor for a pos-sync too old to send the counts.
 */
export function syncStatusNotes(status: SyncStatus): StatusNote[] {
  const notes: StatusNote[] = [];
  if (status.status !== 'error' && status.lastError) notes.push({ id: 'warning', label: 'Warning', value: status.lastError, alert: false });
  const { pending = 0, failed = 0 } = status.writebacks ?? {};
  if (pending > 0) notes.push({ id: 'writebacks-pending', label: 'Sales waiting for the POS', value: String(pending), alert: false });
  if (failed > 0) {
    notes.push({
      id: 'writebacks-failed',
      label: 'Sales the POS refused',
      value: String(failed),
      hint: 'Check these sales in the POS and adjust its counts by hand.',
      alert: true,
    });
  }
  return notes;
}
