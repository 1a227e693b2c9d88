import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { Input } from './input.js';
import { Label } from './label.js';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: ReactNode;
  /** A validation message shown under the input; marks the input invalid and describes it. */
  error?: string;
}

/**
 * A labelled input with its validation message, wired for assistive technology: the label names
 * the input, `aria-invalid` marks it while an error shows, and the error describes it.
 */
export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField({ id, label, error, ...input }, ref) {
  const errorId = `${id}-error`;
  return (
    <div className="pl-field">
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="pl-field__error">
          {error}
        </p>
      )}
    </div>
  );
});
