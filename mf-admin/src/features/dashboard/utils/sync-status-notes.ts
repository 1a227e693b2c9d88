import type { SyncStatus } from '@pl/contracts';

/** One extra row of the sync status details: a label, its value and, where it helps, what to do. */
export interface StatusNote {
  id: 'warning' | 'writebacks-pending' | 'writebacks-failed' | 'manifests-pending' | 'manifests-failed' | 'prices-pending' | 'prices-failed';
  label: string;
  value: string;
  hint?: string;
  /** Needs the admin (shown in the error colour). */
  alert: boolean;
}

/**
 * What the status panel adds below the status: a successful sync's warning (products it could
 * not save), the sales on their way to the POS or refused by it, and likewise the batches of
 * manifests' items and the prices the shop set (each with the POS's latest refusal). Only what is there: nothing for zero counts,
 * nor for a pos-sync too old to send the counts.
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
  const manifests = status.manifests;
  if (manifests && manifests.pending > 0) {
    notes.push({ id: 'manifests-pending', label: 'Manifest batches waiting for the POS', value: String(manifests.pending), alert: false });
  }
  if (manifests && manifests.failed > 0) {
    notes.push({
      id: 'manifests-failed',
      label: 'Manifest batches the POS refused',
      value: String(manifests.failed),
      hint: `${manifests.lastFailure ? `Latest: ${manifests.lastFailure}. ` : ''}Create these items or receive these units in the POS by hand.`,
      alert: true,
    });
  }
  const prices = status.prices;
  if (prices && prices.pending > 0) {
    notes.push({ id: 'prices-pending', label: 'Prices waiting for the POS', value: String(prices.pending), alert: false });
  }
  if (prices && prices.failed > 0) {
    notes.push({
      id: 'prices-failed',
      label: 'Prices the POS refused',
      value: String(prices.failed),
      hint: `${prices.lastFailure ? `Latest: ${prices.lastFailure}. ` : ''}Set these prices in the POS by hand, or the till charges its old price.`,
      alert: true,
    });
  }
  return notes;
}
