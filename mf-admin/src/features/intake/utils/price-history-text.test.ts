import { priceChangedByText, PRICE_SOURCE_TEXT } from './price-history-text';

describe('a price change in words', () => {
  it('names its source and who made it: the rule of a markdown, the admin, nobody for the POS', () => {
    expect([PRICE_SOURCE_TEXT.markdown, PRICE_SOURCE_TEXT.pos, PRICE_SOURCE_TEXT.admin, PRICE_SOURCE_TEXT.manifest]).toEqual(['Markdown', 'POS', 'Admin', 'Manifest']);
    expect(priceChangedByText({ source: 'markdown', actor: 'Gaming after 30 days' })).toBe('rule “Gaming after 30 days”');
    expect(priceChangedByText({ source: 'admin', actor: 'Ada Admin' })).toBe('Ada Admin');
    expect(priceChangedByText({ source: 'pos', actor: null })).toBeNull();
  });
});
