import { useId } from 'react';
import type { Variant } from '@pl/contracts';
import { cx, formatPrice } from '@pl/ui';
import { stockLabel } from '../utils/stock-label.js';

/**
 * Choosing between a product's variants (shown only when it has several). Variants carry no
 * option names on the wire, so each is told apart by its SKU, price and stock.
 */
export function VariantPicker({ variants, selectedId, onSelect }: { variants: readonly Variant[]; selectedId: string; onSelect: (id: string) => void }) {
  const name = useId();
  return (
    <fieldset className="cat-variant-picker">
      <legend className="cat-detail__subheading">Choose an option</legend>
      <div className="cat-variant-picker__options">
        {variants.map((v) => {
          const checked = v.id === selectedId;
          return (
            <label key={v.id} className={cx('cat-variant-option', checked && 'cat-variant-option--on')} data-sku={v.sku}>
              <input type="radio" name={name} value={v.id} checked={checked} onChange={() => onSelect(v.id)} />
              <span className="cat-variant-option__sku">{v.sku}</span>
              <span className="pl-price">{formatPrice(v.price)}</span>
              <span className="pl-muted cat-variant-option__stock">{stockLabel(v.totalAvailable).label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
