import { checklistOf, type ChecklistAnswer } from '@pl/contracts';
import { suggestGrade } from './grade-suggestion';

const electronics = checklistOf('electronics');
const clothing = checklistOf('clothing');
const homeGarden = checklistOf('home-garden');

/** Every check of `category` passed, with `overrides` on top. */
const allPass = (category: string, overrides: Record<string, ChecklistAnswer | undefined> = {}) => ({
  ...Object.fromEntries(checklistOf(category).filter((i) => i.kind === 'check').map((i) => [i.key, 'pass' as const])),
  ...overrides,
});

describe('the suggested grade', () => {
  it('has nothing to suggest before a check is answered', () => {
    expect(suggestGrade(electronics, {})).toBeNull();
    expect(suggestGrade(electronics, { battery_health: 95, accessories: 'charger' })).toBeNull();
  });

  it('suggests Open Box when every check passes: a return is at best opened', () => {
    expect(suggestGrade(electronics, allPass('electronics', { battery_health: 97 }))).toEqual({ grade: 'OPEN_BOX', reasons: ['Every check passed'], unanswered: 0 });
  });

  it('counts a check that does not apply as no fault', () => {
    expect(suggestGrade(electronics, allPass('electronics', { wifi: 'na' }))?.grade).toBe('OPEN_BOX');
  });

  it('suggests New in Box for clothing with its tags attached and every check passed', () => {
    expect(suggestGrade(clothing, allPass('clothing'))).toEqual({ grade: 'NEW_IN_BOX', reasons: ['Tags attached and every check passed'], unanswered: 0 });
  });

  it('suggests at best Lightly Used for clothing without tags', () => {
    expect(suggestGrade(clothing, allPass('clothing', { tags_attached: 'fail' }))).toEqual({ grade: 'LIGHTLY_USED', reasons: ['Tags not attached'], unanswered: 0 });
  });

  it('suggests For Parts when the item fails at what it is for', () => {
    expect(suggestGrade(electronics, allPass('electronics', { powers_on: 'fail' }))).toEqual({ grade: 'FOR_PARTS', reasons: ['Powers on: failed'], unanswered: 0 });
    expect(suggestGrade(homeGarden, allPass('home-garden', { safety: 'fail' }))?.grade).toBe('FOR_PARTS');
  });

  it('suggests Used when a lesser check fails', () => {
    expect(suggestGrade(electronics, allPass('electronics', { wifi: 'fail' }))).toEqual({ grade: 'USED', reasons: ['Wi-Fi connects: failed'], unanswered: 0 });
    expect(suggestGrade(clothing, allPass('clothing', { clean: 'fail' }))?.grade).toBe('USED');
  });

  it('reads a battery below 80% as Used and below 90% as at best Lightly Used', () => {
    expect(suggestGrade(electronics, allPass('electronics', { battery_health: 79 }))).toEqual({
      grade: 'USED',
      reasons: ['Battery health 79% (below 80%)'],
      unanswered: 0,
    });
    expect(suggestGrade(electronics, allPass('electronics', { battery_health: 80 }))?.grade).toBe('LIGHTLY_USED');
    expect(suggestGrade(electronics, allPass('electronics', { battery_health: 89 }))?.grade).toBe('LIGHTLY_USED');
    expect(suggestGrade(electronics, allPass('electronics', { battery_health: 90 }))?.grade).toBe('OPEN_BOX');
  });

  it("takes written flaws as wear, but not 'none'", () => {
    expect(suggestGrade(homeGarden, allPass('home-garden', { flaws: 'scratch on the base' }))).toEqual({ grade: 'LIGHTLY_USED', reasons: ['Flaws noted'], unanswered: 0 });
    expect(suggestGrade(homeGarden, allPass('home-garden', { flaws: 'None.' }))?.grade).toBe('OPEN_BOX');
    expect(suggestGrade(homeGarden, allPass('home-garden', { flaws: 'n/a' }))?.grade).toBe('OPEN_BOX');
  });

  it('lets the worst finding decide, and gives every reason worst first', () => {
    const suggestion = suggestGrade(electronics, allPass('electronics', { battery_health: 85, wifi: 'fail', screen: 'fail' }));
    expect(suggestion).toEqual({
      grade: 'FOR_PARTS',
      reasons: ['Screen: no dead pixels or cracks: failed', 'Wi-Fi connects: failed', 'Battery health 85% (below 90%)'],
      unanswered: 0,
    });
  });

  it('suggests from the checks answered so far and says how many are left', () => {
    expect(suggestGrade(electronics, { powers_on: 'pass', screen: 'pass' })).toEqual({
      grade: 'OPEN_BOX',
      reasons: ['Every check answered so far passed'],
      unanswered: 2,
    });
  });

  it('leaves out answers the checklist does not ask', () => {
    expect(suggestGrade(clothing, allPass('clothing', { powers_on: 'fail' }))?.grade).toBe('NEW_IN_BOX');
  });
});
