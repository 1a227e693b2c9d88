import { CategoryIds } from '@pl/contracts';
import { CATEGORY_OPTIONS, changedText, floorText, intervalText, previewCountText, runOutcomeText, scopeText, startedByText, stepText, whyText } from './markdown-text';

const change = { stepDays: 30, percentOff: 10, floorHit: false };

describe('markdowns in words', () => {
  it("offers every category of the catalog's, and says which listings a rule is for", () => {
    expect(CATEGORY_OPTIONS.map((o) => o.value)).toEqual([...CategoryIds]);
    expect(CATEGORY_OPTIONS.find((o) => o.value === 'mobile-devices')?.label).toBe('Mobile Devices');
    expect(scopeText({ category: 'gaming', grade: 'USED' })).toBe('Gaming · Used');
    expect(scopeText({ category: null, grade: 'OPEN_BOX' })).toBe('Open Box');
    expect(scopeText({ category: null, grade: null })).toBe('Every listing');
  });

  it('names a step as the price history does, and the floor', () => {
    expect(stepText({ days: 60, percentOff: 25 })).toBe('60 days on sale: 25% off');
    expect(floorText({ floorPercentOfRetail: 50, floorAtCost: true })).toBe('Never below 50% of retail or the unit cost');
    expect(floorText({ floorPercentOfRetail: 0, floorAtCost: false })).toBe('Never below 0% of retail');
    expect(floorText({ floorPercentOfRetail: null, floorAtCost: true })).toBe('Never below the unit cost');
    expect(floorText({ floorPercentOfRetail: null, floorAtCost: false })).toBe('No floor');
  });

  it('says why a price changes, and when the floor held it', () => {
    expect(whyText(change)).toBe('30 days on sale: 10% off');
    expect(whyText({ ...change, floorHit: true })).toBe('30 days on sale: 10% off, held at the floor');
  });

  it('counts what the next run changes, saying when only the first are listed', () => {
    expect(previewCountText({ changes: [], total: 0 })).toBe('The next run changes no prices.');
    expect(previewCountText({ changes: [{} as never], total: 1 })).toBe('The next run changes 1 price.');
    expect(previewCountText({ changes: new Array(200).fill({}), total: 1234 })).toBe('The next run changes 1,234 prices; the first 200 are listed, oldest listings first.');
  });

  it('tells a run: what it changed, who started it, how often the schedule runs', () => {
    expect([changedText(0), changedText(1), changedText(3)]).toEqual(['No price changed', '1 price changed', '3 prices changed']);
    expect([runOutcomeText(0), runOutcomeText(2)]).toEqual(['Run finished: no price changed.', 'Run finished: 2 prices changed.']);
    expect(startedByText({ trigger: 'manual', startedByName: 'Ada Admin' })).toBe('By Ada Admin');
    expect(startedByText({ trigger: 'manual', startedByName: null })).toBe('By an admin');
    expect(startedByText({ trigger: 'schedule', startedByName: null })).toBe('On schedule');
    expect([intervalText(24), intervalText(168), intervalText(1), intervalText(0.5), intervalText(12), intervalText(1.5)]).toEqual([
      'every 24 hours (daily)',
      'every 168 hours (weekly)',
      'every hour',
      'every 30 minutes',
      'every 12 hours',
      'every 1.5 hours',
    ]);
  });
});
