// The text fields of request payloads and queries (issue 28, decision 043). Every free-text input
// field is one of these two, so its schema refuses what the services' edge guard refuses (and one
// line refuses line breaks and tabs too), with a maximum of its own.
import { z } from './zod-config.js';
import { LINE_MESSAGE, LINE_PATTERN, TEXT_MESSAGE, TEXT_PATTERN } from './text-values.js';

/** One line of text, at most `max` characters (after trimming, with `trim`). */
export function oneLineText(max: number, options: { trim?: boolean } = {}) {
  return (options.trim ? z.string().trim() : z.string()).max(max).regex(LINE_PATTERN, LINE_MESSAGE);
}

/** Text that may run over several lines (a customer's comment, a cancellation's reason), at most `max` characters. */
export function multiLineText(max: number, options: { trim?: boolean } = {}) {
  return (options.trim ? z.string().trim() : z.string()).max(max).regex(TEXT_PATTERN, TEXT_MESSAGE);
}
