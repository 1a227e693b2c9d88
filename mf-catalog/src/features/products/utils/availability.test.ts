import { buildProduct, buildVariant } from '../testing/build-product';
import { leadVariant, levelAvailable, variantAvailable } from './availability';

describe('availability', () => {
  it('sums max(0, onHand − reserved) over every location', () => {
    expect(
      variantAvailable([
        { onHand: 5, reserved: 2 },
        { onHand: 1, reserved: 0 },
      ]),
    ).toBe(4);
  });

  it('does not let an over-reserved location take stock from another', () => {
    // Σ onHand − Σ reserved would say 3; the over-reserved store cannot lend the other's stock.
    expect(
      variantAvailable([
        { onHand: 1, reserved: 3 },
        { onHand: 5, reserved: 0 },
      ]),
    ).toBe(5);
    expect(levelAvailable({ onHand: 1, reserved: 3 })).toBe(0);
  });

  it('is zero without any inventory level', () => {
    expect(variantAvailable([])).toBe(0);
  });
});

describe('leadVariant', () => {
  it('shows the first variant that can be bought', () => {
    const soldOut = buildVariant({ id: 'a', totalAvailable: 0 });
    const inStock = buildVariant({ id: 'b', totalAvailable: 2 });
    expect(leadVariant(buildProduct({ variants: [soldOut, inStock] }))?.id).toBe('b');
  });

  it('falls back to the first variant when every one is sold out, and to nothing without variants', () => {
    const a = buildVariant({ id: 'a', totalAvailable: 0 });
    const b = buildVariant({ id: 'b', totalAvailable: 0 });
    expect(leadVariant(buildProduct({ variants: [a, b] }))?.id).toBe('a');
    expect(leadVariant(buildProduct({ variants: [] }))).toBeUndefined();
  });
});
