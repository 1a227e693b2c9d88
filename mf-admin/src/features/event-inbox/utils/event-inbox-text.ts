import type { ProblemEvent } from '@pl/contracts';

/** "3 events are being applied again" and so on. */
export function reopenedText(count: number): string {
  if (count === 0) return 'No event needed to be applied again';
  return count === 1 ? '1 event is being applied again' : `${count.toLocaleString('en-US')} events are being applied again`;
}

/** Where an event of the inbox stands: failed for good until retried, or retried on its own after an error. */
export function problemStateText(event: Pick<ProblemEvent, 'status' | 'attempts' | 'nextAttemptAt'>, now: number = Date.now()): string {
  const tries = event.attempts === 1 ? '1 attempt' : `${event.attempts} attempts`;
  if (event.status === 'failed') return `Failed after ${tries}`;
  if (!event.nextAttemptAt) return `Retrying (${tries} so far)`;
  const seconds = Math.max(0, Math.round((Date.parse(event.nextAttemptAt) - now) / 1000));
  const when = seconds < 60 ? `in ${seconds} s` : `in ${Math.round(seconds / 60)} min`;
  return `Retrying ${when} (${tries} so far)`;
}

/**
 * The `since` of a replay from a datetime-local field (the admin's own time zone), as an ISO instant;
 * undefined when the field is empty, unreadable or in the future.
 */
export function replaySince(localValue: string, now: number = Date.now()): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(localValue)) return undefined;
  const at = new Date(localValue);
  if (Number.isNaN(at.getTime()) || at.getTime() > now) return undefined;
  return at.toISOString();
}

/** The datetime-local value of an instant, in the admin's time zone, to the minute (the replay field's default: an hour ago). */
export function localInputValue(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
