import { localInputValue, problemStateText, reopenedText, replaySince } from './event-inbox-text';

describe('the event inbox texts', () => {
  it('says how many events go again', () => {
    expect(reopenedText(0)).toBe('No event needed to be applied again');
    expect(reopenedText(1)).toBe('1 event is being applied again');
    expect(reopenedText(1200)).toBe('1,200 events are being applied again');
  });

  it('tells a failed event from one retried on its own, with when', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(problemStateText({ status: 'failed', attempts: 1, nextAttemptAt: null }, now)).toBe('Failed after 1 attempt');
    expect(problemStateText({ status: 'pending', attempts: 3, nextAttemptAt: '2026-11-27T10:00:08Z' }, now)).toBe('Retrying in 8 s (3 attempts so far)');
    expect(problemStateText({ status: 'pending', attempts: 9, nextAttemptAt: '2026-11-27T10:05:00Z' }, now)).toBe('Retrying in 5 min (9 attempts so far)');
  });

  it('reads the replay time from the field, refusing an empty, malformed or future one', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const local = localInputValue(Date.parse('2026-11-27T09:30:00Z'));
    expect(replaySince(local, now)).toBe(new Date(local).toISOString());
    expect(new Date(replaySince(local, now)!).getTime()).toBe(Date.parse('2026-11-27T09:30:00Z'));
    expect(replaySince('', now)).toBeUndefined();
    expect(replaySince('yesterday', now)).toBeUndefined();
    expect(replaySince('2031-01-01T00:00', now)).toBeUndefined();
  });
});
