import { priceDropText } from './price-drop';

describe('priceDropText', () => {
  it('tells the amount and the day of a true drop', () => {
    expect(priceDropText({ amount: '40.00', from: '199.00', on: '2026-11-28T06:00:00.000Z' })).toBe('Price dropped $40.00 on Nov 28, 2026');
  });

  it('tells nothing without a drop the catalog proved, or with a date it cannot read', () => {
    expect([priceDropText(null), priceDropText(undefined), priceDropText({ amount: '1.00', from: '2.00', on: 'someday' })]).toEqual([null, null, null]);
  });
});
