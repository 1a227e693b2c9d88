import { forwardRef, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, errorStatus, Input, Label, useNavigate } from '@pl/ui';
import { Spinner } from '../../../shared/components/spinner.js';
import { findByCode } from '../api/find-by-code.js';
import { deskQueryOf, INTAKE_SEARCH_MAX_LENGTH, intakeSearchOf, isScannableCode, scanOutcome, type DeskLinkState, type DeskSearch } from '../utils/intake-queue.js';

interface Props {
  search: DeskSearch;
  onSearch: (search: DeskSearch) => void;
}

/**
 * The scan field. A barcode scanner types the code and Enter into the focused field, so the field
 * asks nothing while typing and everything on Enter: text shaped like a sku is first looked up as
 * an exact code (a barcode is the unit's sku), and when one listing has it, that listing opens;
 * otherwise, or for any other text, the queue below is searched for it (title, brand or sku).
 */
export const IntakeSearchForm = forwardRef<HTMLInputElement, Props>(function IntakeSearchForm({ search, onSearch }, ref) {
  const navigate = useNavigate();
  const [text, setText] = useState(search.q ?? '');
  useEffect(() => setText(search.q ?? ''), [search.q]);
  const [looking, setLooking] = useState<string>();
  const [note, setNote] = useState('');
  const lookup = useRef<AbortController | null>(null);
  useEffect(() => () => lookup.current?.abort(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A second scan while the first is looked up: the newer one wins.
    lookup.current?.abort();
    const q = intakeSearchOf(text);
    setNote('');
    if (!q || !isScannableCode(q)) {
      onSearch({ ...search, q });
      return;
    }
    const controller = new AbortController();
    lookup.current = controller;
    setLooking(q);
    try {
      const outcome = scanOutcome(await findByCode(q, controller.signal));
      if ('open' in outcome) {
        const state: DeskLinkState = { deskSearch: deskQueryOf(search) };
        navigate(`/admin/intake/${encodeURIComponent(outcome.open)}`, { state });
        return;
      }
      onSearch({ ...search, q });
    } catch (error) {
      if (controller.signal.aborted) return;
      // The search below still answers (and shows a lost session as the page does).
      if (errorStatus(error) !== 401 && errorStatus(error) !== 403) setNote(`Couldn't look up the code ${q}; showing the search instead.`);
      onSearch({ ...search, q });
    } finally {
      if (lookup.current === controller) {
        lookup.current = null;
        setLooking(undefined);
      }
    }
  };

  return (
    <form role="search" aria-label="Listings" className="adm-intake-search" onSubmit={(e) => void submit(e)}>
      <Label htmlFor="adm-intake-q">Scan a barcode, or search by SKU or title</Label>
      <div className="adm-order-search__row">
        <Input
          ref={ref}
          id="adm-intake-q"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={INTAKE_SEARCH_MAX_LENGTH}
          aria-describedby="adm-intake-q-hint"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" variant="outline" aria-busy={looking !== undefined || undefined}>
          {looking !== undefined && <Spinner />}
          Find
        </Button>
      </div>
      <p id="adm-intake-q-hint" className="adm-hint">
        A scanned code that is one listing's SKU opens that listing.
      </p>
      <p className="adm-intake-search__status" role="status">
        {looking !== undefined ? `Looking up ${looking}…` : note}
      </p>
    </form>
  );
});
