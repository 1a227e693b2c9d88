import { moneyInput, outcomeText, progressPercent, sizeText, timeLeftText } from './manifest-text';

describe('manifest texts', () => {
  it('says how far an import is in whole percent', () => {
    expect([progressPercent({ rowsDone: 0, totalRows: 200 }), progressPercent({ rowsDone: 199, totalRows: 200 }), progressPercent({ rowsDone: 200, totalRows: 200 })]).toEqual([0, 99, 100]);
  });

  it('says the time left roughly, and nothing before there is a pace', () => {
    expect([null, 3, 42, 61, 600].map(timeLeftText)).toEqual([null, 'less than 5 seconds left', 'about 40 seconds left', 'about 1 minute left', 'about 10 minutes left']);
  });

  it('counts outcomes in words', () => {
    expect(outcomeText({ created: 1, added: 0, refused: 3 })).toBe('Created 1 draft listing, added units to 0 listings, refused 3 rows');
    expect(outcomeText({ created: 12000, added: 1, refused: 1 })).toBe('Created 12,000 draft listings, added units to 1 listing, refused 1 row');
  });

  it('reads an amount as typed, or says it is none or not an amount', () => {
    expect(['', '1200', '$1,200.5', '12.345', 'ten'].map(moneyInput)).toEqual([null, '1200.00', '1200.50', undefined, undefined]);
  });

  it('sizes files for people', () => {
    expect([820, 14_540, 5_138_022].map(sizeText)).toEqual(['820 B', '14.2 KB', '4.9 MB']);
  });
});
