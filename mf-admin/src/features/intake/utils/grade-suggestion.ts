import { ConditionGrades, type ChecklistAnswer, type ChecklistItem, type ConditionGrade } from '@pl/contracts';

/**
 * The grade an inspection's answers point to, for the inspector to take or override. It is advice:
 * the inspector sees the unit, the checklist does not (a sealed box, a deep scratch). Every rule
 * can only lower the grade, and the lowest wins:
 *
 * - the start: every check answered passed (or does not apply): Open Box. The shop sells returns,
 *   so a working, complete unit is at best opened; only the inspector knows a box is still sealed.
 *   Clothing with its tags attached and every other check passed: New in Box (new with tags).
 * - a failed check of what the item is for (it does not power on or work, the screen, the frame,
 *   an activation lock, damaged cords or guards, a console that reads no games): For Parts.
 * - any other failed check (a port, Wi-Fi, a camera, missing parts, not clean): Used.
 * - clothing without its tags: at best Lightly Used (worn, or not known to be unworn).
 * - a reading below 80% (battery health): Used; below 90%: at best Lightly Used.
 * - flaws written down (anything but 'none'): at best Lightly Used.
 *
 * Unanswered items are left out; until one check is answered there is no suggestion.
 */

/** Checks whose failure means the item cannot do what it is for, or is unsafe: sold for parts. */
export const ESSENTIAL_CHECKS: ReadonlySet<string> = new Set(['powers_on', 'works', 'screen', 'unlocked', 'safety', 'structure', 'reads_games']);
/** A reading (battery health %) below this: Used. */
export const READING_USED_BELOW = 80;
/** A reading below this (and at least READING_USED_BELOW): at best Lightly Used. */
export const READING_LIGHTLY_USED_BELOW = 90;
/** The check that tells new-with-tags clothing. */
const TAGS_CHECK = 'tags_attached';
/** The text item where the inspector lists flaws; 'none' and the like mean no flaw. */
const FLAWS_ITEM = 'flaws';
const NO_FLAW = /^(none|no|no flaws?|nothing|n\/?a|-+)\.?$/i;

export interface GradeSuggestion {
  grade: ConditionGrade;
  /** Why, worst first: 'Powers on: failed', 'Battery health 72% (below 80%)'. */
  reasons: string[];
  /** Checks not answered yet: the suggestion may still go down. */
  unanswered: number;
}

const rank = (grade: ConditionGrade) => ConditionGrades.indexOf(grade);

export function suggestGrade(checklist: readonly ChecklistItem[], answers: Readonly<Record<string, ChecklistAnswer | undefined>>): GradeSuggestion | null {
  const caps: Array<{ grade: ConditionGrade; reason: string }> = [];
  let checks = 0;
  let answered = 0;
  let tagsAttached = false;
  for (const item of checklist) {
    const answer = answers[item.key];
    if (item.kind === 'check') checks += 1;
    if (answer === undefined || answer === '') continue;
    if (item.kind === 'check') {
      answered += 1;
      if (answer === 'pass' && item.key === TAGS_CHECK) tagsAttached = true;
      if (answer !== 'fail') continue;
      if (ESSENTIAL_CHECKS.has(item.key)) caps.push({ grade: 'FOR_PARTS', reason: `${item.label}: failed` });
      else if (item.key === TAGS_CHECK) caps.push({ grade: 'LIGHTLY_USED', reason: 'Tags not attached' });
      else caps.push({ grade: 'USED', reason: `${item.label}: failed` });
    } else if (item.kind === 'percent' && typeof answer === 'number') {
      const name = item.label.replace(/\s*%$/, '');
      if (answer < READING_USED_BELOW) caps.push({ grade: 'USED', reason: `${name} ${answer}% (below ${READING_USED_BELOW}%)` });
      else if (answer < READING_LIGHTLY_USED_BELOW) caps.push({ grade: 'LIGHTLY_USED', reason: `${name} ${answer}% (below ${READING_LIGHTLY_USED_BELOW}%)` });
    } else if (item.kind === 'text' && item.key === FLAWS_ITEM && typeof answer === 'string' && !NO_FLAW.test(answer.trim())) {
      caps.push({ grade: 'LIGHTLY_USED', reason: 'Flaws noted' });
    }
  }
  if (answered === 0) return null;
  const unanswered = checks - answered;
  if (caps.length === 0) {
    const passed = unanswered === 0 ? 'every check passed' : 'every check answered so far passed';
    return tagsAttached
      ? { grade: 'NEW_IN_BOX', reasons: [`Tags attached and ${passed}`], unanswered }
      : { grade: 'OPEN_BOX', reasons: [passed[0]!.toUpperCase() + passed.slice(1)], unanswered };
  }
  // Stable: reasons of the same grade keep the checklist's order.
  const worstFirst = [...caps].sort((a, b) => rank(b.grade) - rank(a.grade));
  return { grade: worstFirst[0]!.grade, reasons: worstFirst.map((c) => c.reason), unanswered };
}
