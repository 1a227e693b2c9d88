import { MARKDOWN_STEPS_MAX, type MarkdownRule } from '@pl/contracts';
import { ApiError } from '@pl/ui';
import { fieldMessage, inFormOrder, ruleDraftOf, ruleErrorSummary, ruleFieldId, ruleInputOf, serverErrorsOf, withStepAdded, withStepRemoved, type RuleDraft } from './rule-form';

const rule: MarkdownRule = {
  id: 'r-1',
  name: 'Aging gaming',
  category: 'gaming',
  grade: 'USED',
  steps: [
    { days: 30, percentOff: 10 },
    { days: 60, percentOff: 25 },
  ],
  floorPercentOfRetail: 40,
  floorAtCost: true,
  active: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const draft = (overrides: Partial<RuleDraft> = {}): RuleDraft => ({ ...ruleDraftOf(), name: 'Aging stock', ...overrides });
const steps = (...rows: Array<[string, string]>) => rows.map(([days, percentOff], i) => ({ key: i + 1, days, percentOff }));

describe('the markdown rule form', () => {
  it('starts a new rule active, for every listing, with one empty step and no floor; an edit starts from the rule as it is', () => {
    expect(ruleDraftOf()).toMatchObject({ name: '', category: '', grade: '', active: true, floorPercentOfRetail: '', floorAtCost: false, steps: [{ days: '', percentOff: '' }] });
    expect(ruleDraftOf(rule)).toMatchObject({
      name: 'Aging gaming',
      category: 'gaming',
      grade: 'USED',
      active: false,
      floorPercentOfRetail: '40',
      floorAtCost: true,
      steps: [
        { days: '30', percentOff: '10' },
        { days: '60', percentOff: '25' },
      ],
    });
  });

  it('sends what was typed as the contract has it: numbers, nulls for "any" and no floor', () => {
    expect(ruleInputOf(draft({ steps: steps(['30', '10'], [' 60 ', '25']), category: 'gaming' }))).toEqual({
      input: { name: 'Aging stock', category: 'gaming', grade: null, steps: [{ days: 30, percentOff: 10 }, { days: 60, percentOff: 25 }], floorPercentOfRetail: null, floorAtCost: false, active: true },
    });
    expect(ruleInputOf(draft({ steps: steps(['90', '40']), floorPercentOfRetail: '50', floorAtCost: true, grade: 'OPEN_BOX' })).input).toMatchObject({ grade: 'OPEN_BOX', floorPercentOfRetail: 50, floorAtCost: true });
  });

  it('names each field to fix, in the order the form shows them', () => {
    const { errors } = ruleInputOf(draft({ name: ' ', steps: steps(['30', 'ten'], ['20', '25']), floorPercentOfRetail: '120' }));
    expect(errors).toEqual({
      name: 'Give the rule a name.',
      'steps.0.percentOff': 'Enter a whole percent.',
      'steps.1.days': 'Days must grow from step to step.',
      floorPercentOfRetail: 'Enter a whole percent from 0 to 100, or leave it empty.',
    });
    expect(Object.keys(errors!)).toEqual(['name', 'steps.0.percentOff', 'steps.1.days', 'floorPercentOfRetail']);
    expect(ruleErrorSummary(errors!)).toBe('Fix 4 fields before saving.');
    expect(ruleInputOf(draft({ steps: steps(['30', '25'], ['60', '10']) })).errors).toEqual({ 'steps.1.percentOff': 'Each step must take more off than the one before.' });
    expect(ruleInputOf(draft({ steps: steps(['0', '96']) })).errors).toEqual({ 'steps.0.days': 'At least 1.', 'steps.0.percentOff': 'At most 95.' });
    expect(ruleInputOf(draft({ steps: steps(['', '']) })).errors).toEqual({ 'steps.0.days': 'Enter a whole number of days.', 'steps.0.percentOff': 'Enter a whole percent.' });
  });

  it('adds steps up to the most a rule may have, and removes any but the last one left', () => {
    let form = ruleDraftOf();
    for (let i = 0; i < MARKDOWN_STEPS_MAX + 2; i++) form = withStepAdded(form);
    expect(form.steps).toHaveLength(MARKDOWN_STEPS_MAX);
    expect(new Set(form.steps.map((s) => s.key)).size).toBe(MARKDOWN_STEPS_MAX);
    const [first, second] = form.steps;
    form = withStepRemoved(form, first!.key);
    expect(form.steps[0]).toBe(second);
    const one = ruleDraftOf();
    expect(withStepRemoved(one, one.steps[0]!.key)).toBe(one);
  });

  it("puts the service's refusal on the field it names: a 400's path, a 409's name; anything else on the form", () => {
    expect(serverErrorsOf(new ApiError(400, 'Bad Request', 'VALIDATION', 'steps.1.days: steps: days must grow from step to step'))).toEqual({ 'steps.1.days': 'Days must grow from step to step.' });
    expect(serverErrorsOf(new ApiError(422, 'Unprocessable', 'VALIDATION', 'floorPercentOfRetail: Too big: expected number to be <=100'))).toEqual({ floorPercentOfRetail: 'Too big: expected number to be <=100.' });
    expect(serverErrorsOf(new ApiError(409, 'Conflict', 'CONFLICT', 'Another rule has this name: choose another.'))).toEqual({ name: 'Another rule has this name: choose another.' });
    expect(serverErrorsOf(new ApiError(400, 'Bad Request', 'VALIDATION', 'surprise: Unrecognized key'))).toEqual({ form: 'surprise: Unrecognized key' });
    expect(serverErrorsOf(new ApiError(404, 'Not Found', 'NOT_FOUND', 'Markdown rule not found')).form).toMatch(/deleted meanwhile/);
    expect(serverErrorsOf(new ApiError(500, 'Internal Server Error', undefined, undefined))).toEqual({ form: 'The shop answered 500. Please try again.' });
  });

  it('words a contract message as a sentence, and names the control of each field', () => {
    expect(fieldMessage('percentOff: at most 95')).toBe('At most 95.');
    expect(fieldMessage('Another rule has this name.')).toBe('Another rule has this name.');
    expect(ruleFieldId('steps.2.percentOff')).toBe('adm-rule-steps-2-percentOff');
    expect(Object.keys(inFormOrder({ floorPercentOfRetail: 'x', 'steps.10.days': 'x', 'steps.2.percentOff': 'x', 'steps.2.days': 'x', name: 'x', form: 'x' }))).toEqual([
      'form',
      'name',
      'steps.2.days',
      'steps.2.percentOff',
      'steps.10.days',
      'floorPercentOfRetail',
    ]);
  });
});
