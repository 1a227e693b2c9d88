import { useEffect, useState } from 'react';
import { Input, Label } from '@pl/ui';
import { isCompleteDay } from '../utils/date-text.js';

interface DayFilterProps {
  id: string;
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (day: string | undefined) => void;
}

/** A date input that applies a whole day (or its clearing), and keeps a half-typed one to itself. */
export function DayFilter({ id, label, value, min, max, onChange }: DayFilterProps) {
  const [typed, setTyped] = useState(value ?? '');
  useEffect(() => setTyped(value ?? ''), [value]);
  return (
    <div className="adm-order-filter">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={typed}
        min={min}
        max={max}
        onChange={(e) => {
          setTyped(e.target.value);
          if (isCompleteDay(e.target.value)) onChange(e.target.value || undefined);
        }}
      />
    </div>
  );
}
