import { CONDITION_GRADE_LABELS, type ConditionGrade } from '@pl/contracts';
import type { BadgeTone } from './badge.js';

export interface ConditionGradeInfo {
  grade: ConditionGrade;
  label: string;
  tone: BadgeTone;
  /** What the grade promises the shopper (shown in the Condition Guide). */
  meaning: string;
}

/** The five condition grades in order from best to worst, with their label and colour (spec §3). */
export const conditionGrades: readonly ConditionGradeInfo[] = [
  {
    grade: 'NEW_IN_BOX',
    label: CONDITION_GRADE_LABELS.NEW_IN_BOX,
    tone: 'green',
    meaning: 'Brand new and unused, in its original sealed packaging with every accessory and manual included.',
  },
  {
    grade: 'OPEN_BOX',
    label: CONDITION_GRADE_LABELS.OPEN_BOX,
    tone: 'blue',
    meaning:
      'The packaging has been opened, but the item is unused or was only briefly handled. Inspected, complete and fully functional.',
  },
  {
    grade: 'LIGHTLY_USED',
    label: CONDITION_GRADE_LABELS.LIGHTLY_USED,
    tone: 'yellow',
    meaning: 'Used for a short time with minimal signs of wear. Tested and working; packaging or minor extras may be missing.',
  },
  {
    grade: 'USED',
    label: CONDITION_GRADE_LABELS.USED,
    tone: 'orange',
    meaning: 'Shows normal signs of use such as scratches or scuffs. Tested and fully functional.',
  },
  {
    grade: 'FOR_PARTS',
    label: CONDITION_GRADE_LABELS.FOR_PARTS,
    tone: 'red',
    meaning:
      'Not fully working or missing parts. Sold as-is for repair or parts, and a final sale that cannot be returned.',
  },
];

/** The grade's display data, or undefined for a grade the shop does not know. */
export function conditionGradeInfo(grade: string): ConditionGradeInfo | undefined {
  return conditionGrades.find((g) => g.grade === grade);
}

export interface ConditionBadgeLook {
  label: string;
  /** The grade's own colour; undefined for an unknown grade (a plain secondary badge). */
  tone: BadgeTone | undefined;
}

/** How a grade's badge looks (spec §3): its label and colour, or the raw value in plain secondary for an unknown grade. */
export function conditionBadgeLook(grade: string): ConditionBadgeLook {
  const info = conditionGradeInfo(grade);
  return info ? { label: info.label, tone: info.tone } : { label: grade, tone: undefined };
}
