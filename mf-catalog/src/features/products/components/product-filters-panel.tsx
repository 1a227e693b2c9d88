import { useId, useState, type FormEvent } from 'react';
import { ConditionGrades, type CategoryId, type ConditionGrade } from '@pl/contracts';
import { Button, Checkbox, conditionBadgeLook, Input, Label, Select } from '@pl/ui';
import { categories } from '../../../shared/utils/category-list.js';
import { clearFilters, readPriceRange, type ProductFilters } from '../utils/product-filters.js';

export interface ProductFiltersPanelProps {
  id: string;
  filters: ProductFilters;
  onApply: (filters: ProductFilters) => void;
}

/**
 * The products page's filters (category, condition, price range, in stock only). Edits stay a
 * draft until 'Apply filters'; 'Clear filters' resets them at once. Both go to the URL.
 */
export function ProductFiltersPanel({ id, filters, onApply }: ProductFiltersPanelProps) {
  const uid = useId();
  const [category, setCategory] = useState<CategoryId | ''>(filters.category ?? '');
  const [conditions, setConditions] = useState<ConditionGrade[]>(filters.conditions);
  const [minPrice, setMinPrice] = useState(filters.minPrice ?? '');
  const [maxPrice, setMaxPrice] = useState(filters.maxPrice ?? '');
  const [inStock, setInStock] = useState(filters.inStock);
  const [priceError, setPriceError] = useState<{ field: 'minPrice' | 'maxPrice'; message: string } | null>(null);

  const toggle = (grade: ConditionGrade, on: boolean) =>
    setConditions((prev) => (on ? [...prev, grade] : prev.filter((g) => g !== grade)));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const range = readPriceRange(minPrice, maxPrice);
    if (!range.ok) {
      setPriceError({ field: range.field, message: range.message });
      return;
    }
    setPriceError(null);
    const next: ProductFilters = { ...clearFilters(filters), conditions, inStock };
    if (category) next.category = category;
    if (range.minPrice) next.minPrice = range.minPrice;
    if (range.maxPrice) next.maxPrice = range.maxPrice;
    onApply(next);
  };

  const clear = () => {
    setCategory('');
    setConditions([]);
    setMinPrice('');
    setMaxPrice('');
    setInStock(false);
    setPriceError(null);
    onApply(clearFilters(filters));
  };

  const errorId = `${uid}-price-error`;
  return (
    <form id={id} className="cat-filters" onSubmit={apply} aria-label="Product filters" noValidate>
      <div className="cat-filters__grid">
        <div>
          <Label htmlFor={`${uid}-category`}>Category</Label>
          <Select id={`${uid}-category`} value={category} onChange={(e) => setCategory(e.target.value as CategoryId | '')}>
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        <fieldset className="cat-filters__fieldset">
          <legend className="pl-label">Condition</legend>
          <div className="cat-filters__options">
            {ConditionGrades.map((grade) => (
              <Checkbox
                key={grade}
                label={conditionBadgeLook(grade).label}
                value={grade}
                checked={conditions.includes(grade)}
                onChange={(e) => toggle(grade, e.target.checked)}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="cat-filters__fieldset">
          <legend className="pl-label">Price</legend>
          <div className="cat-filters__price">
            <label className="pl-visually-hidden" htmlFor={`${uid}-min`}>
              Minimum price
            </label>
            <Input
              id={`${uid}-min`}
              inputMode="decimal"
              placeholder="Min $"
              value={minPrice}
              onChange={(e) => {
                setMinPrice(e.target.value);
                setPriceError(null);
              }}
              aria-invalid={priceError?.field === 'minPrice' || undefined}
              aria-describedby={priceError ? errorId : undefined}
            />
            <span aria-hidden="true">to</span>
            <label className="pl-visually-hidden" htmlFor={`${uid}-max`}>
              Maximum price
            </label>
            <Input
              id={`${uid}-max`}
              inputMode="decimal"
              placeholder="Max $"
              value={maxPrice}
              onChange={(e) => {
                setMaxPrice(e.target.value);
                setPriceError(null);
              }}
              aria-invalid={priceError?.field === 'maxPrice' || undefined}
              aria-describedby={priceError ? errorId : undefined}
            />
          </div>
          {priceError && (
            <p id={errorId} className="pl-field__error" role="alert">
              {priceError.message}
            </p>
          )}
        </fieldset>
        <fieldset className="cat-filters__fieldset">
          <legend className="pl-label">Availability</legend>
          <Checkbox label="In stock only" checked={inStock} onChange={(e) => setInStock(e.target.checked)} />
        </fieldset>
      </div>
      <div className="cat-filters__actions">
        <Button type="submit">Apply filters</Button>
        <Button variant="outline" onClick={clear}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
