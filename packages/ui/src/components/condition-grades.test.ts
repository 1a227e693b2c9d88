import { ConditionGrades } from '@pl/contracts';
import { conditionBadgeLook, conditionGradeInfo, conditionGrades } from './condition-grades';

describe('condition grade badges', () => {
  it('labels every grade as the spec names it', () => {
    expect(ConditionGrades.map((g) => conditionBadgeLook(g).label)).toEqual([
      'New in Box',
      'Open Box',
      'Lightly Used',
      'Used',
      'For Parts',
    ]);
  });

  it('gives every known grade its own colour', () => {
    const tones = ConditionGrades.map((g) => conditionBadgeLook(g).tone);
    expect(tones.every((t) => t !== undefined)).toBe(true);
    expect(new Set(tones).size).toBe(ConditionGrades.length);
  });

  it('shows an unknown grade as its raw value with no colour of its own', () => {
    expect(conditionBadgeLook('REFURBISHED')).toEqual({ label: 'REFURBISHED', tone: undefined });
    expect(conditionBadgeLook('new_in_box')).toEqual({ label: 'new_in_box', tone: undefined });
    expect(conditionGradeInfo('REFURBISHED')).toBeUndefined();
  });

  it('explains every grade in the order best to worst', () => {
    expect(conditionGrades.map((g) => g.grade)).toEqual([...ConditionGrades]);
    for (const g of conditionGrades) expect(g.meaning.length).toBeGreaterThan(20);
  });
});
