import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cx } from './class-names.js';

/** A native select styled like Input: keyboard, screen reader and mobile pickers work as the platform's do. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, ...rest },
  ref,
) {
  return <select ref={ref} className={cx('pl-input', 'pl-select', className)} {...rest} />;
});
