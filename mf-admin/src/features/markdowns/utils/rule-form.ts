import { MARKDOWN_STEPS_MAX, MarkdownRuleInput, type CategoryId, type ConditionGrade, type MarkdownRule } from '@pl/contracts';
import { errorStatus, serverMessage } from '@pl/ui';
import { failureText } from '../../../shared/utils/failure-text.js';

/**
 * The markdown rule form's state and what it sends. Numbers are kept as typed (a half-typed '3' is
 * not yet 30); the contract (MarkdownRuleInput) says what a rule may be, here as on the server, and
 * the server's refusals land on the field they name.
 */

/** One step as typed; `key` keeps a row's inputs its own while rows are added and removed. */
export interface StepDraft {
  key: number;
  days: string;
  percentOff: string;
}

export interface RuleDraft {
  name: string;
  /** '' : any category. */
  category: CategoryId | '';
  /** '' : any grade. */
  grade: ConditionGrade | '';
  active: boolean;
  steps: StepDraft[];
  /** '' : no floor of retail. */
  floorPercentOfRetail: string;
  floorAtCost: boolean;
}

/** A field's problem, by its path in MarkdownRuleInput ('name', 'steps', 'steps.1.days', …); 'form' for the rule as a whole. */
export type RuleErrors = Record<string, string>;

let stepKeys = 0;
const stepDraft = (days = '', percentOff = ''): StepDraft => ({ key: ++stepKeys, days, percentOff });

/** The form for a new rule (one empty step), or for editing `rule` as it is. */
export function ruleDraftOf(rule?: MarkdownRule): RuleDraft {
  if (!rule) return { name: '', category: '', grade: '', active: true, steps: [stepDraft()], floorPercentOfRetail: '', floorAtCost: false };
  return {
    name: rule.name,
    category: (rule.category ?? '') as RuleDraft['category'],
    grade: (rule.grade ?? '') as RuleDraft['grade'],
    active: rule.active,
    steps: rule.steps.map((s) => stepDraft(String(s.days), String(s.percentOff))),
    floorPercentOfRetail: rule.floorPercentOfRetail === null ? '' : String(rule.floorPercentOfRetail),
    floorAtCost: rule.floorAtCost,
  };
}

export const canAddStep = (draft: RuleDraft) => draft.steps.length < MARKDOWN_STEPS_MAX;

/** Another, empty step at the end (up to MARKDOWN_STEPS_MAX). */
export function withStepAdded(draft: RuleDraft): RuleDraft {
  return canAddStep(draft) ? { ...draft, steps: [...draft.steps, stepDraft()] } : draft;
}

/** The rule without the step `key` (a rule keeps at least one). */
export function withStepRemoved(draft: RuleDraft, key: number): RuleDraft {
  return draft.steps.length > 1 ? { ...draft, steps: draft.steps.filter((s) => s.key !== key) } : draft;
}

/** The contract's message for a field, as a sentence beside it: 'steps: days must grow from step to step' → 'Days must grow from step to step.' */
export function fieldMessage(message: string): string {
  const text = message.replace(/^[A-Za-z]+: /, '').trim();
  if (text === '') return 'Check this field.';
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

const WHOLE = /^\d{1,6}$/;
const wholeOf = (typed: string) => (WHOLE.test(typed.trim()) ? Number(typed.trim()) : undefined);

/**
 * The rule to send, or why not: every step's days and percent whole numbers, the floor empty or a
 * whole percent, then whatever the contract refuses (days and percentages growing step to step,
 * their bounds, a name). Each problem is keyed by the field it is about.
 */
export function ruleInputOf(draft: RuleDraft): { input: MarkdownRuleInput; errors?: undefined } | { input?: undefined; errors: RuleErrors } {
  const errors: RuleErrors = {};
  const steps = draft.steps.map((step, i) => {
    const days = wholeOf(step.days);
    const percentOff = wholeOf(step.percentOff);
    if (days === undefined) errors[`steps.${i}.days`] = 'Enter a whole number of days.';
    if (percentOff === undefined) errors[`steps.${i}.percentOff`] = 'Enter a whole percent.';
    return { days: days ?? 0, percentOff: percentOff ?? 0 };
  });
  const floorTyped = draft.floorPercentOfRetail.trim();
  const floor = floorTyped === '' ? null : wholeOf(floorTyped);
  if (floor === undefined || (floor !== null && floor > 100)) errors.floorPercentOfRetail = 'Enter a whole percent from 0 to 100, or leave it empty.';
  const candidate = {
    name: draft.name,
    category: draft.category === '' ? null : draft.category,
    grade: draft.grade === '' ? null : draft.grade,
    steps,
    floorPercentOfRetail: floor ?? null,
    floorAtCost: draft.floorAtCost,
    active: draft.active,
  };
  const parsed = MarkdownRuleInput.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.') || 'form';
      errors[path] ??= fieldMessage(issue.message);
    }
  }
  return Object.keys(errors).length > 0 ? { errors: inFormOrder(errors) } : { input: candidate };
}

const FIELD_ROOTS = new Set(['name', 'category', 'grade', 'steps', 'floorPercentOfRetail', 'floorAtCost', 'active']);
/** A refusal's message as the service words it: '<path>: <what is wrong>' (service-kit parseInput). */
const PATH_MESSAGE = /^([A-Za-z]+(?:\.[A-Za-z0-9]+)*): (.+)$/s;

/**
 * What the service's refusal of a save says, on the field it names: a 400 or 422 whose message
 * starts with a field's path, a 409 (another rule has the name). Anything else (a rule deleted
 * meanwhile, no connection) is the form's.
 */
export function serverErrorsOf(error: unknown): RuleErrors {
  const status = errorStatus(error);
  const message = serverMessage(error);
  if (status === 409 && message) return { name: message };
  if ((status === 400 || status === 422) && message) {
    const match = PATH_MESSAGE.exec(message);
    const path = match?.[1];
    if (path && FIELD_ROOTS.has(path.split('.')[0]!)) return { [path]: fieldMessage(match[2]!) };
  }
  if (status === 404) return { form: 'This rule was deleted meanwhile: close the form to see the rules as they are.' };
  return { form: failureText(error) };
}

/** The fields in the order the form shows them, so the first error is the first field to fix. */
function fieldOrder(path: string): number {
  const [root, index, part] = path.split('.');
  const roots = ['form', 'name', 'category', 'grade', 'steps', 'floorPercentOfRetail', 'floorAtCost', 'active'];
  const at = roots.indexOf(root!);
  const base = (at === -1 ? roots.length : at) * 10_000;
  return index === undefined ? base : base + 1 + Number(index) * 10 + (part === 'percentOff' ? 1 : 0);
}

export function inFormOrder(errors: RuleErrors): RuleErrors {
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => fieldOrder(a) - fieldOrder(b)));
}

/** The id of the control an error is about: 'steps.1.days' → 'adm-rule-steps-1-days'. */
export const ruleFieldId = (path: string) => `adm-rule-${path.replace(/\./g, '-')}`;

/** The error summary's line: 'Fix 2 fields before saving.' */
export function ruleErrorSummary(errors: RuleErrors): string {
  const n = Object.keys(errors).filter((k) => k !== 'form').length;
  return `Fix ${n} ${n === 1 ? 'field' : 'fields'} before saving.`;
}
