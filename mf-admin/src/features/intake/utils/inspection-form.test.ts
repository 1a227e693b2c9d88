import { checklistOf } from '@pl/contracts';
import { answersSoFar, errorSummaryText, firstNameOf, gradeToSave, inspectionInputOf, inspectorNameOf, percentOf, signedAsLabel } from './inspection-form';

const electronics = checklistOf('electronics');
const passed = { powers_on: 'pass', screen: 'pass', ports: 'na', wifi: 'fail' };

describe('a percent as typed', () => {
  it('reads whole numbers from 0 to 100', () => {
    expect(percentOf('0')).toBe(0);
    expect(percentOf(' 89 ')).toBe(89);
    expect(percentOf('100')).toBe(100);
  });

  it('reads nothing else', () => {
    expect(percentOf('')).toBeUndefined();
    expect(percentOf('101')).toBeUndefined();
    expect(percentOf('-1')).toBeUndefined();
    expect(percentOf('89.5')).toBeUndefined();
    expect(percentOf('ninety')).toBeUndefined();
  });
});

describe('the answers so far', () => {
  it('keeps what is answered and readable, as the checklist asks it', () => {
    expect(answersSoFar(electronics, { ...passed, battery_health: '87', accessories: '  charger  ', unknown: 'pass' })).toEqual({
      powers_on: 'pass',
      screen: 'pass',
      ports: 'na',
      wifi: 'fail',
      battery_health: 87,
      accessories: 'charger',
    });
  });

  it('leaves out the unanswered and the unreadable', () => {
    expect(answersSoFar(electronics, { powers_on: '', battery_health: '150', accessories: '   ' })).toEqual({});
  });
});

describe('the grade saved', () => {
  it('is the one picked by hand, else the suggestion', () => {
    const suggestion = { grade: 'USED' as const, reasons: [], unanswered: 0 };
    expect(gradeToSave('OPEN_BOX', suggestion)).toBe('OPEN_BOX');
    expect(gradeToSave(null, suggestion)).toBe('USED');
    expect(gradeToSave(null, null)).toBeNull();
  });
});

describe('the inspection sent', () => {
  it('sends the answers, the grade, the notes and the name shoppers see', () => {
    expect(inspectionInputOf(electronics, { ...passed, battery_health: '91' }, 'USED', '  Scratch on the lid  ', 'Sam')).toEqual({
      input: { answers: { ...passed, battery_health: 91 }, grade: 'USED', notes: 'Scratch on the lid', inspectorName: 'Sam' },
    });
  });

  it('sends empty notes as none', () => {
    expect(inspectionInputOf(electronics, passed, 'USED', '   ').input?.notes).toBeNull();
  });

  it('asks for every check, a readable percent and a grade, in the form’s order', () => {
    const result = inspectionInputOf(electronics, { powers_on: 'pass', battery_health: '120' }, null, '');
    expect(result.errors).toEqual({
      'answer-screen': 'Choose pass, fail or does not apply.',
      'answer-ports': 'Choose pass, fail or does not apply.',
      'answer-wifi': 'Choose pass, fail or does not apply.',
      'answer-battery_health': 'Enter a whole number from 0 to 100, or leave it empty.',
      grade: 'Choose a grade.',
    });
    expect(Object.keys(result.errors ?? {})[0]).toBe('answer-screen');
  });

  it('says how many fields to fix', () => {
    expect(errorSummaryText({ grade: 'Choose a grade.' })).toBe('Fix 1 field before saving.');
    expect(errorSummaryText({ a: '1', b: '2' })).toBe('Fix 2 fields before saving.');
  });
});

describe('who shoppers are told inspected', () => {
  it("signs with the admin's first name when chosen and known, else leaves it to the shop ('our team')", () => {
    expect(inspectorNameOf('first_name', 'Sam')).toBe('Sam');
    expect(inspectorNameOf('first_name', undefined)).toBeNull();
    expect(inspectorNameOf('team', 'Sam')).toBeNull();
  });

  it('reads a first name without spaces around it, and none when blank', () => {
    expect(firstNameOf('  Sam ')).toBe('Sam');
    expect(firstNameOf('   ')).toBeUndefined();
    expect(firstNameOf(null)).toBeUndefined();
    expect(firstNameOf('x'.repeat(80))).toHaveLength(60);
  });

  it('names each choice', () => {
    expect(signedAsLabel('first_name', 'Sam')).toBe('Sam (your first name)');
    expect(signedAsLabel('team', 'Sam')).toBe('our team');
  });
});
