import { useEffect, useState } from 'react';

/**
 * A filter form's controls show the filters as chosen, a render ahead of the URL: the router applies
 * a new query in a transition, and a controlled select or checkbox would meanwhile snap back. Quick
 * changes in a row also build on each other this way. `set` applies one change (merged by `change`),
 * `clear` applies none.
 */
export function useShownFilters<F extends object>(filters: F, onChange: (filters: F) => void, change: (filters: F, change: F) => F) {
  const [shown, setShown] = useState(filters);
  useEffect(() => setShown(filters), [filters]);
  const apply = (next: F) => {
    setShown(next);
    onChange(next);
  };
  return { shown, set: (delta: F) => apply(change(shown, delta)), clear: () => apply({} as F) };
}
