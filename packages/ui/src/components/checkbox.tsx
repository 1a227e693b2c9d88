import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './class-names.js';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The visible label; clicking it toggles the box. */
  label: ReactNode;
}

/** A native checkbox in the brand colour with its label beside it. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, className, ...rest }, ref) {
  return (
    <label className={cx('pl-checkbox', className)}>
      <input ref={ref} type="checkbox" className="pl-checkbox__input" {...rest} />
      <span>{label}</span>
    </label>
  );
});
