// What counts as text on the wire (issue 28, decision 043), without zod (decision 025): the
// services' edge guard and the contracts' text schemas judge a string by the same rules.

/** The longest string a request may carry anywhere; each field's own maximum is far lower. */
export const MAX_TEXT_LENGTH = 4096;

/**
 * Text takes no C0 control but tab, line feed and carriage return, no DEL or C1 control, and no
 * unpaired UTF-16 surrogate (PostgreSQL refuses NUL in text and an unpaired surrogate in JSON; the
 * others are never typed, only sent). With the `u` flag a surrogate pair is one code point and
 * does not match; an unpaired one does.
 */
export const TEXT_PATTERN = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]*$/u;
/** One line of text (a name, a search, a token, anything in a URL) takes no tab or line break either. */
export const LINE_PATTERN = /^[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]*$/u;

export const TEXT_MESSAGE = 'must be text without control characters';
export const LINE_MESSAGE = 'must be one line of text without control characters';

/** One line, or several (a comment, a reason): a field's kind of text. */
export type TextKind = 'line' | 'lines';

/** Why `value` is not text of this kind, or undefined when it is. */
export function textProblem(value: string, kind: TextKind): string | undefined {
  if (value.length > MAX_TEXT_LENGTH) return `must be at most ${MAX_TEXT_LENGTH} characters`;
  if (kind === 'line') return LINE_PATTERN.test(value) ? undefined : LINE_MESSAGE;
  return TEXT_PATTERN.test(value) ? undefined : TEXT_MESSAGE;
}
