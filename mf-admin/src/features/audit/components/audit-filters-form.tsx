import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Input, Label, Select } from '@pl/ui';
import { DayFilter } from '../../../shared/components/day-filter.js';
import { useShownFilters } from '../../../shared/components/use-shown-filters.js';
import { actorSearchOf, AUDIT_ACTION_OPTIONS, AUDIT_ACTOR_MAX_LENGTH, changeAuditFilters, hasAuditFilters, type AuditFilters } from '../utils/audit-filters.js';

interface Props {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
}

/**
 * Who, what and when. A choice applies at once; the name waits for Enter or its button, so the list
 * does not jump while it is typed.
 */
export function AuditFiltersForm({ filters, onChange }: Props) {
  const whoRef = useRef<HTMLInputElement>(null);
  const { shown, set, clear: clearAll } = useShownFilters(filters, onChange, changeAuditFilters);

  const [text, setText] = useState(filters.actor ?? '');
  useEffect(() => setText(filters.actor ?? ''), [filters.actor]);
  const submitWho = (event: FormEvent) => {
    event.preventDefault();
    set({ actor: actorSearchOf(text) });
  };
  const clear = () => {
    clearAll();
    setText('');
    // The button goes away with the filters: keep the keyboard in the form.
    whoRef.current?.focus();
  };
  const known = AUDIT_ACTION_OPTIONS.some((o) => o.value === shown.action);

  return (
    <div className="adm-order-filters">
      <form role="search" aria-label="Audit log" className="adm-order-search" onSubmit={submitWho}>
        <Label htmlFor="adm-audit-who">Who</Label>
        <div className="adm-order-search__row">
          <Input
            id="adm-audit-who"
            ref={whoRef}
            type="search"
            placeholder="Admin's name"
            autoComplete="off"
            maxLength={AUDIT_ACTOR_MAX_LENGTH}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </div>
      </form>
      <fieldset className="adm-order-filter-grid">
        <legend className="pl-visually-hidden">Filters</legend>
        <div className="adm-order-filter">
          <Label htmlFor="adm-audit-what">What</Label>
          <Select id="adm-audit-what" value={shown.action ?? ''} onChange={(e) => set({ action: e.target.value || undefined })}>
            <option value="">Every action</option>
            {/* An action from a link that the list does not name stays choosable. */}
            {shown.action && !known && <option value={shown.action}>{shown.action}</option>}
            {AUDIT_ACTION_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
        <DayFilter id="adm-audit-from" label="From" value={shown.from} max={shown.to} onChange={(from) => set({ from })} />
        <DayFilter id="adm-audit-to" label="To" value={shown.to} min={shown.from} onChange={(to) => set({ to })} />
        {hasAuditFilters(shown) && (
          <div className="adm-order-filter adm-order-filter--end">
            <Button variant="ghost" onClick={clear}>
              Clear filters
            </Button>
          </div>
        )}
      </fieldset>
    </div>
  );
}
