import type { AuditEntry } from '@pl/contracts';

const WORDS: Record<string, string> = { pos: 'POS' };

/** 'pos-settings.saved' → 'POS settings saved'; 'photo.added' → 'Photo added'. */
export function actionText(action: string): string {
  const words = action.split(/[.-]/).map((w) => WORDS[w] ?? w);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Who did it: the name they were signed in under, else their id. */
export const actorText = (actor: AuditEntry['actor']) => actor.name ?? actor.subject;

/** What it was done to: its label ('Cordless drill', 'PL-100042'), else its type and id. */
export const targetText = (target: AuditEntry['target']) => target.label ?? `${target.type} ${target.id}`;

const MAX_VALUE = 60;

function valueText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The change in a line a person reads: each field that differs as 'grade: B → A'; a thing that is
 * new lists what it is, a thing removed says so. The whole before and after are shown beside it.
 */
export function changeLines(before: unknown, after: unknown): string[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    // A field only the after names (the inspector's answers) is what it became, not a change from nothing.
    return changed.length === 0 ? ['No change'] : changed.map((k) => (k in before ? `${k}: ${valueText(before[k])} → ${valueText(after[k])}` : `${k}: ${valueText(after[k])}`));
  }
  if ((before === null || before === undefined) && isRecord(after)) return Object.entries(after).map(([k, v]) => `${k}: ${valueText(v)}`);
  if (isRecord(before) && (after === null || after === undefined)) return ['Removed'];
  if ((before === null || before === undefined) && (after === null || after === undefined)) return [];
  return [`${valueText(before)} → ${valueText(after)}`];
}

/** 'Showing 50 entries' ('and more' while another page waits). */
export function auditShowingText(shown: number, more: boolean): string {
  return `Showing ${shown} ${shown === 1 ? 'entry' : 'entries'}${more ? ', newest first; more below' : ''}`;
}

export const emptyAuditText = (filtered: boolean) => (filtered ? 'No admin actions match these filters.' : 'No admin actions recorded yet.');
