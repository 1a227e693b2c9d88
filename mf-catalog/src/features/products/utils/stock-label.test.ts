import { LOW_STOCK_THRESHOLD, stockLabel } from './stock-label';

describe('stockLabel', () => {
  it('labels stock as the spec says: Sold Out, One left!, Low stock up to 5, then In Stock (n)', () => {
    expect(stockLabel(0).label).toBe('Sold Out');
    expect(stockLabel(1).label).toBe('One left!');
    expect(stockLabel(2).label).toBe('Low stock');
    expect(stockLabel(5).label).toBe('Low stock');
    expect(stockLabel(6).label).toBe('In Stock (6)');
    expect(stockLabel(120).label).toBe('In Stock (120)');
  });

  it('uses the spec\'s low-stock threshold of 5', () => {
    expect(LOW_STOCK_THRESHOLD).toBe(5);
  });

  it('treats a negative count as sold out', () => {
    expect(stockLabel(-1).label).toBe('Sold Out');
  });

  it('colours the levels differently so they can be told apart at a glance', () => {
    const tones = [0, 1, 3, 10].map((n) => stockLabel(n).tone);
    expect(new Set(tones).size).toBe(4);
  });
});
