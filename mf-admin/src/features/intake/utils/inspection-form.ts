import { INSPECTOR_FALLBACK_NAME, type ChecklistAnswer, type ChecklistItem, type ConditionGrade, type InspectionInput } from '@pl/contracts';
import type { GradeSuggestion } from './grade-suggestion.js';

/**
 * The inspection form's state and what it sends. Each inspection starts blank: 'Tested: powers on'
 * on the shopper's report must mean tested this time, not carried over from the last one. The
 * condition notes start as the listing's, since saving replaces them.
 */

/** What the form holds per checklist item, as typed: a check's 'pass' | 'fail' | 'na' ('' unanswered), a percent's digits, a text. */
export type AnswerDrafts = Readonly<Record<string, string>>;

/** The grade the person picked by hand; null: the grade follows the suggestion. */
export type GradeChoice = ConditionGrade | null;

/** The longest text answer and notes InspectionInput takes. */
export const TEXT_ANSWER_MAX = 300;
export const NOTES_MAX = 2000;

const CHECK_VALUES = new Set(['pass', 'fail', 'na']);

/** A percent as typed, read: a whole number from 0 to 100, else undefined. */
export function percentOf(typed: string): number | undefined {
  const text = typed.trim();
  if (!/^\d{1,3}$/.test(text)) return undefined;
  const value = Number(text);
  return value <= 100 ? value : undefined;
}

/** The answers the drafts give so far (the unanswered and the unreadable left out): the suggestion reads these. */
export function answersSoFar(checklist: readonly ChecklistItem[], drafts: AnswerDrafts): Record<string, ChecklistAnswer> {
  const answers: Record<string, ChecklistAnswer> = {};
  for (const item of checklist) {
    const draft = drafts[item.key] ?? '';
    if (item.kind === 'check') {
      if (CHECK_VALUES.has(draft)) answers[item.key] = draft as 'pass' | 'fail' | 'na';
    } else if (item.kind === 'percent') {
      const value = percentOf(draft);
      if (value !== undefined) answers[item.key] = value;
    } else {
      const text = draft.trim().slice(0, TEXT_ANSWER_MAX);
      if (text !== '') answers[item.key] = text;
    }
  }
  return answers;
}

/** The grade the form would save: the one picked by hand, else the suggestion's. */
export function gradeToSave(choice: GradeChoice, suggestion: GradeSuggestion | null): ConditionGrade | null {
  return choice ?? suggestion?.grade ?? null;
}

/** How shoppers are told who inspected: the admin's first name, or the shop's team. */
export type SignedAs = 'first_name' | 'team';

/** The inspector's first name as shoppers would read it; undefined when the account has none. */
export function firstNameOf(firstName: string | null | undefined): string | undefined {
  const name = firstName?.trim().slice(0, 60).trim();
  return name ? name : undefined;
}

/** InspectionInput's inspectorName: the first name when chosen and known, else none (the catalog says 'our team'). */
export function inspectorNameOf(signedAs: SignedAs, firstName: string | undefined): string | null {
  return signedAs === 'first_name' && firstName ? firstName : null;
}

/** The choice's words: 'Sam (your first name)' / 'our team'. */
export function signedAsLabel(signedAs: SignedAs, firstName: string | undefined): string {
  return signedAs === 'first_name' ? `${firstName ?? 'Your first name'} (your first name)` : INSPECTOR_FALLBACK_NAME;
}

/** A field's problem, by its id in the form: `answer-<key>`, `grade`, `notes`. */
export type FormErrors = Record<string, string>;

/**
 * The inspection to send, or why not: every check answered (passed, failed or 'does not apply'),
 * a percent left empty or a whole number from 0 to 100, and a grade. Errors keep the checklist's
 * order, so the first is the first field to fix.
 */
export function inspectionInputOf(
  checklist: readonly ChecklistItem[],
  drafts: AnswerDrafts,
  grade: ConditionGrade | null,
  notes: string,
  inspectorName: string | null = null,
): { input: InspectionInput; errors?: undefined } | { input?: undefined; errors: FormErrors } {
  const errors: FormErrors = {};
  for (const item of checklist) {
    const draft = (drafts[item.key] ?? '').trim();
    if (item.kind === 'check' && !CHECK_VALUES.has(draft)) errors[`answer-${item.key}`] = 'Choose pass, fail or does not apply.';
    if (item.kind === 'percent' && draft !== '' && percentOf(draft) === undefined) errors[`answer-${item.key}`] = 'Enter a whole number from 0 to 100, or leave it empty.';
  }
  if (!grade) errors.grade = 'Choose a grade.';
  const trimmedNotes = notes.trim();
  if (trimmedNotes.length > NOTES_MAX) errors.notes = `At most ${NOTES_MAX} characters.`;
  if (Object.keys(errors).length > 0 || !grade) return { errors };
  return { input: { answers: answersSoFar(checklist, drafts), grade, notes: trimmedNotes === '' ? null : trimmedNotes, inspectorName } };
}

/** The error summary's line: 'Fix 2 fields before saving.' */
export function errorSummaryText(errors: FormErrors): string {
  const n = Object.keys(errors).length;
  return `Fix ${n} ${n === 1 ? 'field' : 'fields'} before saving.`;
}
